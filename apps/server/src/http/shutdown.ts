/**
 * Closing that always ends. Fastify's close waits for every request in flight; the running CLI
 * call ends within its timeout, but a request stuck on a file read the system never answers
 * would keep the server from ever stopping. Past the deadline, what is left is cut off.
 */
import type { FastifyInstance } from 'fastify';

/** Beyond the CLI timeout: reading the config back and writing the audit log after the last call. */
export const SHUTDOWN_MARGIN_MS = 5_000;

/** `app.close()`, given up on `deadlineMs` after it began: the connections still open are closed. */
export async function closeWithin(
  app: FastifyInstance,
  deadlineMs: number,
  warn: (message: string) => void = (message) => {
    console.error(`MCP Admin: ${message}`);
  },
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      warn(`requests still running ${deadlineMs} ms after the shutdown began were cut off`);
      app.server.closeAllConnections();
      resolve();
    }, deadlineMs);
  });
  try {
    await Promise.race([app.close(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
