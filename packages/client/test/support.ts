/** What the client tests share: a real server in a throwaway world, both gone when the test ends. */
import type { TestWorld } from '@mcp-admin/core/testing';
import { startServer } from '@mcp-admin/server';
import { onTestFinished } from 'vitest';

/**
 * `env` is added to the server's environment (e.g. HOME in the world for a Claude Code session);
 * the server drives the world's CLI.
 */
export async function serverIn(world: TestWorld, env: NodeJS.ProcessEnv = {}) {
  const server = await startServer({
    env: {
      ...process.env,
      CLAUDE_BIN: world.claudeBin,
      CLAUDE_CONFIG_DIR: world.configDir,
      MCP_ADMIN_MANAGED_DIR: world.managedDir,
      MCP_ADMIN_HOST: '127.0.0.1',
      MCP_ADMIN_PORT: '0',
      MCP_ADMIN_PROJECT: world.projectDir,
      ...env,
    },
  });
  onTestFinished(async () => {
    await server.close();
    world.remove();
  });
  return server;
}
