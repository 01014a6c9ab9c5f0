/**
 * The product's own history of changes (docs/api.md#mcphistory, #mcpundo): one JSON line per
 * change in `.mcp-admin/history.jsonl` beside `.claude.json` (mode 0600, its folder 0700; see
 * journal.ts for the file). A record
 * holds the whole entry before and after the change, secrets included, because undo needs them;
 * what leaves this module for an answer (`HistoryItem`) holds names and outcomes only.
 */
import { z } from 'zod';
import { McpCoreError } from '../../errors';
import { scopeSchema } from '../../schemas';
import { keysChangedIgnoringEmpty } from '../../entry-comparison';
import { ownFilePath } from '../../own-files';
import type { PermissionMove } from '../../permissions';
import { maskCredentials } from '../../secret-masking';
import type { Scope } from '../../schemas';
import type { ServerScope } from '../../config';
import type { MutationResult } from '../engine';

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
  /**
   * The project directory the change reached, resolved (see project-keys): an undo is refused when
   * `projectPath` resolves elsewhere since. Absent for user scope, and in records older than it.
   */
  projectKey?: string;
}

const APPROVAL_LISTS = ['disabledMcpjsonServers', 'enabledMcpjsonServers'] as const;

/**
 * A switch of a project-scope server: the approval list of the project's settings file its name
 * left and the one it went to (null: neither). The `.mcp.json` entry itself never changes.
 */
export interface ApprovalMove {
  settingsFile: string;
  /** The project directory, resolved, as for `PlacedEntry`. */
  projectKey?: string;
  from: (typeof APPROVAL_LISTS)[number] | null;
  to: (typeof APPROVAL_LISTS)[number] | null;
}

/**
 * The procedures whose changes are recorded. A new one is one more name here; the compiler then
 * asks for its kind (`KIND_OF`) and for its words in the panel. A new kind also registers its undo.
 */
const CHANGE_PROCEDURES = [
  'mcp.add',
  'mcp.remove',
  'mcp.update',
  'mcp.import',
  'mcp.disable',
  'mcp.enable',
  'mcp.applyProfile',
  'mcp.setPermission',
  'mcp.disableInProject',
  'mcp.enableInProject',
  'mcp.secretsToKeychain',
  'mcp.secretsFromKeychain',
  'mcp.undo',
] as const;

export type ChangeProcedure = (typeof CHANGE_PROCEDURES)[number];

/**
 * One switch of a change that switches several servers (`mcp.applyProfile`, and its undo): the
 * server, which way it went (`on`), and what it moved, as a single switch records it.
 */
export interface SwitchMove {
  name: string;
  scope: Scope;
  projectPath: string;
  on: boolean;
  before?: PlacedEntry;
  after?: PlacedEntry;
  approval?: ApprovalMove;
}

/**
 * What Claude Code's per-project toggle (`/mcp`) wrote for a `mcp.disableInProject` or
 * `mcp.enableInProject`: the project key of `.claude.json` and whether the name is now in its
 * `disabledMcpServers`.
 */
export interface ProjectToggleMove {
  configPath: string;
  projectKey: string;
  disabled: boolean;
}

/** How one recorded change is undone, inside a queue turn. */
export type Undoer<K extends ChangeKind = ChangeKind> = (change: RecordOf<K>) => Promise<MutationResult>;

/** What a change of stored entries moved: the entry it removed or replaced, and the one it stored. */
export interface EntryMoves {
  /** What the change removed or replaced; absent when it stored a new name. */
  before?: PlacedEntry;
  /** What the change stored; absent when it removed. Only what landed is recorded. */
  after?: PlacedEntry;
}

/** What one switch moved: the user/local entry it stashed (`before`) or added back (`after`), or a project server's approval. */
export interface SwitchMoves extends EntryMoves {
  approval?: ApprovalMove;
}

/**
 * What a change moved, by its kind: each kind has its own undo (registered by its capability,
 * see undo.ts). An undo is of the kind of the change it undid.
 */
