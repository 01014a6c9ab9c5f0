/**
 * The one writer lock of every MCP Admin on a Claude Code config: `.mcp-admin/lock` (a folder that
 * only one process wins, by `proper-lockfile`). Each read-modify-write of MCP Admin's own files
 * (stash, profiles, history, audit log and their rotation, last checks) and each change's whole
 * sequence of steps runs holding it, so a second MCP Admin started in another project never sees,
 * and never writes over, the middle of another's change. The holder touches the folder every
 * `updateMs` and names itself in it (`owner`: pid and start time; the folder is made beside with
 * its owner in it and moved in by one rename, and the owner replaced by a rename): a lock whose
 * owner process is gone (killed) is taken over at once, an empty folder once it is 2 s old (cut off
 * between removing its owner and itself; an older MCP Admin's `mkdir` makes one that it names itself
 * in an instant later, which is not replaced meanwhile), and one untouched for `staleMs` whose owner
 * file is unreadable. A kill -9 at any instant used to be able to leave a lock naming no one, which
 * kept every MCP Admin from it for 20 s (a restarted server's start, settling under the lock, in the
 * chaos test). A live owner's lock is never taken,
 * however long it holds it, nor one whose CLI still runs: each CLI spawned under the lock is named
 * in `owner` before its spawn, by what it runs (synced), then by its pid, so a kill between the
 * spawn and its pid leaves a CLI that a later MCP Admin still waits for. Within one process the
 * lock is re-entrant: a step that appends to the audit log inside a change that holds it does not
 * wait for itself.
 *
 * Waiting is first come, first served (`lock-waiting.ts`): a process that finds the lock taken
 * tries again every 10 to 200 ms for at most `waitMs` (then QUEUE_FULL), with a ticket in
 * `.mcp-admin/lock-waiting/`; one about to take the lock lets it go by while a live process waits
 * ahead of it, and the first in line tries every 25 ms. Without the line, a busy MCP Admin whose
 * next change was ready took the lock again within a millisecond of letting it go, and another one,
 * trying every 200 ms, was kept from it for as long as the first stayed busy.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import * as fs from 'node:fs';
import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { lstat, mkdir, opendir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import lockfile from 'proper-lockfile';
import { errorText } from './error-text';
import { McpCoreError } from './errors';
import { makeOwnDir, OWN_DIR_MODE, OWN_FILE_MODE, ownFilePath } from './own-files';
import { createWaitingLine } from './lock-waiting';
import type { Ticket } from './lock-waiting';
import { isRunning, isRunningArgs, readProcess, thisProcess } from './process-table';
import { readSmallJsonFile } from './small-json-file';
import type { ProcessOwner } from './process-table';

export interface OwnLock {
  readonly path: string;
  /** Runs `task` holding the lock (waiting for it at most `waitMs`); inside `task` it is held already. */
  hold<T>(task: () => Promise<T>): Promise<T>;
  /**
   * Names a CLI about to be spawned while the lock is held beside its owner, by what it will run
   * (`bin`, `args`), synced before the spawn; the returned `spawned` names it by its pid instead
   * (`undefined`: it could not start) until the callback it returns, once it has exited. A CLI
   * outlives a killed MCP Admin, and the lock is not taken over while it may run.
   */
  helper(bin: string, args: readonly string[]): SpawnedHelper;
}

/** A CLI named before its spawn: then named by its pid, until it has exited. */
export type SpawnedHelper = (pid: number | undefined) => () => void;

export interface OwnLockOptions {
  /** A lock not touched for this long is its dead owner's, and is taken over. */
  staleMs?: number;
  /** How often the holder touches the lock. */
  updateMs?: number;
  /** How long a change waits for another MCP Admin's before it is refused. */
  waitMs?: number;
  /**
   * How long after its naming a CLI named as starting, by an owner that has ended, may still be on
   * its way to its own program, where /proc shows what runs (elsewhere `staleMs`).
   */
  spawnGraceMs?: number;
  /** Hears of a lock this process held that another took over (this process was frozen past `staleMs`). */
  logWarning?: (message: string) => void;
}

