import { createMcpAdmin, unfitClaudeCli } from '@mcp-admin/core';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

import { buildHttpApp } from './app';
import type { ConnectionLimits } from './connection-limits';
import { DEFAULT_CONNECTION_LIMITS } from './connection-limits';
import { loadServerSettings, urlHost } from './settings';
import {
  newInstanceId,
  portTakenMessage,
  removeRunningFile,
  runningOnPort,
  writeRunningFile,
} from './running-instance';
import { closeWithin, SHUTDOWN_MARGIN_MS } from './shutdown';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export interface StartServerOptions {
  /** The environment to configure from (docs/api.md#server-settings); also what every CLI spawn inherits. */
  env?: NodeJS.ProcessEnv;
  /** Where the server was started from: the default project. */
  cwd?: string;
  /** The built panel; defaults to apps/web/dist. */
  webDist?: string;
  /** Overrides of DEFAULT_CONNECTION_LIMITS (tests shorten the time limits). */
  connectionLimits?: Partial<ConnectionLimits>;
  /** Overrides SHUTDOWN_MARGIN_MS, the time `close()` allows past the CLI timeout (tests shorten it). */
  shutdownMarginMs?: number;
  /**
   * Refuse to start (throw, nothing bound) unless the Claude CLI runs and is at least
   * MINIMUM_CLAUDE_VERSION: `mcp-admin` and `pnpm start` ask it; a test of a CLI that is missing
   * later leaves it off. Asked through `system.info`, whose cached answer the panel then reads.
   */
  requireCli?: boolean;
  /**
   * Write `.mcp-admin/server.json` (URL and instance id, no token) while running, for a second
   * start on the same config to name this one (running-instance.ts): `mcp-admin` and `pnpm start`.
   */
  announce?: boolean;
}

export interface RunningServer {
  /** `http://HOST:PORT` with the port actually bound. */
  url: string;
  token: string;
  /** Opening it in a browser signs the panel in. */
  signInUrl: string;
  /**
   * Stops accepting, ends event streams, closes idle connections, lets requests in flight and the
   * running CLI call finish (the waiting ones are refused), then resolves. Whatever still runs
   * the CLI timeout plus SHUTDOWN_MARGIN_MS (or `shutdownMarginMs`) after it began is cut off.
   */
  close: () => Promise<void>;
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const settings = loadServerSettings(env, options.cwd ?? process.cwd());
  const admin = createMcpAdmin({ ...settings, spawnEnv: env });
  // Asked while the rest starts: the answer is needed only before the port is bound.
  const unfitCli =
    options.requireCli === true
      ? admin.info().then(
          ({ cli }) => unfitClaudeCli(cli),
          // info() fails only on an unreadable managed config, which every read then reports.
          () => undefined,
        )
      : undefined;
  await admin.settleDisabled();
  const instance = options.announce === true ? newInstanceId() : undefined;
  const app = await buildHttpApp({
    admin,
    host: settings.host,
    token: settings.token,
    webDist: options.webDist ?? DEFAULT_WEB_DIST,
    connectionLimits: { ...DEFAULT_CONNECTION_LIMITS, ...options.connectionLimits },
    instance,
    warmFirstPage: options.requireCli === true,
  });
  try {
    const unfit = await unfitCli;
    if (unfit !== undefined) throw new Error(unfit);
    await app.listen({ host: settings.host, port: settings.port });
  } catch (error) {
    await app.close();
    if (!isPortTaken(error)) throw error;
    const running = await runningOnPort(admin.configPath, settings.port);
    throw new Error(portTakenMessage(settings.host, settings.port, running), { cause: error });
  }
  const { port } = app.server.address() as AddressInfo;
  const url = `http://${urlHost(settings.host)}:${port}`;
  if (instance !== undefined) {
    // A courtesy to a second start: a config folder MCP Admin cannot write to does not stop this one.
    await writeRunningFile(admin.configPath, { url, instance }).catch(() => undefined);
  }
  return {
    url,
    token: settings.token,
    signInUrl: `${url}/?token=${encodeURIComponent(settings.token)}`,
    close: async () => {
      if (instance !== undefined) await removeRunningFile(admin.configPath, instance).catch(() => undefined);
      await closeWithin(app, settings.cliTimeoutMs + (options.shutdownMarginMs ?? SHUTDOWN_MARGIN_MS));
    },
  };
}

/** Another process listens on the port asked for. */
function isPortTaken(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EADDRINUSE';
}
