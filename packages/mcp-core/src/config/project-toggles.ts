/**
 * Claude Code's per-project off (`/mcp`): the names in `projects[<key>].disabledMcpServers` of
 * `.claude.json`, the project keyed as local scope is (its git root, else the folder itself).
 */
import { projectSettings, readClaudeConfig } from './claude-config';
import { localProjectKey } from './project-key';

export interface ProjectToggles {
  /** The `projects` key Claude Code uses for the project. */
  projectKey: string;
  /** The servers turned off for that project. */
  disabled: readonly string[];
  /** `hasTrustDialogAccepted` of that key: the folder is trusted. */
  trusted: boolean;
}

export async function readProjectToggles(configPath: string, projectPath: string): Promise<ProjectToggles> {
  const [config, projectKey] = await Promise.all([
    readClaudeConfig(configPath),
    localProjectKey(projectPath),
  ]);
  const stored = config.projects.get(projectKey);
  const settings = stored === undefined ? undefined : projectSettings(stored);
  return {
    projectKey,
    disabled: settings?.disabledMcpServers ?? [],
    trusted: settings?.hasTrustDialogAccepted ?? false,
  };
}
