/**
 * `managed-mcp.json`, the organization's MCP config: while it exists, Claude Code loads only its
 * servers and ignores every other entry, and the CLI refuses to add any (checked with the CLI).
 */
import { join } from 'node:path';
import { isRecord } from '../records';
import type { StoredServers } from './claude-config';
import { readJsonFile } from './json-file';
import type { ConfigProblem } from './types';

export interface ManagedConfig {
  path: string;
  servers: StoredServers;
}

export function managedMcpPath(managedDir: string): string {
  return join(managedDir, 'managed-mcp.json');
}

/** The managed config, `undefined` when there is none. One that cannot be read still takes control, with no servers. */
export async function readManagedConfig(
  managedDir: string,
  problems: ConfigProblem[],
): Promise<ManagedConfig | undefined> {
  const path = managedMcpPath(managedDir);
  const problemsBefore = problems.length;
  const document = await readJsonFile(path, problems);
  if (document === undefined && problems.length === problemsBefore) return undefined;
  const servers = isRecord(document) && isRecord(document.mcpServers) ? document.mcpServers : {};
  return { path, servers: new Map(Object.entries(servers)) };
}
