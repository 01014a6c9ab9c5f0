/**
 * The tRPC setup every router builds on: the context (the MCP Admin service), plain JSON (no
 * transformer, so any HTTP client can call the API), and one base procedure that maps the core's
 * errors to HTTP statuses for every procedure at once.
 */
import type { McpAdmin } from '@mcp-admin/core';
import { isMcpCoreError } from '@mcp-admin/core';
import { initTRPC } from '@trpc/server';
import { z, ZodError } from 'zod';

import { toApiError } from './api-errors';

export interface TRPCContext {
  admin: McpAdmin;
  /** Aborted when the server starts to close: ends every subscription, which would hold it open. */
  closing: AbortSignal;
}

export function createTRPCContext(options: { admin: McpAdmin; closing?: AbortSignal }): TRPCContext {
  return { admin: options.admin, closing: options.closing ?? new AbortController().signal };
}

const t = initTRPC.context<TRPCContext>().create({
  // Stack traces would hand file paths of this machine to whoever calls the API.
  isDev: false,
  errorFormatter({ shape, error }) {
    const { cause } = error;
    return {
      ...shape,
      data: {
        ...shape.data,
        zodError: cause instanceof ZodError ? z.flattenError(cause) : null,
        coreCode: isMcpCoreError(cause) ? cause.code : null,
      },
    };
  },
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
