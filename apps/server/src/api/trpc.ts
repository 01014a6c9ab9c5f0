/**
 * The tRPC setup every router builds on: the context (the MCP Admin service), plain JSON (no
 * transformer, so any HTTP client can call the API), and one base procedure that maps the core's
 * errors to HTTP statuses for every procedure at once.
 */
import type { McpAdmin } from '@mcp-admin/core';
import { initTRPC } from '@trpc/server';

import { formatApiError, toApiError } from './errors';

export interface ApiContext {
  admin: McpAdmin;
  /** Aborted when the server starts to close: ends every subscription, which would hold it open. */
  closing: AbortSignal;
}

export function createApiContext(options: {
  admin: McpAdmin;
  closing?: AbortSignal | undefined;
}): ApiContext {
  return { admin: options.admin, closing: options.closing ?? new AbortController().signal };
}

const t = initTRPC.context<ApiContext>().create({
  // Stack traces would hand file paths of this machine to whoever calls the API.
  isDev: false,
  errorFormatter: ({ shape, error }) => formatApiError(shape, error),
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

// Runs around input parsing too, so a schema failure is reworded here as well.
const apiErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw toApiError(result.error);
  return result;
});

export const publicProcedure = t.procedure.use(apiErrors);
