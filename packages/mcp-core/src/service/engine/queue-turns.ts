/**
 * Turns of the one mutation queue: a change of Claude Code's config waits for every change asked
 * before it and is refused, before any spawn, while a managed-mcp.json is in control; MCP Admin's
 * own bookkeeping (profiles, settling the stash) is not stopped by it. Each turn holds the lock
 * every MCP Admin on the config shares (own-lock.ts) for its whole sequence of steps: the queue
 * orders this process's changes, the lock orders them with another MCP Admin's.
 */
import type { MutationQueue } from '../../cli';
import { readManagedConfig } from '../../config';
import { McpCoreError } from '../../errors';
import type { OwnLock } from '../../own-lock';

export interface QueueTurns {
  /** One change's turn: under a managed config it is refused there, before any spawn. */
  change<T>(task: () => Promise<T>): Promise<T>;
  /** A turn for MCP Admin's own files, which a managed config does not stop. */
  own<T>(task: () => Promise<T>): Promise<T>;
  /** MANAGED_CONFIG naming the file when one is in control. */
  refuseUnderManagedConfig(): Promise<void>;
}

export function createQueueTurns(queue: MutationQueue, managedDir: string, lock: OwnLock): QueueTurns {
  async function refuseUnderManagedConfig(): Promise<void> {
    const managed = await readManagedConfig(managedDir, []);
    if (managed === undefined) return;
    throw new McpCoreError(
      'MANAGED_CONFIG',
      `${managed.path} has exclusive control over MCP servers: Claude Code loads only its servers, so none can be added or removed here.`,
    );
  }
  return {
    change: (task) =>
      queue.run(() =>
        lock.hold(async () => {
          await refuseUnderManagedConfig();
          return task();
        }),
      ),
    own: (task) => queue.run(() => lock.hold(task)),
    refuseUnderManagedConfig,
  };
}
