/**
 * The product's own history of changes (SPEC §4 `mcp.history`, `mcp.undo`): one JSON line per
 * change in `.mcp-admin/history.jsonl` beside `.claude.json` (mode 0600, its folder 0700). A record
 * holds the whole entry before and after the change, secrets included, because undo needs them;
 * what leaves this module for an answer (`HistoryItem`) holds names and outcomes only.
 */
import { randomUUID } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { MiB, readConfigFile } from '../config/config-file';
import type { ConfigFileLimits } from '../config/config-file';
import { McpCoreError } from '../errors';
import { scopeSchema } from '../schemas';
import type { Scope } from '../schemas';

/** Where one entry is (or was) stored: the file, and what the CLI needs to reach it there. */
export interface EntryPlace {
  name: string;
  scope: Scope;
  /** The project the change was made for: the CLI's cwd for local scope (keyed by its git root). */
  projectPath: string;
  /** `.claude.json` for user and local scope, the `.mcp.json` for project scope. */
  source: string;
}

export interface PlacedEntry extends EntryPlace {
  /** The entry exactly as stored, secrets included. */
  entry: Record<string, unknown>;
}

const APPROVAL_LISTS = ['disabledMcpjsonServers', 'enabledMcpjsonServers'] as const;

/**
 * A switch of a project-scope server: the approval list of the project's settings file its name
 * left and the one it went to (null: neither). The `.mcp.json` entry itself never changes.
 */
export interface ApprovalMove {
  settingsFile: string;
  from: (typeof APPROVAL_LISTS)[number] | null;
  to: (typeof APPROVAL_LISTS)[number] | null;
}

/**
 * The procedures whose changes are recorded. A new kind of change is one more name here; the
 * compiler then asks for its way back in the service's `undoers` and for its words in the panel.
 */
const CHANGE_PROCEDURES = [
  'mcp.add',
  'mcp.remove',
  'mcp.update',
  'mcp.import',
  'mcp.disable',
  'mcp.enable',
  'mcp.undo',
] as const;

export type ChangeProcedure = (typeof CHANGE_PROCEDURES)[number];

export interface ChangeRecord {
  id: string;
  /** ISO 8601. */
  time: string;
  procedure: ChangeProcedure;
  name: string;
  scope: Scope;
  projectPath?: string;
  ok: boolean;
  /** The CLI's report, or the error. */
  message: string;
  /** What the change removed or replaced; absent when it stored a new name. */
  before?: PlacedEntry;
  /** What the change stored; absent when it removed. Only what landed is recorded. */
  after?: PlacedEntry;
  /** What a switch of a project-scope server moved. */
  approval?: ApprovalMove;
  /** The change this one undid. */
  undoes?: string;
}

/** One change as `mcp.history` lists it: names and outcomes, never an entry. */
export type HistoryItem = Omit<ChangeRecord, 'before' | 'after' | 'approval' | 'undoes'> & {
  undoable: boolean;
  /** The files the change wrote (`.claude.json`, a `.mcp.json`): an undo writes them again. */
  files: string[];
  /**
   * For a change that replaced an entry (an edit, an undo of one): what differs, by name only
   * (`name`, `scope`, then the entry's keys such as `command`, `env`), never a value.
   */
  changed?: string[];
};

export interface HistoryJournal {
  readonly path: string;
  /** Appends one record, given its id and time here, and returns it. */
  append(change: Omit<ChangeRecord, 'id' | 'time'>): Promise<ChangeRecord>;
  /** Every record, oldest first. Throws CONFIG_UNREADABLE naming the file when it cannot be used. */
  read(): Promise<ChangeRecord[]>;
}

/** Years of changes at a few hundred bytes each; a larger file is refused, not read. */
const HISTORY_LIMITS: ConfigFileLimits = { maxBytes: 64 * MiB, readTimeoutMs: 10_000 };

export function historyPath(configPath: string): string {
  return join(dirname(configPath), '.mcp-admin', 'history.jsonl');
}

// The journal is read as untrusted input: a record must have exactly this shape to be used.
const placedEntrySchema = z.object({
  name: z.string(),
  scope: scopeSchema,
  projectPath: z.string(),
  source: z.string(),
  entry: z.record(z.string(), z.unknown()),
});

const changeRecordSchema = z.object({
  id: z.string(),
  time: z.string(),
  procedure: z.enum(CHANGE_PROCEDURES),
  name: z.string(),
  scope: scopeSchema,
  projectPath: z.string().optional(),
  ok: z.boolean(),
  message: z.string(),
  before: placedEntrySchema.optional(),
  after: placedEntrySchema.optional(),
  approval: z
    .object({
      settingsFile: z.string(),
      from: z.enum(APPROVAL_LISTS).nullable(),
      to: z.enum(APPROVAL_LISTS).nullable(),
    })
    .optional(),
  undoes: z.string().optional(),
}) satisfies z.ZodType<ChangeRecord>;

