/**
 * Revalidation of the API's answers to queries: each carries an ETag (a hash of its bytes), and a
 * request that presents it in `If-None-Match` gets an empty 304 instead of the same bytes again.
 * The wire format stays plain JSON for every other client (docs/api.md#http-and-access). An answer that holds secrets
 * (asked with `reveal: true`) is never kept by a browser (`no-store`); the others may be kept and
 * are revalidated on every use (`no-cache`), so the panel's fetches revalidate with no code of
 * their own.
 */
import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An answer this big (`mcp.projects` of 10⁵ projects is 7 MB) takes milliseconds to read and as
 * many to hash: the event loop gets a turn before each, so `/healthz` does not wait for both.
 */
const LARGE_ANSWER_BYTES = 256 * 1024;

/**
 * What to send instead of `payload`, the answer to a tRPC request: the tRPC adapter hands Fastify a
 * fetch Response, whose JSON is read here as bytes (hashed and sent as they are, never decoded and
 * encoded again) and sent with its status and headers; anything else passes through untouched.
 */
export async function revalidated(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (request.method !== 'GET' || !(payload instanceof Response) || payload.status !== 200) return payload;
  if (!(payload.headers.get('content-type') ?? '').startsWith('application/json')) return payload;
  if (asksForSecrets(request.url)) return payload;
  // tRPC serialized the answer in one go just now (JSON.stringify of mcp.projects at 10⁵ projects:
  // 17 ms of CPU measured): the event loop gets a turn before that is followed by reading it.
  await nextTurn();
  const body = Buffer.from(await payload.arrayBuffer());
  if (body.length > LARGE_ANSWER_BYTES) await nextTurn();
  reply.headers(Object.fromEntries(payload.headers));
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  if (body.length > LARGE_ANSWER_BYTES) await nextTurn();
  reply.header('etag', etag);
  reply.header('cache-control', 'private, no-cache');
  if (request.headers['if-none-match'] !== etag) return body;
  reply.code(304);
  reply.removeHeader('content-type');
  return '';
}

/**
 * Whether the request asks for secrets, decided on its parsed input as tRPC will read it, never on
 * the raw text (`{"\u0072eveal":true}` is `reveal: true` too): any `input` of the query, a batch's
 * inputs included, with a `reveal` other than `false`. An input that is not JSON is taken as asking.
 */
function asksForSecrets(url: string): boolean {
  const query = url.indexOf('?');
  if (query === -1) return false;
  return new URLSearchParams(url.slice(query)).getAll('input').some((text) => {
    try {
      return revealsAnywhere(JSON.parse(text), 0);
    } catch {
      return true;
    }
  });
}

/** A batch nests each call's input one level down (`{"0": {...}}`); deeper is no input's own field. */
const MAX_INPUT_DEPTH = 2;

function revealsAnywhere(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null || depth > MAX_INPUT_DEPTH) return false;
  return Object.entries(value).some(
    ([key, member]) =>
      (key === 'reveal' && member !== false && member !== undefined) || revealsAnywhere(member, depth + 1),
  );
}
