/**
 * How long the procedure part of a `/trpc/...` URL may be. Fastify's own limit on a route
 * parameter decides it; past the limit it does not route the URL to tRPC at all (a POST fails
 * routing, a GET falls through to the panel's files), so the refusal is made here.
 */
import type { FastifyReply } from 'fastify';

import { sendRefusal } from './refusal';

/**
 * The procedure names of one request, joined by "," in a batch: Fastify's default of 100
 * characters broke a typed client batching 9 calls. 1024 is about 80 of today's names.
 */
export const MAX_PROCEDURE_PATH_LENGTH = 1024;
const TRPC_PREFIX = '/trpc/';

/** Whether `url` names more procedures than one request may. */
export function procedurePathTooLong(url: string): boolean {
  if (!url.startsWith(TRPC_PREFIX)) return false;
  const end = url.indexOf('?');
  return (end === -1 ? url.length : end) - TRPC_PREFIX.length > MAX_PROCEDURE_PATH_LENGTH;
}

export function refuseLongProcedurePath(reply: FastifyReply): FastifyReply {
  return sendRefusal(
    reply,
    'BAD_REQUEST',
    `the procedure names of one request may take at most ${MAX_PROCEDURE_PATH_LENGTH} characters`,
  );
}
