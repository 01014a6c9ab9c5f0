/**
 * The check and the MCP SDK it drives load with the first check, not when the server starts: the
 * SDK's modules are about a quarter of an idle server's resident memory (bench/RESULTS.md, "Peak RSS").
 */
import type { Server } from '../config';
import type { CheckOptions } from './check-server';
import type { CheckResult } from './types';

export async function checkServer(server: Server, options: CheckOptions): Promise<CheckResult> {
  const check = await import('./check-server');
  return check.checkServer(server, options);
}
