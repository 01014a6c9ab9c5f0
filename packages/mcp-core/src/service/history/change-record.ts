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
import type { MutationResult } from '../engine/change-result';

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
  'mcp.applyProfile',
  'mcp.setPermission',
  'mcp.disableInProject',
  'mcp.enableInProject',
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
export type Undoer = (change: ChangeRecord) => Promise<MutationResult>;

/** What of one change has landed so far: the history records exactly this. */
export interface Landed {
  before?: PlacedEntry;
  after?: PlacedEntry;
  approval?: ApprovalMove;
  /** A change of several switches: each switch that landed. */
  switches?: SwitchMove[];
  /** A permission change: the rules it moved in one settings file. */
  permission?: PermissionMove;
  /** What a per-project toggle wrote. */
  toggle?: ProjectToggleMove;
}

export interface ChangeRecord {
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
  /** What the change removed or replaced; absent when it stored a new name. */
  before?: PlacedEntry;
  /** What the change stored; absent when it removed. Only what landed is recorded. */
  after?: PlacedEntry;
  /** What a switch of a project-scope server moved. */
  approval?: ApprovalMove;
  /** What a change of several switches moved, each switch that landed in the order it landed. */
  switches?: SwitchMove[];
  /** What a permission change moved: the rules on its target in one settings file, before and after. */
  permission?: PermissionMove;
  /** What a per-project toggle wrote. */
  toggle?: ProjectToggleMove;
  /** The change this one undid. */
  undoes?: string;
}

/** One change as `mcp.history` lists it: names and outcomes, never an entry. */
export type HistoryItem = Omit<
  ChangeRecord,
  'before' | 'after' | 'approval' | 'switches' | 'permission' | 'toggle' | 'undoes'
> & {
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
}) satisfies z.ZodType<ChangeRecord>;

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
  return parsed.success ? { record: parsed.data } : { problem: 'it is not a change record' };
}

/** Whether any of a change landed: an entry stored or removed, an approval moved, a switch made, a rule written. */
export function hasLanded({
  before,
  after,
  approval,
  switches,
  permission,
  toggle,
}: Pick<ChangeRecord, 'before' | 'after' | 'approval' | 'switches' | 'permission' | 'toggle'>) {
  return (
    before !== undefined ||
    after !== undefined ||
    approval !== undefined ||
    (switches?.length ?? 0) > 0 ||
    permission !== undefined ||
    toggle !== undefined
  );
}

/** The scope of a change of stored entries or switches: only a per-project toggle names a read-only one. */
export function writtenScope({ name, scope }: Pick<ChangeRecord, 'name' | 'scope'>): Scope {
  if (scope === 'managed' || scope === 'plugin') {
    throw new TypeError(
      `the change of "${name}" names a ${scope}-scope server, which only a per-project toggle changes`,
    );
  }
  return scope;
}

/** One change as `mcp.history` lists it, given whether a later change undid it. */
export function historyItem(record: ChangeRecord, undone: boolean): HistoryItem {
  const { id, time, procedure, name, scope, projectPath, ok, message } = record;
  const files = [
    ...new Set([
      ...[record, ...(record.switches ?? [])].flatMap((moved) => [
        moved.before?.source,
        moved.after?.source,
        moved.approval?.settingsFile,
      ]),
      record.permission?.settingsFile,
      record.toggle?.configPath,
    ]),
  ].filter((file) => file !== undefined);
  const undoable = hasLanded(record) && !undone;
  // The CLI's report quotes the command and its arguments: their credentials stay here.
  const item = { id, time, procedure, name, scope, ok, message: maskCredentials(message), undoable, files };
  const changed = keysReplacementChanged(record.before, record.after);
  return {
    ...item,
    ...(projectPath === undefined ? {} : { projectPath }),
    ...(changed === undefined ? {} : { changed }),
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
