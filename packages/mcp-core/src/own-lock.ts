/**
 * The one writer lock of every MCP Admin on a Claude Code config: `.mcp-admin/lock` (a folder made
 * with `mkdir`, which only one process wins, by `proper-lockfile`). Each read-modify-write of
 * MCP Admin's own files (stash, profiles, history, audit log and their rotation, last checks) and
 * each change's whole sequence of steps runs holding it, so a second MCP Admin started in another
 * project never sees, and never writes over, the middle of another's change. The holder touches
 * the folder every `updateMs`; one left untouched for `staleMs` belonged to a process that is gone
 * (killed, frozen) and is taken over. Within one process the lock is re-entrant: a step that
 * appends to the audit log inside a change that holds it does not wait for itself.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import lockfile from 'proper-lockfile';
import { errorText } from './error-text';
import { McpCoreError } from './errors';
import { makeOwnDir, ownFilePath } from './own-files';

export interface OwnLock {
  readonly path: string;
  /** Runs `task` holding the lock (waiting for it at most `waitMs`); inside `task` it is held already. */
  hold<T>(task: () => Promise<T>): Promise<T>;
}

export interface OwnLockOptions {
  /** A lock not touched for this long is its dead owner's, and is taken over. */
  staleMs?: number;
  /** How often the holder touches the lock. */
  updateMs?: number;
  /** How long a change waits for another MCP Admin's before it is refused. */
  waitMs?: number;
  /** Hears of a lock this process held that another took over (this process was frozen past `staleMs`). */
  logWarning?: (message: string) => void;
}

/** Five seconds untouched: the holder touches it every second, so only a dead (or frozen) one misses. */
export const LOCK_STALE_MS = 5_000;
const LOCK_UPDATE_MS = 1_000;
/** Longer than any one change's steps (a profile of several CLI calls), shorter than a client's patience. */
export const LOCK_WAIT_MS = 120_000;
const RETRY_MIN_MS = 10;
const RETRY_MAX_MS = 200;

export function ownLockPath(configPath: string): string {
  return ownFilePath(configPath, 'lock');
}

export function createOwnLock(configPath: string, options: OwnLockOptions = {}): OwnLock {
  const path = ownLockPath(configPath);
  const staleMs = options.staleMs ?? LOCK_STALE_MS;
  const updateMs = options.updateMs ?? Math.min(LOCK_UPDATE_MS, staleMs / 2);
  const waitMs = options.waitMs ?? LOCK_WAIT_MS;
  const logWarning =
    options.logWarning ??
    ((message: string) => {
      console.warn(`MCP Admin: ${message}`);
    });
  const holding = new AsyncLocalStorage<true>();
  // Tasks of this process wait here for each other, so only one at a time contends for the file.
  let inProcess: Promise<unknown> = Promise.resolve();

  /**
   * The lock, once taken: its release; undefined when the own folder cannot be written (made,
   * entered), where no MCP Admin can take it: the change goes on, and the writes of its own files
   * fail on their own terms (a warning, or a refusal where a record must come first).
   */
  async function acquire(): Promise<(() => Promise<void>) | undefined> {
    try {
      await makeOwnDir(path);
    } catch {
      return undefined;
    }
    const deadline = Date.now() + waitMs;
    for (let delay = RETRY_MIN_MS; ; delay = Math.min(delay * 2, RETRY_MAX_MS)) {
      try {
        return await lockfile.lock(path, {
          realpath: false,
          lockfilePath: path,
          stale: staleMs,
          update: updateMs,
          retries: 0,
          onCompromised: (error) => {
            logWarning(`Another MCP Admin took over ${path} while this one held it: ${errorText(error)}`);
          },
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') return undefined;
        if (Date.now() + delay > deadline) {
          throw new McpCoreError(
            'QUEUE_FULL',
            `Another MCP Admin on this config has held ${path} for over ${String(Math.round(waitMs / 1000))} s; try again when its change is done.`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  async function holdFile<T>(task: () => Promise<T>): Promise<T> {
    const release = await acquire();
    try {
      return await holding.run(true, task);
    } finally {
      // A lock taken over meanwhile is no longer ours to remove.
      await release?.().catch(() => undefined);
    }
  }

  return {
    path,
    hold<T>(task: () => Promise<T>): Promise<T> {
      if (holding.getStore() === true) return task();
      const turn = inProcess.then(() => holdFile(task));
      inProcess = turn.catch(() => undefined);
      return turn;
    },
  };
}

/** No lock: for a file only one writer in one process ever touches (a test's own journal). */
export const NO_LOCK: OwnLock = { path: '', hold: (task) => task() };