export type ChangeMoves =
  | ({ kind: 'entries' } & EntryMoves)
  | ({ kind: 'switch' } & SwitchMoves)
  /** A change of several switches (a profile applied, its undo): each switch that landed, in order. */
  | { kind: 'switches'; switches?: SwitchMove[] }
  /** The rules on its target in one settings file, before and after. */
  | { kind: 'permission'; permission?: PermissionMove }
  | { kind: 'toggle'; toggle?: ProjectToggleMove };

export type ChangeKind = ChangeMoves['kind'];

/** The moves of one kind of change, without the tag: what a step of that kind returns as landed. */
export type MovesOf<K extends ChangeKind> = Omit<Extract<ChangeMoves, { kind: K }>, 'kind'>;

/**
 * A change settled at start after its MCP Admin stopped mid-way (recovery.ts): its steps were all
 * done then (`completed`), it was put back as it was (`put back`), or none of it had landed.
 */
export type Interrupted = 'completed' | 'put back' | 'nothing changed';
const INTERRUPTED = ['completed', 'put back', 'nothing changed'] as const satisfies readonly Interrupted[];

/** What every recorded change says, whatever its kind. */
export interface ChangeHeader {
  id: string;
  /** ISO 8601. */
  time: string;
  procedure: ChangeProcedure;
  name: string;
  /** A per-project toggle also turns off read-only (plugin, managed) servers. */
  scope: ServerScope;
  projectPath?: string;
  ok: boolean;
  /** The CLI's report, or the error. */
  message: string;
  /** The change this one undid. */
  undoes?: string;
  /** Settled at start: its MCP Admin stopped before it ended. */
  interrupted?: Interrupted;
}

/** One recorded change: its header, and what it moved, tagged by `kind`. */
export type ChangeRecord = ChangeHeader & ChangeMoves;
export type RecordOf<K extends ChangeKind> = ChangeHeader & Extract<ChangeMoves, { kind: K }>;
/** A change to journal: the journal gives it its id and time. */
export type NewChange = Omit<ChangeHeader, 'id' | 'time'> & ChangeMoves;

/**
 * A record as one line of the history file holds it (the format on users' disks): the header and
 * every payload optional; `kind` in lines written since issue 42, read from the procedure and the
 * payload in older ones. `parseChangeRecord` and `storedChange` map it at the edge.
 */
export interface StoredChange extends ChangeHeader, SwitchMoves {
  kind?: ChangeKind;
  switches?: SwitchMove[];
  permission?: PermissionMove;
  toggle?: ProjectToggleMove;
}

/** One change as `mcp.history` lists it: names and outcomes, never an entry. */
export type HistoryItem = Omit<ChangeHeader, 'undoes'> & {
  undoable: boolean;
  /** The files the change wrote (`.claude.json`, a `.mcp.json`): an undo writes them again. */
  files: string[];
  /**
   * For a change that replaced an entry (an edit, an undo of one): what differs, by name only
   * (`name`, `scope`, then the entry's keys such as `command`, `env`), never a value.
   */
  changed?: string[];
};

export function historyPath(configPath: string): string {
  return ownFilePath(configPath, 'history.jsonl');
}

// The journal is read as untrusted input: a record must have exactly this shape to be used.
const placedEntrySchema = z.object({
  name: z.string(),
  scope: scopeSchema,
  projectPath: z.string(),
  source: z.string(),
  entry: z.record(z.string(), z.unknown()),
  projectKey: z.string().optional(),
});

const approvalMoveSchema = z.object({
  settingsFile: z.string(),
  projectKey: z.string().optional(),
  from: z.enum(APPROVAL_LISTS).nullable(),
  to: z.enum(APPROVAL_LISTS).nullable(),
});

const switchMoveSchema = z.object({
  name: z.string(),
  scope: scopeSchema,
  projectPath: z.string(),
  on: z.boolean(),
  before: placedEntrySchema.optional(),
  after: placedEntrySchema.optional(),
  approval: approvalMoveSchema.optional(),
});

