/** Claude Code's files of a test's world written as the tests need them, and the list read back. */
import { worldReadOptions, type TestWorld } from '@mcp-admin/core/testing';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { listServers } from '../../src/config';
import type { Server } from '../../src/config/types';

export function writeJson(path: string, value: unknown): void {
  writeFileSync(path, JSON.stringify(value, null, 2));
}

/** `.claude.json` of `world`. */
export function writeConfig(world: TestWorld, value: unknown): void {
  writeJson(world.configPath, value);
}

/** `<dir>/.mcp.json` holding `servers`, as `claude mcp add --scope project` run in `dir` leaves it. */
export function writeMcpJson(dir: string, servers: Record<string, unknown>): void {
  writeJson(join(dir, '.mcp.json'), { mcpServers: servers });
}

export function serversOf(world: TestWorld, projectPath: string, reveal = false): Promise<Server[]> {
  return listServers({ ...worldReadOptions(world), projectPath, reveal }).then((list) => list.servers);
}

/** The servers as stored, for tests of reading and normalizing: statuses are effective-view.test.ts's. */
export async function storedShapesOf(world: TestWorld, projectPath: string, reveal = false) {
  return (await serversOf(world, projectPath, reveal)).map(
    ({ status: _status, statusReason: _reason, ...server }) => server,
  );
}

/** The verdict on an entry nothing stops: Claude Code loads it from `file`. */
export const activeIn = (name: string, file: string) =>
  ({ status: 'active', statusReason: `${JSON.stringify(name)} is in mcpServers of ${file}.` }) as const;
