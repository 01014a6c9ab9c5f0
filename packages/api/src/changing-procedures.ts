/**
 * Which procedures a `/trpc/<path>` request names, as tRPC resolves them, and whether one of them
 * changes something. The HTTP host refuses such a request from another origin with a 403 before
 * tRPC answers: a subscription is answered 200 at once, its refusal only an event of the stream.
 */
import type { AnyProcedure } from '@trpc/server';

import { appRouter } from './root';
import type { ProcedureMeta } from './trpc';

// At run time tRPC keeps every procedure under its dotted path here, where it looks a call up.
const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
const CHANGING_PATHS = new Set(
  Object.keys(procedures).filter(
    (path) => (procedures[path]?._def.meta as ProcedureMeta | undefined)?.changing === true,
  ),
);

/**
 * `path` is what tRPC's adapter is given (the route parameter, already percent-decoded); a batch
 * joins its procedure names with ",", as tRPC splits them.
 */
export function namesChangingProcedure(path: string): boolean {
  return path.split(',').some((name) => CHANGING_PATHS.has(name));
}