const placedRuleSchema = z.object({
  kind: z.enum(['allow', 'ask', 'deny']),
  rule: z.string(),
  index: z.number().int().nonnegative(),
});

const permissionMoveSchema = z.object({
  settingsFile: z.string(),
  file: z.enum(['user', 'project-local', 'project-shared']),
  rule: z.string(),
  from: z.array(placedRuleSchema),
  to: z.array(placedRuleSchema),
});

const projectToggleMoveSchema = z.object({
  configPath: z.string(),
  projectKey: z.string(),
  disabled: z.boolean(),
});

const changeRecordSchema = z.object({
  id: z.string(),
  time: z.string(),
  procedure: z.enum(CHANGE_PROCEDURES),
  name: z.string(),
  scope: z.union([scopeSchema, z.enum(['managed', 'plugin'])]),
  projectPath: z.string().optional(),
  ok: z.boolean(),
  message: z.string(),
  before: placedEntrySchema.optional(),
  after: placedEntrySchema.optional(),
  approval: approvalMoveSchema.optional(),
  switches: z.array(switchMoveSchema).optional(),
  permission: permissionMoveSchema.optional(),
  toggle: projectToggleMoveSchema.optional(),
  undoes: z.string().optional(),
  interrupted: z.enum(INTERRUPTED).optional(),
  kind: z.enum(['entries', 'switch', 'switches', 'permission', 'toggle']).optional(),
}) satisfies z.ZodType<StoredChange>;

/**
 * The record on one line of the journal, or why it cannot be used. The reason never quotes the
 * line: it holds secrets, and a cut-off one is any piece of them.
 */
export function parseChangeRecord(line: string): { record: ChangeRecord } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { problem: 'it is not JSON (cut off while it was written?)' };
  }
  const parsed = changeRecordSchema.safeParse(value);
  return parsed.success ? { record: recordOf(parsed.data) } : { problem: 'it is not a change record' };
}

/** The kind of each procedure's change; an undo's is read from what it moved. */
const KIND_OF: Record<Exclude<ChangeProcedure, 'mcp.undo'>, ChangeKind> = {
  'mcp.add': 'entries',
  'mcp.remove': 'entries',
  'mcp.update': 'entries',
  'mcp.import': 'entries',
  'mcp.disable': 'switch',
  'mcp.enable': 'switch',
  'mcp.applyProfile': 'switches',
  'mcp.setPermission': 'permission',
  'mcp.disableInProject': 'toggle',
  'mcp.enableInProject': 'toggle',
  'mcp.secretsToKeychain': 'entries',
  'mcp.secretsFromKeychain': 'entries',
};

/** A stored line as a tagged record (an undo of a profile holds switches, of a permission change rules). */
export function recordOf(stored: StoredChange): ChangeRecord {
  const { before, after, approval, switches, permission, toggle, kind: storedKind, ...header } = stored;
  const kind =
    stored.procedure !== 'mcp.undo'
      ? KIND_OF[stored.procedure]
      : storedKind !== undefined
        ? storedKind
        : permission !== undefined
          ? 'permission'
          : switches !== undefined
            ? 'switches'
            : 'entries';
  const entryMoves = {
    ...(before === undefined ? {} : { before }),
    ...(after === undefined ? {} : { after }),
  };
  switch (kind) {
    case 'entries':
      return { ...header, kind, ...entryMoves };
    case 'switch':
      return { ...header, kind, ...entryMoves, ...(approval === undefined ? {} : { approval }) };
    case 'switches':
      return { ...header, kind, ...(switches === undefined ? {} : { switches }) };
    case 'permission':
      return { ...header, kind, ...(permission === undefined ? {} : { permission }) };
    case 'toggle':
      return { ...header, kind, ...(toggle === undefined ? {} : { toggle }) };
  }
}

