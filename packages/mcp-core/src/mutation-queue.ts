/**
 * The one in-process FIFO every mutating CLI call goes through (SPEC §5): two calls never
 * overlap, in any order of arrival, and one that fails, throws or times out does not hold up the
 * next. Waiting calls are bounded so a flood of requests is refused instead of piling up.
 */
import { McpCoreError } from './errors';

export const DEFAULT_MAX_QUEUED = 64;

export interface MutationQueue {
  /** Runs `task` once every call queued before it has settled; its result or error is the call's. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Refuses new calls and resolves once the running and already queued ones have settled. */
  drain(): Promise<void>;
}

export function createMutationQueue({
  maxQueued = DEFAULT_MAX_QUEUED,
}: { maxQueued?: number } = {}): MutationQueue {
  let tail: Promise<void> = Promise.resolve();
  let waiting = 0;
  let draining = false;

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      if (draining) {
        return Promise.reject(
          new McpCoreError('QUEUE_FULL', 'MCP Admin is shutting down and accepts no more changes.'),
        );
      }
      if (waiting >= maxQueued) {
        return Promise.reject(
          new McpCoreError(
            'QUEUE_FULL',
            `${waiting} changes are already waiting; try again when they are done.`,
          ),
        );
      }
      waiting += 1;
      const result = tail.then(() => {
        waiting -= 1;
        return task();
      });
      tail = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    },
    drain(): Promise<void> {
      draining = true;
      return tail;
    },
  };
}
