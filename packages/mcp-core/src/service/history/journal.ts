/**
 * The history's file, `.mcp-admin/history.jsonl`: one record a line, appended with `appendLine`
 * (never blocked by a FIFO, a line cut off before ended first) and read newest first, in chunks from
 * the end, stopping as soon as the answer is found, so a call costs what it lists, not the file's
 * size. The file is bounded: once the next record would take it past `ROTATE_BYTES` it becomes
 * `history.1.jsonl` (still read, and undoable from) and the previous `history.1.jsonl` goes; the
 * change that rotated says how many changes went and how many of them could still have been undone,
 * and the dropped records go to `onDropped` (their kept secrets' items may now be unused).
 * A line that is not a record is skipped and reported, never fatal for the others. A change of
 * several steps is appended again after each step under the same id: the newest line of an id is
 * the record, so a crash mid-change leaves the steps that landed.
 */
import { randomUUID } from 'node:crypto';
import { lstat, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { appendLine } from '../../append-line';
import { MiB } from '../../config';
import { formatDuration, withDeadline } from '../../deadline';
import { McpCoreError } from '../../errors';
import { linesFromEnd } from '../../lines-from-end';
import { NO_LOCK } from '../../own-lock';
import type { OwnLock } from '../../own-lock';
import {
  hasLanded,
  historyItem,
  parseChangeRecord,
  refuseUnlessUndoable,
  storedChange,
} from './change-record';
import type { ChangeHeader, ChangeRecord, HistoryItem, NewChange } from './change-record';
import { errorText } from '../../error-text';

/** Thousands of changes of ordinary entries, about 80 edits of 200 KB entries; twice that with the rotated file. */
const ROTATE_BYTES = 16 * MiB;
/** The file is read from its end this much at a time; the event loop runs between two reads. */
const CHUNK_BYTES = 256 * 1024;
const READ_TIMEOUT_MS = 10_000;

/** What a read found, and the lines it skipped on the way (each said in a sentence). */
export interface JournalRead<T> {
  value: T;
  skipped: string[];
}

export interface HistoryJournal {
  readonly path: string;
  /**
   * Appends one record, given its id and time here (or those of `revises`, a record of the same
   * change written before, which this newer line replaces for every reader), and returns it, with
   * a warning when the append ended a cut-off line or rotated the file. Throws WRITE_FAILED when
   * it cannot be written.
   */
  append(
    change: NewChange,
    revises?: Pick<ChangeHeader, 'id' | 'time'>,
  ): Promise<{ record: ChangeRecord; warning?: string }>;
  /** The newest `limit` changes, newest first, without their entries. */
  newest(limit: number): Promise<JournalRead<HistoryItem[]>>;
  /** The change `id` names, if it can be undone; else INVALID_INPUT saying why not. */
  undoable(id: string): Promise<JournalRead<ChangeRecord>>;
}

type Found = { record: ChangeRecord; file: string } | { problem: string };

export interface HistoryJournalOptions {
  /** The size past which the file rotates; ROTATE_BYTES when not given (tests give less). */
  rotateBytes?: number;
  /**
   * Hears the records a rotation dropped (no longer undoable), after the append, still under the
   * lock: their keychain items may now be unused.
   */
  onDropped?: (records: ChangeRecord[]) => Promise<void>;
}

/**
 * The journal at `path`. `logWarning` hears of each line skipped, once per process (a panel polls
 * the history, the log should not repeat itself). `lock` is held over each rotation and append.
 */
export function createHistoryJournal(
  path: string,
  logWarning: (message: string) => void,
  lock: OwnLock = NO_LOCK,
  { rotateBytes = ROTATE_BYTES, onDropped }: HistoryJournalOptions = {},
): HistoryJournal {
  // A longer line is no record the product wrote (it rotates first): skipped unread.
  const maxRecordBytes = Math.max(rotateBytes, ROTATE_BYTES);
  const rotatedPath = join(dirname(path), 'history.1.jsonl');
  const reported = new Set<string>();

  /**
   * Every record, newest first, across both files; a record met twice (a rotation meanwhile, or a
   * change journaled step by step) once, as its newest line says.
   */
  async function* recordsNewestFirst(signal: AbortSignal): AsyncGenerator<Found> {
    const seen = new Set<string>();
    for (const file of [path, rotatedPath]) {
      const lines = linesFromEnd(file, { chunkBytes: CHUNK_BYTES, maxLineBytes: maxRecordBytes, signal });
      for await (const { offset, text } of lines) {
        const parsed =
          text === undefined
            ? { problem: `it is over ${maxRecordBytes / MiB} MiB` }
            : parseChangeRecord(text);
        if ('problem' in parsed) {
          yield {
            problem: `${file}: the line at byte ${offset} is skipped: ${parsed.problem}.`,
          };
        } else if (!seen.has(parsed.record.id)) {
          seen.add(parsed.record.id);
          yield { record: parsed.record, file };
        }
      }
    }
  }

  /** `scan` over the records within the read deadline; the skipped lines collected and reported. */
  function read<T>(scan: (found: AsyncGenerator<Found>, skip: (problem: string) => void) => Promise<T>) {
    return withDeadline(
      async (signal): Promise<JournalRead<T>> => {
        const skipped: string[] = [];
        const value = await scan(recordsNewestFirst(signal), (problem) => {
          skipped.push(problem);
          if (reported.has(problem)) return;
          reported.add(problem);
          logWarning(problem);
        });
        return { value, skipped };
      },
      READ_TIMEOUT_MS,
      () =>
        new McpCoreError(
          'CONFIG_UNREADABLE',
          `${path} could not be read within ${formatDuration(READ_TIMEOUT_MS)}`,
        ),
    );
  }

  /**
   * Before appending `lineBytes` more: the file rotated when it would pass ROTATE_BYTES, and what
   * that dropped, said. A path that is not a regular file is left to `appendLine` to refuse.
   */
  async function rotateIfFull(lineBytes: number): Promise<{ warning?: string; dropped: ChangeRecord[] }> {
    const stats = await lstat(path).catch(() => undefined);
    if (stats === undefined || !stats.isFile() || stats.size === 0 || stats.size + lineBytes <= rotateBytes) {
      return { dropped: [] };
    }
    const size = `${Math.round((rotateBytes / MiB) * 100) / 100} MiB`;
    const { words, records } = await droppedByRotation();
    try {
      await rename(path, rotatedPath);
    } catch (error) {
      // The record still goes in: a journal past its size beats a change not recorded.
      return {
        warning: `${path} reached ${size} and could not become ${rotatedPath} (${errorText(error)}): it grows on.`,
        dropped: [],
      };
    }
    return {
      warning:
        words === undefined
          ? `${path} reached ${size}: it is now ${rotatedPath}, still read and undoable from.`
          : `${path} reached ${size}: it is now ${rotatedPath}, still read and undoable from, and the changes the previous ${rotatedPath} held are dropped: ${words}`,
      dropped: records,
    };
  }

  /** What rotating drops, the changes of `history.1.jsonl`: in words (undefined when nothing), and the records. */
  async function droppedByRotation(): Promise<{ words?: string; records: ChangeRecord[] }> {
    try {
      const { value } = await read(async (found, skip) => {
        const undone = new Set<string>();
        const records: ChangeRecord[] = [];
        let undoable = 0;
        let newest: string | undefined;
        for await (const item of found) {
          if ('problem' in item) {
            skip(item.problem);
            continue;
          }
          const { record, file } = item;
          if (file === rotatedPath) {
            records.push(record);
            newest ??= record.time;
            if (hasLanded(record) && !undone.has(record.id)) undoable++;
          }
          if (record.ok && record.undoes !== undefined) undone.add(record.undoes);
        }
        return { records, undoable, newest };
      });
      if (value.records.length === 0) return { records: [] };
      return {
        words: `${value.records.length} changes up to ${value.newest ?? '?'}, ${value.undoable} of which could still have been undone.`,
        records: value.records,
      };
    } catch (error) {
      return { words: `it could not be read (${errorText(error)}).`, records: [] };
    }
  }

  return {
    path,
    async append(change, revises) {
      const { id, time } = revises ?? { id: randomUUID(), time: new Date().toISOString() };
      const record: ChangeRecord = { id, time, ...change };
      // The format users' disks already hold, with the record's `kind` last (older lines without it still read).
      const line = JSON.stringify({ ...storedChange(record), kind: record.kind });
      const { rotated, endedCutLine } = await lock.hold(async () => {
        const rotatedNow = await rotateIfFull(Buffer.byteLength(line) + 1);
        const appended = await appendLine(path, line);
        // After the append: the new record is in the file that decides what is still named.
        if (rotatedNow.dropped.length > 0) await onDropped?.(rotatedNow.dropped);
        return { rotated: rotatedNow.warning, ...appended };
      });
      const warnings = [
        ...(rotated === undefined ? [] : [rotated]),
        ...(endedCutLine
          ? [
              `${path} ended in a line cut off while it was written: it was ended, and is skipped when the history is read.`,
            ]
          : []),
      ];
      return warnings.length === 0 ? { record } : { record, warning: warnings.join('\n') };
    },

    newest: (limit) =>
      read(async (found, skip) => {
        const undone = new Set<string>();
        const items: HistoryItem[] = [];
        for await (const item of found) {
          if ('problem' in item) {
            skip(item.problem);
            continue;
          }
          const { record } = item;
          items.push(historyItem(record, undone.has(record.id)));
          if (items.length === limit) break;
          if (record.ok && record.undoes !== undefined) undone.add(record.undoes);
        }
        return items;
      }),

    undoable: (id) =>
      read(async (found, skip) => {
        // A later change is met first, newest first: who undid what is known when the change is.
        const undoneBy = new Map<string, string>();
        for await (const item of found) {
          if ('problem' in item) {
            skip(item.problem);
            continue;
          }
          const { record } = item;
          if (record.id === id) {
            refuseUnlessUndoable(record, undoneBy.get(id));
            return record;
          }
          if (record.ok && record.undoes !== undefined) undoneBy.set(record.undoes, record.id);
        }
        throw new McpCoreError('INVALID_INPUT', `id "${id}" names no change in the history`);
      }),
  };
}