/**
 * Twenty seconds untouched, touched every two: a live holder named in `owner` is never taken over
 * anyway, so this only bounds the wait after a crash between `mkdir` and `owner`; at 5 s a busy
 * machine (load 10 on 2 cores) left holders' timers late and their locks "compromised" in tests.
 */
export const LOCK_STALE_MS = 20_000;
/**
 * A CLI is named as starting only across one synchronous spawn (named, spawned, named by its pid in
 * one turn of the event loop), and Node returns from a spawn once the child runs its program: an
 * owner killed while it names one was killed within that spawn, and a child it had forked shows its
 * argv in /proc moments later. Waiting the stale time for one that never started kept every MCP
 * Admin from the lock for 20 s after such a kill (twice in one chaos run).
 */
const SPAWN_GRACE_MS = 5_000;
const LOCK_UPDATE_MS = 2_000;
/** Longer than any one change's steps (a profile of several CLI calls), shorter than a client's patience. */
export const LOCK_WAIT_MS = 120_000;
const RETRY_MIN_MS = 10;
const RETRY_MAX_MS = 200;
/** How often the first in the waiting line tries: the lock stays free, the others letting it go by, until it does. */
const NEXT_RETRY_MS = 25;

export function ownLockPath(configPath: string): string {
  return ownFilePath(configPath, 'lock');
}

