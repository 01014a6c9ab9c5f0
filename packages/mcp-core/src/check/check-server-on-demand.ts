/**
 * The check and the MCP SDK it drives load with the first check, not when the server starts: they
 * were 14 of the 94 MiB an idle built server held (bench/RESULTS.md, issue 19's table).
 */
import type { Server } from '../config';
import type { CheckOptions } from './check-server';
import type { CheckResult } from './types';

export async function checkServer(server: Server, options: CheckOptions): Promise<CheckResult> {
  const check = await import('./check-server');
  return check.checkServer(server, options);
}
