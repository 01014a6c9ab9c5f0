/**
 * The check and the MCP SDK it drives load with the first check, not when the server starts: they
 * were 14 of the 94 MiB an idle built server held (bench/RESULTS.md, issue 19's table).
 */
import type { checkServer } from './check-server';

export type CheckServer = typeof checkServer;

let loading: Promise<CheckServer> | undefined;

/** `checkServer`, loaded once; a load that failed is tried again by the next check. */
export function loadCheckServer(): Promise<CheckServer> {
  loading ??= import('./check-server').then(
    (module) => module.checkServer,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
