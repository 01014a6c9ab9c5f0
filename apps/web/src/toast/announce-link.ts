import type { AppRouter } from '@mcp-admin/api';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { announceChange } from './change-announcements';

/**
 * Says what every change did once it succeeded, whichever part of the panel made it (a hook, or
 * the client called directly): the `status` message with `Undo` follows from here.
 */
export const announceLink: TRPCLink<AppRouter> = () => {
  return ({ next, op }) => {
    if (op.type !== 'mutation') return next(op);
    return observable((observer) =>
      next(op).subscribe({
        next(result) {
          announceChange(op.path, op.input, result.result.type === 'data' ? result.result.data : undefined);
          observer.next(result);
        },
        error(error) {
          observer.error(error);
        },
        complete() {
          observer.complete();
        },
      }),
    );
  };
};
