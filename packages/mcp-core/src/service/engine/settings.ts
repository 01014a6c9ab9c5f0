/** The settings every part of the service reads, as the caller gave them (paths absolute, the project normalized). */
export interface ServiceSettings {
  configPath: string;
  claudeDir: string;
  /** The folder of managed-mcp.json and managed-settings.json. */
  managedDir: string;
  /** The project for local and project scope when a call names none. */
  defaultProject: string;
  /** The environment Claude Code starts servers with (every CLI spawn inherits it). */
  spawnEnv: NodeJS.ProcessEnv;
  /** Claude Code's OAuth token store; undefined where it is not a file (the OS keychain). */
  credentialsPath: string | undefined;
  homeDir: string;
  appData: string | undefined;
  cliTimeoutMs: number;
  /** Where faults that do not fail a call are reported. */
  logWarning: (message: string) => void;
}