export function createHistoryJournal(path: string): HistoryJournal {
  return {
    path,
    async append(change) {
      const record: ChangeRecord = { id: randomUUID(), time: new Date().toISOString(), ...change };
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await appendFile(path, `${JSON.stringify(record)}\n`, { mode: 0o600 });
      return record;
    },
    async read() {
      const snapshot = await readConfigFile(path, HISTORY_LIMITS);
      if (snapshot === undefined) return [];
      const lines = snapshot.bytes.toString('utf8').split('\n');
      // The last piece has no newline yet: a record still being written (or cut off), not one to use.
      return lines.slice(0, -1).map((line, index) => parseRecord(path, line, index + 1));
    },
  };
}

function parseRecord(path: string, line: string, lineNumber: number): ChangeRecord {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw unusable(path, lineNumber, error instanceof Error ? error.message : String(error));
  }
  const parsed = changeRecordSchema.safeParse(value);
  if (!parsed.success) throw unusable(path, lineNumber, 'not a change record');
  return parsed.data;
}

function unusable(path: string, lineNumber: number, reason: string): McpCoreError {
  return new McpCoreError('CONFIG_UNREADABLE', `${path} line ${lineNumber} cannot be used: ${reason}`);
}

/** The ids of the changes a later change undid. */
function undoneIds(records: readonly ChangeRecord[]): Set<string> {
  return new Set(records.flatMap(({ ok, undoes }) => (ok && undoes !== undefined ? [undoes] : [])));
}

/** A change can be undone when something of it landed and no later change undid it. */
function isUndoable(record: ChangeRecord, undone: ReadonlySet<string>): boolean {
  return hasLanded(record) && !undone.has(record.id);
}

/** Whether any of a change landed: an entry stored or removed, or an approval moved. */
export function hasLanded({ before, after, approval }: Pick<ChangeRecord, 'before' | 'after' | 'approval'>) {
  return before !== undefined || after !== undefined || approval !== undefined;
}

/** The newest `limit` changes, newest first, without their entries. */
export function historyItems(records: readonly ChangeRecord[], limit: number): HistoryItem[] {
  const undone = undoneIds(records);
  return records
    .slice(-limit)
    .reverse()
    .map((record) => {
      const { id, time, procedure, name, scope, projectPath, ok, message } = record;
      const files = [
        ...new Set([record.before?.source, record.after?.source, record.approval?.settingsFile]),
      ].filter((file) => file !== undefined);
      const undoable = isUndoable(record, undone);
      const item = { id, time, procedure, name, scope, ok, message, undoable, files };
      const changed = changedFields(record.before, record.after);
      return {
        ...item,
        ...(projectPath === undefined ? {} : { projectPath }),
        ...(changed === undefined ? {} : { changed }),
      };
    });
}

/** What a replacement changed, by name: where the entry is, then each stored key whose value differs. */
function changedFields(
  before: PlacedEntry | undefined,
  after: PlacedEntry | undefined,
): string[] | undefined {
  if (before === undefined || after === undefined) return undefined;
  const moved = (['name', 'scope'] as const).filter((key) => before[key] !== after[key]);
  const keys = [...new Set([...Object.keys(before.entry), ...Object.keys(after.entry)])];
  const edited = keys.filter(
    (key) => !isDeepStrictEqual(filled(before.entry[key]), filled(after.entry[key])),
  );
  return [...moved, ...edited];
}

/** An empty list or map says what a missing one says: no arguments, no headers. */
function filled(value: unknown): unknown {
  const empty = Array.isArray(value)
    ? value.length === 0
    : typeof value === 'object' && value !== null && Object.keys(value).length === 0;
  return empty ? undefined : value;
}

/** The change `id` names, if it can be undone; else INVALID_INPUT saying why not. */
export function undoableChange(records: readonly ChangeRecord[], id: string): ChangeRecord {
  const record = records.find((candidate) => candidate.id === id);
  if (record === undefined)
    throw new McpCoreError('INVALID_INPUT', `id "${id}" names no change in the history`);
  const undoneBy = records.find((later) => later.ok && later.undoes === id);
  if (undoneBy !== undefined) {
    throw new McpCoreError('INVALID_INPUT', `change "${id}" was already undone (by change "${undoneBy.id}")`);
  }
  if (!isUndoable(record, new Set())) {
    throw new McpCoreError(
      'INVALID_INPUT',
      `change "${id}" failed and changed nothing: there is nothing to undo`,
    );
  }
  return record;
}
