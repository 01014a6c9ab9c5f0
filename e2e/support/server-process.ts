/**
 * The real MCP Admin server as a child process on a test's world, read from its start line. It is
 * the built server `pnpm start` runs (`apps/server/dist/main.mjs`), which `pnpm build` builds with
 * the panel (and `pnpm test:e2e` runs first): it starts on a third of the CPU of the sources run
 * through tsx, which every test pays once or more.
 */
import { assertThrowawayConfigDir, type TestWorld } from '@mcp-admin/core/testing';
import { spawnMainProcess } from '@mcp-admin/server/testing';

export interface ServerProcess {
  /** The printed `http://HOST:PORT/?token=TOKEN`. */
  signInUrl: string;
  /** `http://HOST:PORT`, the panel without a session. */
  origin: string;
  /** Everything the server printed so far, stdout and stderr interleaved. */
  output(): string;
  /** False once it exited (stopped by a test, or crashed) and until it is started again. */
  running(): boolean;
  stop(): Promise<void>;
  /**
   * Starts it again on the same port with the same token, so an open panel reconnects to it; with
   * `newToken`, as a plain `pnpm start` does (a random token each start): `signInUrl` follows.
   */
  restart(options?: { newToken?: boolean }): Promise<void>;
}

/** `extraEnv` is added to the server's environment (e.g. MCP_ADMIN_REGISTRY_URL). */
export async function startServerProcess(
  world: TestWorld,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<ServerProcess> {
  assertThrowawayConfigDir(world.configDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CLAUDE_CONFIG_DIR: world.configDir,
    HOME: world.configDir,
    MCP_ADMIN_PORT: '0',
    MCP_ADMIN_PROJECT: world.projectDir,
    // The world's own managed folder: the machine's /etc/claude-code is never read.
    MCP_ADMIN_MANAGED_DIR: world.managedDir,
    // The world's CLI (the pinned one bundled with the project, or the fake), never one found on PATH.
    CLAUDE_BIN: world.claudeBin,
    // No panel test reaches the user's keychain: here none is available (the core tests run a private one).
    DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/mcp-admin-e2e-bus',
    // Discover lists the registry as soon as it shows: never the public one from a test (a closed
    // local port refuses at once); a spec about Discover passes its stand-in registry.
    MCP_ADMIN_REGISTRY_URL: 'http://127.0.0.1:9',
    ...extraEnv,
  };
  delete env.MCP_ADMIN_HOST;
  delete env.MCP_ADMIN_TOKEN;
  let main = spawnMainProcess(env, { built: true });
  try {
    const { signInUrl, url, port, token } = await main.started();
    const again: NodeJS.ProcessEnv = { ...env, MCP_ADMIN_PORT: String(port), MCP_ADMIN_TOKEN: token };
    const serverProcess: ServerProcess = {
      signInUrl,
      origin: url,
      output: () => main.output(),
      running: () => main.child.exitCode === null && main.child.signalCode === null,
      stop: () => main.stop(),
      async restart({ newToken = false } = {}) {
        await main.stop();
        if (newToken) delete again.MCP_ADMIN_TOKEN;
        main = spawnMainProcess(again, { built: true });
        const started = await main.started();
        again.MCP_ADMIN_TOKEN = started.token;
        serverProcess.signInUrl = started.signInUrl;
      },
    };
    return serverProcess;
  } catch (error) {
    await main.stop();
    throw error;
  }
}
