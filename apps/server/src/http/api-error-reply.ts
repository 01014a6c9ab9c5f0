import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { FastifyReply } from 'fastify';

/**
 * Refusals made before tRPC sees the request (401, 403, 413, 404) in tRPC's own error shape, so
 * the typed client and the panel read `data.code` / `data.httpStatus` as for any other error.
 */
export function sendApiError(reply: FastifyReply, code: TRPC_ERROR_CODE_KEY, message: string): FastifyReply {
  const httpStatus = getHTTPStatusCodeFromError(new TRPCError({ code }));
  return reply.code(httpStatus).send({
    error: { message, code: TRPC_ERROR_CODES_BY_KEY[code], data: { code, httpStatus } },
  });
}