export function createOwnLock(configPath: string, options: OwnLockOptions = {}): OwnLock {
  const path = ownLockPath(configPath);
  const ownerPath = join(path, 'owner');
  const nextOwnerPath = join(path, 'owner.new');
  const staleMs = options.staleMs ?? LOCK_STALE_MS;
  const updateMs = options.updateMs ?? Math.min(LOCK_UPDATE_MS, staleMs / 2);
  const waitMs = options.waitMs ?? LOCK_WAIT_MS;
  // Where /proc shows no argv, a CLI on its way cannot be seen: the stale time, as before.
  const startingMs =
    readProcess(process.pid) === undefined
      ? staleMs
      : Math.min(staleMs, options.spawnGraceMs ?? SPAWN_GRACE_MS);
  const line = createWaitingLine(ownFilePath(configPath, 'lock-waiting'), Math.max(waitMs, LOCK_WAIT_MS));
  const logWarning =
    options.logWarning ??
    ((message: string) => {
      console.warn(`MCP Admin: ${message}`);
    });
  const holding = new AsyncLocalStorage<true>();
  // The CLIs running under the lock now, and those about to be spawned, named in `lock/owner` with this process.
  const helpers = new Set<ProcessOwner>();
  const starting = new Set<StartingCli>();
  const nameOwner = () => {
    const owner = { ...thisProcess(), helpers: [...helpers], starting: [...starting] };
    try {
      // Synced: a CLI about to start is named before its spawn, whatever cuts this process off; replaced
      // by a rename: a kill mid-write leaves the owner named before, never an owner file cut short.
      const file = openSync(nextOwnerPath, 'w', OWN_FILE_MODE);
      try {
        writeSync(file, JSON.stringify(owner));
        fsyncSync(file);
      } finally {
        closeSync(file);
      }
      renameSync(nextOwnerPath, ownerPath);
    } catch {
      // Not named: the lock is then taken over only once it goes stale, never sooner.
    }
  };
  // Tasks of this process wait here for each other, so only one at a time contends for the file.
  let inProcess: Promise<unknown> = Promise.resolve();
  let leftoversCleared: Promise<void> | undefined;

  /**
   * The lock, once taken: its release; undefined when the own folder cannot be written (made,
   * entered, or a full disk takes the lock's owner file), where no MCP Admin can take a free lock:
   * the change goes on, and the writes of its own files fail on their own terms (a warning, or a
   * refusal where a record must come first).
   */
  async function acquire(): Promise<(() => Promise<void>) | undefined> {
    try {
      await makeOwnDir(path);
    } catch {
      return undefined;
    }
    const since = Date.now();
    const deadline = since + waitMs;
    let ticket: Ticket | undefined;
    try {
      for (let delay = RETRY_MIN_MS; ; delay = Math.min(delay * 2, RETRY_MAX_MS)) {
        // One that waited longer goes first: this process lets the lock go by, and waits in line.
        const behind = await line.anyoneAhead(ticket);
        if (!behind) {
          try {
            return await lockFile();
          } catch (error) {
            const code = (error as NodeJS.ErrnoException).code;
            // ENOTEMPTY: a lock untouched past `staleMs` whose owner is named, and so is judged by its process.
            if (code !== 'ELOCKED' && code !== 'ENOTEMPTY') return undefined;
            if (await tookOverFromTheGone()) continue;
          }
        }
        ticket ??= await line.take(since, waitMs);
        if (Date.now() + delay > deadline) {
          throw new McpCoreError(
            'QUEUE_FULL',
            `Another MCP Admin on this config has held ${path} for over ${String(Math.round(waitMs / 1000))} s; try again when its change is done.`,
          );
        }
        // First in line, it looks again soon: the others let the lock go by until it has it.
        await new Promise((resolve) => setTimeout(resolve, behind ? delay : Math.min(delay, NEXT_RETRY_MS)));
      }
    } finally {
      await ticket?.remove();
    }
  }

  /** Takes the lock file now (ELOCKED when another holds it) and names this process its owner: its release. */
  async function lockFile(): Promise<() => Promise<void>> {
    const release = await lockfile.lock(path, {
      realpath: false,
      lockfilePath: path,
      stale: staleMs,
      update: updateMs,
      retries: 0,
      fs: { ...fs, mkdir: makeNamedLock },
      onCompromised: (error) => {
        logWarning(`${path} could not be kept fresh while this MCP Admin held it: ${errorText(error)}`);
      },
    });
    helpers.clear();
    starting.clear();
    // Once per process, holding the lock: what kills left beside it goes.
    leftoversCleared ??= clearLeftovers(path, staleMs);
    await leftoversCleared;
    return async () => {
      // Named as ours, it is ours: no one takes a lock whose named owner runs.
      const ours = (await ownerOf(ownerPath))?.pid === process.pid;
      await rm(nextOwnerPath, { force: true });
      // A kill from here to the folder's removal leaves it empty: the next MCP Admin's rename replaces it 2 s on.
      await rm(ownerPath, { force: true });
      // proper-lockfile lets go of a lock it could not touch in time (a full disk, a frozen loop) without removing it.
      await release().catch(async (error: unknown) => {
        if (!ours) throw error;
        await rmdir(path);
      });
    };
  }

  /**
   * Takes a lock whose named owner has ended out of the way: moved aside (one rename, which only
   * one contender wins), looked at again there, removed; put back if it names a live owner after all.
   */
  async function tookOverFromTheGone(): Promise<boolean> {
    const owner = await ownerOf(ownerPath);
    if (owner === undefined || isLive(owner, startingMs)) return false;
    const aside = `${path}.gone-${randomUUID()}`;
    try {
      await rename(path, aside);
    } catch {
      return false;
    }
    const moved = await ownerOf(join(aside, 'owner'));
    if (moved !== undefined && isLive(moved, startingMs)) {
      await rename(aside, path).catch(() => undefined);
      return false;
    }
    await rm(aside, { recursive: true, force: true });
    return true;
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
    helper(bin, args) {
      if (holding.getStore() !== true) return () => () => undefined;
      const cli: StartingCli = { bin, args: [...args], since: Date.now() };
      starting.add(cli);
      nameOwner();
      return (pid) => {
        starting.delete(cli);
        if (pid === undefined) {
          nameOwner();
          return () => undefined;
        }
        const helper = { pid, startTime: readProcess(pid)?.startTime ?? null };
        helpers.add(helper);
        nameOwner();
        return () => {
          helpers.delete(helper);
          nameOwner();
        };
      };
    },
    hold<T>(task: () => Promise<T>): Promise<T> {
      if (holding.getStore() === true) return task();
      const turn = inProcess.then(() => holdFile(task));
      inProcess = turn.catch(() => undefined);
      return turn;
    },
  };
}

