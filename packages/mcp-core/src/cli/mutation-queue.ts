/**
 * The one in-process FIFO every mutating CLI call goes through (docs/api.md#how-a-change-runs): two calls never
 * overlap, in any order of arrival, and one that fails, throws or times out does not hold up the
 * next. Waiting calls are bounded so a flood of requests is refused instead of piling up.
 */
import { McpCoreError } from '../errors';

export const DEFAULT_MAX_QUEUED = 64;

/** What the queue is doing, for a health check. */
export interface MutationQueueStatus {
  /** How long the running call has been running; null when none runs. */
  runningForMs: number | null;
  /** Calls waiting behind it. */
  waiting: number;
}

export interface MutationQueue {
  /** Runs `task` once every call queued before it has settled; its result or error is the call's. */
  run<T>(task: () => Promise<T>): Promise<T>;
  status(): MutationQueueStatus;
  /**
   * For shutdown: refuses new calls and the waiting ones (nothing of theirs has run), and
   * resolves once the running one has settled. Letting 64 waiting calls run first could hold a
   * shutdown for 64 CLI timeouts.
   */
  drain(): Promise<void>;
}

export function createMutationQueue({
  maxQueued = DEFAULT_MAX_QUEUED,
}: { maxQueued?: number } = {}): MutationQueue {
  /** Each waiting call's go-ahead or refusal, first come first. */
  const waiting: { go: () => void; refuse: (error: McpCoreError) => void }[] = [];
  const onIdle: (() => void)[] = [];
  let running = false;
  // A monotonic clock: a change of the wall clock does not make a call look stuck.
  let turnStartedAt = 0;
  let draining = false;

  // Hands the turn straight to the next waiting call, so no newcomer can slip in between.
  function finishTurn(): void {
    const next = waiting.shift();
    if (next !== undefined) {
      next.go();
      return;
    }
    running = false;
    for (const resolve of onIdle.splice(0)) resolve();
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (draining) throw shuttingDown();
      if (running) {
        if (waiting.length >= maxQueued) {
          throw new McpCoreError(
            'QUEUE_FULL',
            `The queue of changes is full (${waiting.length} waiting); try again when they are done.`,
          );
        }
        await new Promise<void>((go, refuse) => waiting.push({ go, refuse }));
      }
      running = true;
      turnStartedAt = performance.now();
      try {
        return await task();
      } finally {
        finishTurn();
      }
    },

    status() {
      return {
        runningForMs: running ? performance.now() - turnStartedAt : null,
        waiting: waiting.length,
      };
    },

    drain(): Promise<void> {
      draining = true;
      for (const { refuse } of waiting.splice(0)) refuse(shuttingDown());
      return running ? new Promise((resolve) => onIdle.push(resolve)) : Promise.resolve();
    },
  };
}

function shuttingDown(): McpCoreError {
  return new McpCoreError('QUEUE_FULL', 'MCP Admin is shutting down and accepts no more changes.');
}