/** A record as older lines stored it, without its `kind` (the journal writes the kind after it). */
export function storedChange<T extends { kind: ChangeKind }>(record: T): Omit<T, 'kind'> {
  // Only the top level: a permission move's rules have a `kind` of their own.
  return Object.fromEntries(Object.entries(record).filter(([key]) => key !== 'kind')) as Omit<T, 'kind'>;
}

/** Whether any of a change landed: an entry stored or removed, an approval moved, a switch made, a rule written. */
export function hasLanded(moves: ChangeMoves): boolean {
  switch (moves.kind) {
    case 'entries':
      return moves.before !== undefined || moves.after !== undefined;
    case 'switch':
      return moves.before !== undefined || moves.after !== undefined || moves.approval !== undefined;
    case 'switches':
      return (moves.switches?.length ?? 0) > 0;
    case 'permission':
      return moves.permission !== undefined;
    case 'toggle':
      return moves.toggle !== undefined;
  }
}

/** The files a change wrote: the entries' files, the approvals' settings files, the rules' file, the toggle's config. */
function filesOf(record: ChangeRecord): (string | undefined)[] {
  const ofSwitch = (moved: SwitchMoves) => [
    moved.before?.source,
    moved.after?.source,
    moved.approval?.settingsFile,
  ];
  switch (record.kind) {
    case 'entries':
    case 'switch':
      return ofSwitch(record);
    case 'switches':
      return (record.switches ?? []).flatMap(ofSwitch);
    case 'permission':
      return [record.permission?.settingsFile];
    case 'toggle':
      return [record.toggle?.configPath];
  }
}

/** The scope of a change of stored entries or switches: only a per-project toggle names a read-only one. */
export function writtenScope({ name, scope }: Pick<ChangeHeader, 'name' | 'scope'>): Scope {
  if (scope === 'managed' || scope === 'plugin') {
    throw new TypeError(
      `the change of "${name}" names a ${scope}-scope server, which only a per-project toggle changes`,
    );
  }
  return scope;
}

/** One change as `mcp.history` lists it, given whether a later change undid it. */
export function historyItem(record: ChangeRecord, undone: boolean): HistoryItem {
  const { id, time, procedure, name, scope, projectPath, ok, message, interrupted } = record;
  const files = [...new Set(filesOf(record))].filter((file) => file !== undefined);
  const undoable = hasLanded(record) && !undone;
  // The CLI's report quotes the command and its arguments: their credentials stay here.
  const item = { id, time, procedure, name, scope, ok, message: maskCredentials(message), undoable, files };
  const changed = record.kind === 'entries' ? keysReplacementChanged(record.before, record.after) : undefined;
  return {
    ...item,
    ...(projectPath === undefined ? {} : { projectPath }),
    ...(changed === undefined ? {} : { changed }),
    ...(interrupted === undefined ? {} : { interrupted }),
  };
}

/** What a replacement changed, by name: where the entry is, then each stored key whose value differs. */
function keysReplacementChanged(
  before: PlacedEntry | undefined,
  after: PlacedEntry | undefined,
): string[] | undefined {
  if (before === undefined || after === undefined) return undefined;
  const moved = (['name', 'scope'] as const).filter((key) => before[key] !== after[key]);
  return [...moved, ...keysChangedIgnoringEmpty(before.entry, after.entry)];
}

/**
 * INVALID_INPUT unless the change `record` can be undone: something of it landed and no later
 * change (`undoneBy`) undid it.
 */
export function refuseUnlessUndoable(record: ChangeRecord, undoneBy: string | undefined): void {
  if (undoneBy !== undefined) {
    throw new McpCoreError(
      'INVALID_INPUT',
      `change "${record.id}" was already undone (by change "${undoneBy}")`,
    );
  }
  if (!hasLanded(record)) {
    throw new McpCoreError(
      'INVALID_INPUT',
      `change "${record.id}" failed and changed nothing: there is nothing to undo`,
    );
  }
}
