import type { Scope, Transport } from '../schemas';

/** Who wrote a settings file: the organization, the user, the team (shared) or the user for one project. */
export type SettingsSource = 'managed' | 'user' | 'project' | 'local';

/** What a stored entry runs on; `unknown` for a shape Claude Code would not start. */
export type ServerTransport = Transport | 'unknown';

/** Approval state of a project-scope (`.mcp.json`) server, from the settings files (approvals.ts). */
export type Approval = 'approved' | 'rejected' | 'pending';

/** Where an entry is kept: the three scopes the CLI writes, and two it only reads. */
export type ServerScope = Scope | 'managed' | 'plugin';

/**
 * What Claude Code does with the entry in the project (docs/api.md#status); `disabled`: turned off in MCP
 * Admin, so not in Claude Code's config at all but in MCP Admin's stash.
 */
export type ServerStatus =
  | 'active'
  | 'shadowed'
  | 'pending'
  | 'rejected'
  | 'disabled-in-project'
  | 'disabled'
  | 'blocked'
  | 'overridden';

/** A file the view could not use; the rest of the view stands without it. */
export interface ConfigProblem {
  file: string;
  message: string;
}

/** One server as the config files hold it, normalized for display (docs/api.md#mcplist). */
export interface Server {
  name: string;
  scope: ServerScope;
  transport: ServerTransport;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  url?: string;
  headers?: Record<string, string>;
  approval?: Approval;
  /** Project scope: approved in the project's own settings, which Claude Code counts once the folder is trusted. */
  awaitsTrust?: true;
  status: ServerStatus;
  /** One sentence naming the file and key that decide `status`. */
  statusReason: string;
  /** The scope whose entry of the same name wins (local > project > user). */
  shadowedBy?: ServerScope;
  /**
   * A rejected project server: whose settings file lists it in `disabledMcpjsonServers` (`local`,
   * the user's own `.claude/settings.local.json`, is the only one the panel's switch writes).
   */
  rejectedBy?: SettingsSource;
  /** `${VAR}`s without a default that the environment does not set. */
  missingEnv?: string[];
  /** Turned off in MCP Admin: the entry is kept in its stash, `source`. */
  disabled?: true;
  /** Managed and plugin entries: this product cannot change them. */
  readOnly?: true;
  /** The plugin (`plugin@marketplace`) a plugin-scope server comes from. */
  plugin?: string;
  /** The file the entry was read from. */
  source?: string;
  /** The entry's other stored fields (`oauth`, `headersHelper`, `timeout`, `alwaysLoad`, …). */
  extra?: Record<string, unknown>;
  /**
   * The env or header names whose values the OS keychain keeps (under `ref`), MCP Admin's launcher
   * or headersHelper reading them: the row shows the server as written, not the launcher.
   */
  keychain?: { ref: string; env: string[]; headers: string[] };
  /** http/sse: whether Claude Code holds an OAuth token for it; absent where that cannot be known. */
  auth?: 'signed-in' | 'signed-out';
  /** Signed in: when the stored access token expires (ms since the epoch), as the token store says. */
  authExpiresAt?: number;
  /** Signed in with a refresh token: Claude Code renews an expired access token when it connects. */
  authRefreshable?: true;
}

export interface ServerList {
  configPath: string;
  projectPath: string;
  servers: Server[];
  /** Files of the view that could not be read. */
  problems: ConfigProblem[];
}

export interface KnownProject {
  path: string;
  localCount: number;
  hasMcpJson: boolean;
}