/** At most this many names are looked at, and leftovers removed, per process: the folder may hold anything. */
const MAX_NAMES_LOOKED_AT = 1_024;
const MAX_LEFTOVERS = 64;
/** The names `makeNamedLock` and `tookOverFromTheGone` put beside the lock (`ownLockPath`'s `lock`). */
const LEFTOVER_NAME = /^lock\.(?:new|gone)-[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}$/;

/**
 * Removes the folders a kill left beside the lock (`lock.new-…` cut off before its rename into place,
 * `lock.gone-…` before its removal), untouched for `staleMs`: each lives for a few steps of one
 * process, so one that old is no one's. Only folders named so, never through a link, among the first
 * MAX_NAMES_LOOKED_AT names, at most MAX_LEFTOVERS; whatever fails is left for the next process.
 */
async function clearLeftovers(path: string, staleMs: number): Promise<void> {
  const folder = dirname(path);
  let looked = 0;
  let removed = 0;
  try {
    for await (const entry of await opendir(folder)) {
      if (++looked > MAX_NAMES_LOOKED_AT || removed >= MAX_LEFTOVERS) break;
      if (!entry.isDirectory() || !LEFTOVER_NAME.test(entry.name)) continue;
      const aside = join(folder, entry.name);
      const stats = await lstat(aside).catch(() => undefined);
      if (stats?.isDirectory() !== true || Date.now() - stats.mtimeMs < staleMs) continue;
      await rm(aside, { recursive: true, force: true }).catch(() => undefined);
      removed++;
    }
  } catch {
    // The own folder vanished or cannot be listed: the leftovers stay, in no one's way.
  }
}

/**
 * proper-lockfile's `mkdir` of the lock folder: the folder appears with its `owner` in it (made
 * beside it, named, moved in by one rename, which fails on a folder that holds anything), so a kill
 * at any instant leaves no lock that names no one, which only going stale (`staleMs`) would free.
 * The rename replaces an empty folder: one a kill left between removing its owner and itself, once
 * it is NAMING_GRACE_MS old (an older MCP Admin's `mkdir` makes it empty before naming itself).
 * What a kill before the rename leaves beside (`lock.new-…`) is in no one's way, and `clearLeftovers` removes it.
 */
function makeNamedLock(path: string, done: (error: NodeJS.ErrnoException | null) => void): void {
  const aside = `${path}.new-${randomUUID()}`;
  const make = async () => {
    // Held (its owner in it): said without making anything, as a waiter asks every 25 to 200 ms.
    if (await heldOrBeingNamed(path)) throw Object.assign(new Error(`${path} is held`), { code: 'EEXIST' });
    await mkdir(aside, { mode: OWN_DIR_MODE });
    try {
      await writeFile(join(aside, 'owner'), JSON.stringify(thisProcess()), {
        mode: OWN_FILE_MODE,
        flag: 'wx',
      });
      await rename(aside, path);
    } catch (error) {
      await rm(aside, { recursive: true, force: true }).catch(() => undefined);
      throw error;
    }
  };
  make().then(
    () => {
      done(null);
    },
    (error: unknown) => {
      const failure = error as NodeJS.ErrnoException;
      // Held (a folder with its owner), or something else is there: as `mkdir` says, it exists.
      if (['ENOTEMPTY', 'EEXIST', 'ENOTDIR', 'EISDIR'].includes(failure.code ?? '')) failure.code = 'EEXIST';
      done(failure);
    },
  );
}

