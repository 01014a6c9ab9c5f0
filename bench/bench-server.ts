/**
 * The MCP Admin server every HTTP bench measures: built and run as `pnpm start` runs it
 * (`node dist/main.mjs`), or the sources through tsx with `BENCH_SERVER=source`, on a throwaway world.
 */
import { PINNED_CLAUDE_BIN, type TestWorld } from '@mcp-admin/core/testing';
import { buildServer } from '@mcp-admin/server/build';
import { spawnMainProcess, type MainProcess } from '@mcp-admin/server/testing';

export const BENCH_SERVER = process.env.BENCH_SERVER === 'source' ? 'source' : 'built';

let built: Promise<unknown> | undefined;

/** Started on `world` (its config, home and project), listening on a free port with a fresh token. */
export async function startBenchServer(world: TestWorld, env: NodeJS.ProcessEnv = {}): Promise<MainProcess> {
  if (BENCH_SERVER === 'built') await (built ??= buildServer());
  return spawnMainProcess(
    {
      ...process.env,
      CLAUDE_CONFIG_DIR: world.configDir,
      HOME: world.configDir,
      MCP_ADMIN_HOST: undefined,
      MCP_ADMIN_PORT: '0',
      MCP_ADMIN_TOKEN: undefined,
      MCP_ADMIN_PROJECT: world.projectDir,
      CLAUDE_BIN: PINNED_CLAUDE_BIN,
      ...env,
    },
    { built: BENCH_SERVER === 'built' },
  );
}
