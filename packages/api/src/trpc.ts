/**
 * The tRPC setup every router builds on: the context (the MCP Admin service), plain JSON (no
 * transformer, so any HTTP client can call the API), and one base procedure that maps the core's
 * errors to HTTP statuses for every procedure at once.
 */
import type { McpAdmin } from '@mcp-admin/core';
import { initTRPC, TRPCError } from '@trpc/server';

import { formatApiError, toApiError } from './errors';

export interface ApiContext {
  admin: McpAdmin;
  /** Aborted when the server starts to close: ends every subscription, which would hold it open. */
  closing: AbortSignal;
  /**
   * The HTTP host's verdict on the request's `Origin` / `Sec-Fetch-Site`: a page of another site
   * or port asked. False for an in-process caller.
   */
  fromOtherOrigin: boolean;
}

export function createApiContext(options: {
  admin: McpAdmin;
  closing?: AbortSignal | undefined;
  fromOtherOrigin?: boolean | undefined;
}): ApiContext {
  return {
    admin: options.admin,
    closing: options.closing ?? new AbortController().signal,
    fromOtherOrigin: options.fromOtherOrigin ?? false,
  };
}

export const OTHER_ORIGIN_REFUSAL = 'requests from another origin may not change anything';

/** What the HTTP host may ask of a procedure before tRPC runs it. */
export interface ProcedureMeta {
  /** It changes something or starts a process: refused when another origin asks for it. */
  changing?: true;
}

const t = initTRPC
  .context<ApiContext>()
  .meta<ProcedureMeta>()
  .create({
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

// Decided on the procedure tRPC resolved, so no spelling of the URL (percent-encoding, a batch)
// reaches one of these from another origin. Runs before input parsing: a refusal spawns nothing.
const sameOriginOnly = t.middleware(({ ctx, next }) => {
  if (ctx.fromOtherOrigin) throw new TRPCError({ code: 'FORBIDDEN', message: OTHER_ORIGIN_REFUSAL });
  return next();
});

/** A procedure that changes something or starts a process: refused when another origin asks for it. */
export const changingProcedure = publicProcedure.meta({ changing: true }).use(sameOriginOnly);
