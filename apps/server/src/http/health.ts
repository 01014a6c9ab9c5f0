/**
 * `GET /healthz`: cheap and without auth, it says whether the server can still do its work.
 * `ok`, or one line naming what is stuck: the queue of changes (a change running well past the
 * CLI timeout, which should have ended it) or the pool that reads files (a `stat` of the config
 * directory not answering: every read of the config waits behind it).
 */
import type { McpAdmin, McpAdminHealth } from '@mcp-admin/core';
import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Beyond the CLI timeout: reading the config back and writing the audit log after the CLI. */
export const STUCK_CHANGE_MARGIN_MS = 10_000;
/** A stat answers in well under a millisecond when the pool is free. */
export const FILE_READ_PROBE_MS = 1_000;

/** What is stuck in the queue of changes, or undefined. */
export function stuckQueue({ runningForMs, waiting, cliTimeoutMs }: McpAdminHealth): string | undefined {
  if (runningForMs === null || runningForMs <= cliTimeoutMs + STUCK_CHANGE_MARGIN_MS) return undefined;
  return `stuck: a change has been running for ${seconds(runningForMs)} s, past the CLI timeout of ${seconds(cliTimeoutMs)} s (${waiting} waiting)`;
}

/** What is stuck on the server, or undefined when nothing is. */
export async function stuckWork(admin: McpAdmin): Promise<string | undefined> {
  const queue = stuckQueue(admin.health());
  if (queue !== undefined) return queue;
  const answered = await answersWithin(stat(dirname(admin.configPath)), FILE_READ_PROBE_MS);
  return answered ? undefined : `stuck: file reads have not answered within ${seconds(FILE_READ_PROBE_MS)} s`;
}

/** Whether `operation` settles, either way, within `ms`. */
async function answersWithin(operation: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(resolve, ms, false);
  });
  const answered = operation.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(0);
}