/**
 * An empty lock folder this young may be an older MCP Admin's (one that makes the folder, then names
 * itself in it) between those two steps: replacing it would give the lock to two. One a kill left
 * empty is taken once it is this old, not once it is stale.
 */
const NAMING_GRACE_MS = 2_000;

/** Whether the folder at `path` holds an entry (one read, whatever it holds), or is empty and younger than NAMING_GRACE_MS. */
async function heldOrBeingNamed(path: string): Promise<boolean> {
  try {
    const dir = await opendir(path);
    try {
      if ((await dir.read()) !== null) return true;
    } finally {
      await dir.close();
    }
    return Date.now() - (await lstat(path)).mtimeMs < NAMING_GRACE_MS;
  } catch {
    return false;
  }
}

/** A CLI named before its spawn: what it runs, and when (ms since the epoch) it was about to start. */
interface StartingCli {
  bin: string;
  args: string[];
  since: number;
}

/** A lock's owner as its file names it: the process, the CLIs it ran under the lock, and those it was about to start. */
interface LockOwner extends ProcessOwner {
  helpers: ProcessOwner[];
  starting: StartingCli[];
}

/**
 * Whether the owner, or a CLI it started under the lock (which a kill of the owner leaves
 * running), still runs; a CLI named only as about to start may run while one runs what it was to
 * run, and within `startingMs` of its naming (it may not have reached its own program yet, or there
 * is no /proc to look in).
 */
function isLive(owner: LockOwner, startingMs: number): boolean {
  return (
    isRunning(owner) || owner.helpers.some(isRunning) || owner.starting.some((cli) => mayRun(cli, startingMs))
  );
}

function mayRun({ args, since }: StartingCli, startingMs: number): boolean {
  const age = Date.now() - since;
  return (age >= 0 && age < startingMs) || isRunningArgs(args);
}

/** The owner a lock names, if it names one this way. */
async function ownerOf(path: string): Promise<LockOwner | undefined> {
  try {
    const owner = (await readSmallJsonFile(path, MAX_OWNER_BYTES)) as
      | {
          pid?: unknown;
          startTime?: unknown;
          helpers?: unknown;
          starting?: unknown;
        }
      | null
      | undefined;
    const processOf = (value: unknown): ProcessOwner | undefined => {
      const { pid, startTime } = (value ?? {}) as { pid?: unknown; startTime?: unknown };
      if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return undefined;
      return { pid, startTime: typeof startTime === 'number' ? startTime : null };
    };
    const main = processOf(owner);
    if (main === undefined) return undefined;
    const helpers = Array.isArray(owner?.helpers) ? owner.helpers.slice(0, 64).map(processOf) : [];
    const starting = Array.isArray(owner?.starting) ? owner.starting.slice(0, 64).map(startingOf) : [];
    return {
      ...main,
      helpers: helpers.filter((helper) => helper !== undefined),
      starting: starting.filter((cli) => cli !== undefined),
    };
  } catch {
    return undefined;
  }
}

/** A CLI about to start as an owner file names it, if it names one this way. */
function startingOf(value: unknown): StartingCli | undefined {
  const { bin, args, since } = (value ?? {}) as { bin?: unknown; args?: unknown; since?: unknown };
  if (typeof bin !== 'string' || typeof since !== 'number' || !Array.isArray(args)) return undefined;
  const words = args.slice(0, 64).filter((arg): arg is string => typeof arg === 'string');
  return words.length === args.length ? { bin, args: words, since } : undefined;
}

/** An owner file names a process and at most 64 CLIs: far below this. */
const MAX_OWNER_BYTES = 16 * 1024;

/** No lock: for a file only one writer in one process ever touches (a test's own journal). */
export const NO_LOCK: OwnLock = {
  path: '',
  hold: (task) => task(),
  helper: () => () => () => undefined,
};
