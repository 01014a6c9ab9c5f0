/** The service on a test's world, as the service tests build it. */
import { worldAdminOptions, type TestWorld } from '@mcp-admin/core/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMcpAdmin, type McpAdminOptions } from '../../src/service/mcp-admin';

/** The CLI to drive (default: the world's), what its fixture script reads, other options. */
export type AdminArgs = [
  claudeBin?: string,
  fixtureEnv?: NodeJS.ProcessEnv,
  options?: Partial<McpAdminOptions>,
];

/** A fixture script of packages/mcp-core/test/fixtures. */
export const fixture = (name: string) => join(import.meta.dirname, '..', 'fixtures', name);

/**
 * The service on `world`, driving the world's CLI unless `claudeBin` names a fixture; `fixtureEnv`
 * reaches the fixture, which runs the world's CLI at $REAL_CLAUDE_BIN.
 */
export function adminInWorld(world: TestWorld, ...[claudeBin, fixtureEnv, options]: AdminArgs) {
  const defaults = worldAdminOptions(world);
  return createMcpAdmin({
    ...defaults,
    claudeBin: claudeBin ?? world.claudeBin,
    spawnEnv: { ...defaults.spawnEnv, REAL_CLAUDE_BIN: world.claudeBin, ...fixtureEnv },
    ...options,
  });
}

/** `.claude.json` of `world` as stored. */
export function storedConfigOf(world: TestWorld): {
  mcpServers?: unknown;
  projects?: Record<string, { mcpServers?: unknown }>;
} {
  return JSON.parse(readFileSync(world.configPath, 'utf8')) as ReturnType<typeof storedConfigOf>;
}
