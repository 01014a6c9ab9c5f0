/**
 * The waiting line of the own lock (`own-lock.ts`): first come, first served across processes. A
 * process that finds the lock taken writes a ticket in `.mcp-admin/lock-waiting/`, named by when
 * it began to wait, its pid and a random tail, and naming its process (pid and start time) and how
 * long it waits. Before each try at the lock, a process looks for a ticket older than its own (any
 * ticket, when it has none: it has not waited); while one is there, it lets the lock go by, so a
 * busy MCP Admin that releases and re-takes the lock within a millisecond no longer keeps one that
 * waits from it. A ticket is removed once its process holds the lock or gives up.
 *
 * The line only orders the tries; it never keeps the lock from being taken for long: a ticket whose
 * process has ended is removed (a `kill -9` while waiting), one older than its own wait (its
 * process would have given up) is passed over, and so is anything else in the folder (every byte
 * there may be garbage): a name not shaped as a ticket, a link, a FIFO, a folder, a file larger
 * than a ticket, text that does not name the process its name does. At most MAX_NAMES names are
 * listed and MAX_READS tickets read per look. Where the folder cannot be written, a waiter has no
 * ticket and waits as before: unfair, never stuck.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, open, opendir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { makeOwnDir, OWN_FILE_MODE } from './own-files';
import { isRunning, thisProcess } from './process-table';
import { readSmallJsonFile } from './small-json-file';
import type { ProcessOwner } from './process-table';

/** A ticket names a process and two numbers: far below this. */
const MAX_TICKET_BYTES = 1_024;
/** Names listed per look (the folder may hold anything), and tickets opened per look. */
const MAX_NAMES = 256;
const MAX_READS = 16;
/** `<ms since the epoch, 15 digits>-<pid>-<random hex>`: sorted by name, oldest first. */
const TICKET_NAME = /^(\d{15})-([1-9]\d{0,9})-[0-9a-f]{16}$/;
const WRITE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/** A ticket as its file names it: its process, when it began to wait and for how long at most. */
interface TicketText extends ProcessOwner {
  since: number;
  waitMs: number;
}

/** This process's ticket: its name (to know which are older) and its removal. */
export interface Ticket {
  readonly name: string;
  remove(): Promise<void>;
}

export interface WaitingLine {
  readonly path: string;
  /** Writes this process's ticket, waiting since `since`, for at most `waitMs`; undefined where it cannot. */
  take(since: number, waitMs: number): Promise<Ticket | undefined>;
  /** Whether a live process waits ahead of `mine` (of anyone, when this process has no ticket). */
  anyoneAhead(mine: Ticket | undefined): Promise<boolean>;
}

/**
 * The line at `path`; `maxWaitMs` bounds how long any ticket is honoured, whatever wait it names
 * (a ticket naming a live process that no longer waits keeps no one from the lock for longer).
 */
export function createWaitingLine(path: string, maxWaitMs: number): WaitingLine {
  return {
    path,
    async take(since, waitMs) {
      const me = thisProcess();
      const name = `${String(since).padStart(15, '0')}-${String(me.pid)}-${randomBytes(8).toString('hex')}`;
      const file = join(path, name);
      const text: TicketText = { ...me, since, waitMs };
      try {
        await makeOwnDir(file);
        if (!(await lstat(path)).isDirectory()) return undefined;
        const handle = await open(file, WRITE_FLAGS, OWN_FILE_MODE);
        try {
          await handle.writeFile(JSON.stringify(text));
        } finally {
          await handle.close();
        }
      } catch {
        await rm(file, { force: true }).catch(() => undefined);
        return undefined;
      }
      return { name, remove: () => rm(file, { force: true }).catch(() => undefined) };
    },
    async anyoneAhead(mine) {
      const me = thisProcess();
      for (const name of await olderNames(path, mine?.name)) {
        const ticket = await readTicket(join(path, name), name);
        if (ticket === undefined) continue;
        // This process waits for one lock at a time: a ticket of its own it did not remove is no one's.
        if (ticket.pid === me.pid && ticket.startTime === me.startTime) continue;
        if (!isRunning(ticket)) {
          // Its waiter was killed: the ticket is no one's.
          await rm(join(path, name), { force: true }).catch(() => undefined);
          continue;
        }
        const age = Date.now() - ticket.since;
        if (age <= Math.min(ticket.waitMs, maxWaitMs)) return true;
      }
      return false;
    },
  };
}

/** The names shaped as tickets, older than `mine` (all, without one), oldest first: at most MAX_READS. */
async function olderNames(path: string, mine: string | undefined): Promise<string[]> {
  const names: string[] = [];
  try {
    if (!(await lstat(path)).isDirectory()) return [];
    let seen = 0;
    for await (const entry of await opendir(path)) {
      if (++seen > MAX_NAMES) break;
      if (!entry.isFile() || !TICKET_NAME.test(entry.name)) continue;
      if (mine === undefined || entry.name < mine) names.push(entry.name);
    }
  } catch {
    // No line (the folder is missing, is not one, or vanished mid-listing): what was listed stands.
  }
  return names.sort().slice(0, MAX_READS);
}

/** The ticket a file holds, if it is a small regular file that names the process and time its name does. */
async function readTicket(path: string, name: string): Promise<TicketText | undefined> {
  const text = (await readSmallJsonFile(path, MAX_TICKET_BYTES)) as Partial<TicketText> | null | undefined;
  const [, since, pid] = TICKET_NAME.exec(name) ?? [];
  if (text?.pid !== Number(pid) || text.since !== Number(since)) return undefined;
  if (typeof text.waitMs !== 'number' || !(text.waitMs >= 0)) return undefined;
  const startTime = typeof text.startTime === 'number' ? text.startTime : null;
  return { pid: text.pid, startTime, since: text.since, waitMs: text.waitMs };
}
