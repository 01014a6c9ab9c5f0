import { projectSettings, readClaudeConfig, readMcpJson } from '../config';
import type { StoredServers } from '../config';
import { localProjectKey, projectMcpJsonPath } from '../config';
import type { Scope } from '../schemas';

/**
 * The entries one scope holds, exactly as stored: user and local (the project's key) from
 * `.claude.json`, project from the project dir's own `.mcp.json`, the file the CLI writes.
 */
export async function readScopeEntries(
  configPath: string,
  projectPath: string,
  scope: Scope,
): Promise<StoredServers> {
  if (scope === 'project') return (await readMcpJson(await projectMcpJsonPath(projectPath))) ?? new Map();
  const config = await readClaudeConfig(configPath);
  if (scope === 'user') return config.userServers;
  return projectSettings(config.projects.get(await localProjectKey(projectPath))).servers;
}
