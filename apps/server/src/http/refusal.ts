import { refusalBody } from '@mcp-admin/api';
import type { FastifyReply } from 'fastify';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';

/** Refuses a request before tRPC sees it, with the API's own error envelope. */
export function sendRefusal(reply: FastifyReply, code: TRPC_ERROR_CODE_KEY, message: string): FastifyReply {
  const { httpStatus, body } = refusalBody(code, message);
  return reply.code(httpStatus).send(body);
}
