/**
 * Changes of whole stored entries, on top of the service's audited CLI call: where an entry is
 * stored and where the CLI reaches it, `add-json` / remove / replace of one entry (the old one put
 * back when the new one cannot be added), each change recorded in the history with what landed,
 * and the undo of a recorded change. Everything here runs inside one turn of the mutation queue.
 */
import { basename, dirname } from 'node:path';
import { addJsonArgv, removeArgv } from '../cli';
import type { CliCommand } from '../cli';
import { isDirectory, localProjectKey, projectDirChain, projectMcpJsonPath } from '../config';
import type { StoredEntry } from '../config';
import { formatDuration, withDeadline } from '../deadline';
import { McpCoreError, isMcpCoreError } from '../errors';
import type { Scope, ServerChanges } from '../schemas';
import type { StashEntries } from '../switch/stash-entries';
import { changedFields } from './entry-edits';
import { hasLanded } from './history';
import type {
  ApprovalMove,
  ChangeProcedure,
  ChangeRecord,
  EntryPlace,
  PlacedEntry,
  ProjectToggleMove,
  SwitchMove,
} from './history';
import { combined, createEntrySteps, errorText } from './entry-steps';
import type { HistoryJournal } from './journal';
import { refuseUndoElsewhere, withProjectKeys } from './project-keys';
import { verifyRemoved, verifyStored } from './verify';

export interface MutationResult {
  ok: true;
  /** The CLI's own report. */
  message: string;
  /** Something went wrong after the change landed (e.g. the audit log could not be written). */
  warning?: string;
}

/**
 * A read inside the mutation queue (the read-back after a change; before a remove, the scope
 * lookup or the check that the listed source holds the entry) past this frees the queue with an
 * error. Each file read has a shorter limit of its own (see claude-config); this one also bounds
 * what those do not cover, such as a stuck `stat`.
 */
const QUEUED_READ_TIMEOUT_MS = 30_000;

const PROJECT_TOGGLES: ReadonlySet<ChangeProcedure> = new Set([
  'mcp.disableInProject',
  'mcp.enableInProject',
]);

/** What of one change has landed so far: the history records exactly this. */
export interface Landed {
  before?: PlacedEntry;
  after?: PlacedEntry;
  approval?: ApprovalMove;
  /** A change of several switches: each switch that landed. */
  switches?: SwitchMove[];
  /** What a per-project toggle wrote. */
  toggle?: ProjectToggleMove;
}

/** The change a history record is about: its procedure and the server it ends up naming. */
interface ChangeSubject {
  procedure: ChangeProcedure;
  place: Pick<EntryPlace, 'name' | 'projectPath'> & { scope: ChangeRecord['scope'] };
  /** The change it undoes. */
  undoes?: string;
}

/** What the service lends: its config, its reader, its audited CLI call, its history and its warnings. */
export interface EntryChangeDependencies {
  configPath: string;
  storedIn: (
    scope: Scope,
    name: string,
    projectPath: string,
    mcpJsonPath?: string,
  ) => Promise<StoredEntry | undefined>;
  /** One audited CLI call in `cwd`, then `verify`; throws what failed. */
  mutate: (
    procedure: string,
    command: CliCommand,
    cwd: string,
    verify: () => Promise<void>,
  ) => Promise<MutationResult>;
  journal: HistoryJournal;
  logWarning: (message: string) => void;
  /** Where switched-off user and local servers are kept: a place whose source is the stash is changed there. */
  stash: StashEntries;
}

export function createEntryChanges({
  configPath,
  storedIn,
  mutate,
  journal,
  logWarning,
  stash,
}: EntryChangeDependencies) {
  /** Where `name` of `scope` goes for `projectPath`: the file the CLI writes when run there. */
  async function placeFor(name: string, scope: Scope, projectPath: string): Promise<EntryPlace> {
    const source = scope === 'project' ? await projectMcpJsonPath(projectPath) : configPath;
    return { name, scope, projectPath, source };
  }

  /** The entry stored at `place` now. */
  function storedAt(place: EntryPlace): Promise<StoredEntry | undefined> {
    const { name, scope, projectPath, source } = place;
    if (stash.holds(source)) return withinQueuedReadDeadline(() => stash.storedAt(place));
    return withinQueuedReadDeadline(() =>
      storedIn(scope, name, projectPath, scope === 'project' ? source : undefined),
    );
  }

  /**
   * The place of a listed entry a row's action names. Without `source`, the entry the CLI finds from
   * the project dir. With it, exactly the listed entry: a farther `.mcp.json` is changed by running
   * the CLI in that file's own directory. A source that does not hold the name is refused before any spawn.
   */
  async function listedPlace(
    name: string,
    scope: Scope,
    source: string | undefined,
    projectPath: string,
  ): Promise<EntryPlace> {
    if (source === undefined) return placeFor(name, scope, projectPath);
    if (scope === 'project') {
      const chain = await projectDirChain(projectPath);
      if (basename(source) !== '.mcp.json' || !chain.includes(dirname(source))) {
        throw new McpCoreError(
          'INVALID_INPUT',
          `source "${source}" is not a .mcp.json that Claude Code reads for project "${projectPath}"`,
        );
      }
    } else if (source !== configPath && !stash.holds(source)) {
      throw new McpCoreError(
        'INVALID_INPUT',
        `source "${source}" is not where ${scope}-scope servers are kept (${configPath}, or ${stash.path} while switched off)`,
      );
    }
    const place = { name, scope, projectPath, source };
    if ((await storedAt(place)) === undefined) {
      throw new McpCoreError('INVALID_INPUT', `source "${source}" holds no ${scope}-scope server "${name}"`);
    }
    return place;
  }

  /** Whether two places are one entry: local scope is keyed by the project's git root, like the CLI. */
  async function samePlace(a: EntryPlace, b: EntryPlace): Promise<boolean> {
    if (a.name !== b.name || a.scope !== b.scope || a.source !== b.source) return false;
    if (a.scope !== 'local') return true;
    return (await localProjectKey(a.projectPath)) === (await localProjectKey(b.projectPath));
  }

  /** The CLI runs in the project, and for project scope in the dir of the `.mcp.json` it changes. */
  function cwdOf(place: EntryPlace): string {
    return place.scope === 'project' ? dirname(place.source) : place.projectPath;
  }

  /** `add-json` of a whole entry at its place, read back: the entry as it landed. */
  async function addWhole(
    procedure: string,
    target: PlacedEntry,
  ): Promise<{ result: MutationResult; stored: PlacedEntry }> {
    if (stash.holds(target.source)) {
      return { result: await stash.put(procedure, undefined, target), stored: target };
    }
    let stored = target;
    const argv = addJsonArgv(target.name, target.scope, target.entry);
    const result = await mutate(procedure, argv, cwdOf(target), async () => {
      const found = verifyStored(target.name, target.scope, target.entry, await storedAt(target));
      stored = { ...target, entry: found.entry };
    });
    return { result, stored };
  }

  function removeAt(procedure: string, place: EntryPlace): Promise<MutationResult> {
    if (stash.holds(place.source)) return stash.remove(procedure, place);
    return mutate(procedure, removeArgv(place.name, place.scope), cwdOf(place), async () => {
      verifyRemoved(place.name, await storedAt(place));
    });
  }

  const steps = createEntrySteps({ storedAt, removeAt, addWhole });
  const { removeRecorded, addRecorded } = steps;

  /** `from` replaced by `to` (see entry-steps.ts); a stashed entry edited in the stash is one write, never in neither place. */
  async function replace(
    procedure: string,
    from: PlacedEntry,
    to: PlacedEntry,
    landed: Landed,
  ): Promise<MutationResult> {
    if (stash.holds(from.source) && stash.holds(to.source)) {
      const result = await stash.put(procedure, from, to);
      landed.before = from;
      landed.after = to;
      return result;
    }
    return steps.replace(procedure, from, to, landed);
  }

  /**
   * Runs one change and records it in the history with what landed, whatever the outcome. A
   * history that cannot be written is a warning on a landed change, like the audit log.
   */
  async function recordedChange(
    { procedure, place, undoes }: ChangeSubject,
    run: (landed: Landed) => Promise<MutationResult>,
  ): Promise<MutationResult> {
    const { name, scope, projectPath } = place;
    const subject = {
      procedure,
      name,
      scope,
      // A per-project toggle is of one project whatever the server's scope.
      ...(scope === 'user' && !PROJECT_TOGGLES.has(procedure) ? {} : { projectPath }),
      ...(undoes === undefined ? {} : { undoes }),
    };
    const landed: Landed = {};
    let result: MutationResult;
    try {
      result = await run(landed);
    } catch (error) {
      // Input refused before anything ran (a server that is not there, not stashed) is no change.
      const refused = isMcpCoreError(error) && error.code === 'INVALID_INPUT' && !hasLanded(landed);
      if (!refused) await journalOrWarn({ ...subject, ok: false, message: errorText(error), ...landed });
      throw error;
    }
    const warning = await journalOrWarn({ ...subject, ok: true, message: result.message, ...landed });
    return warning === undefined ? result : combined(result, { ok: true, message: '', warning });
  }

  async function journalOrWarn(change: Omit<ChangeRecord, 'id' | 'time'>): Promise<string | undefined> {
    try {
      const { warning } = await journal.append(await withProjectKeys(change));
      if (warning !== undefined) logWarning(warning);
      return warning;
    } catch (error) {
      const warning = `The change was not recorded in ${journal.path}: ${errorText(error)}`;
      logWarning(warning);
      return warning;
    }
  }

  /** Undoes a change of stored entries: what it added goes, what it removed or replaced comes back whole. */
  async function restoreEntries(change: ChangeRecord): Promise<MutationResult> {
    await refuseIfChangedSince(change);
    const { before, after } = change;
    const place = before ?? after;
    if (place === undefined) throw new TypeError('restoreEntries needs a change that landed');
    return recordedChange({ procedure: 'mcp.undo', place, undoes: change.id }, async (landed) => {
      if (before === undefined) return removeRecorded('mcp.undo', place, landed);
      if (after === undefined) return addRecorded('mcp.undo', before, landed);
      return replace('mcp.undo', after, before, landed);
    });
  }

  /** CHANGED_SINCE unless the server is still as `change` left it, naming what changed. */
  async function refuseIfChangedSince({ before, after }: ChangeRecord): Promise<void> {
    for (const place of [before, after]) {
      if (place !== undefined) await refuseUndoInGoneDir(cwdOf(place), place.name);
      if (place !== undefined) await refuseUndoElsewhere(place);
    }
    if (after !== undefined) {
      const now = await storedAt(after);
      const where = `"${after.name}" in ${after.scope} scope (${after.source})`;
      if (now === undefined) {
        throw new McpCoreError('CHANGED_SINCE', `Cannot undo: ${where} was removed since.`);
      }
      const changed = changedFields(after.entry, now.entry);
      if (changed.length > 0) {
        const what = changed.map((field) => `${field} changed`).join(', ');
        throw new McpCoreError('CHANGED_SINCE', `Cannot undo: ${where} changed since: ${what}.`);
      }
    }
    if (before !== undefined && (after === undefined || !(await samePlace(before, after)))) {
      if ((await storedAt(before)) !== undefined) {
        throw new McpCoreError(
          'CHANGED_SINCE',
          `Cannot undo: a server "${before.name}" was added to ${before.scope} scope (${before.source}) since.`,
        );
      }
    }
  }

  /** Where an edit puts the entry: the same file unless it moves to another scope or project. */
  async function editedPlace(
    from: EntryPlace,
    changes: ServerChanges,
    targetProject: string,
  ): Promise<EntryPlace> {
    const name = changes.name ?? from.name;
    const scope = changes.scope ?? from.scope;
    if (stash.holds(from.source)) return stashedEditPlace(from, name, scope, targetProject);
    // Same scope and project: the very file the row was listed from, even a farther .mcp.json.
    if (scope === from.scope && targetProject === from.projectPath) return { ...from, name };
    return placeFor(name, scope, targetProject);
  }

  /** A switched-off entry is edited (and renamed) in the stash; it moves only once it is on again. */
  async function stashedEditPlace(
    from: EntryPlace,
    name: string,
    scope: Scope,
    targetProject: string,
  ): Promise<EntryPlace> {
    const otherProject =
      scope === 'local' &&
      (await localProjectKey(targetProject)) !== (await localProjectKey(from.projectPath));
    if (scope !== from.scope || otherProject) {
      throw new McpCoreError(
        'INVALID_INPUT',
        `server.${scope === from.scope ? 'projectPath' : 'scope'}: "${from.name}" is switched off; switch it on to move it to another ${scope === from.scope ? 'project' : 'scope'}`,
      );
    }
    return { ...from, name };
  }

  return {
    placeFor,
    storedAt,
    listedPlace,
    samePlace,
    editedPlace,
    removeAt,
    removeRecorded,
    addWhole,
    addRecorded,
    replace,
    recordedChange,
    /**
     * How each kind of change of stored entries is undone, inside its own queue turn: the entries
     * put back as the change found them. The switch has its own way back (see switch-changes).
     */
    entryUndoers: {
      'mcp.add': restoreEntries,
      'mcp.remove': restoreEntries,
      'mcp.update': restoreEntries,
      'mcp.import': restoreEntries,
      'mcp.undo': restoreEntries,
    } satisfies Partial<Record<ChangeProcedure, Undoer>>,
  };
}

/** How one recorded change is undone, inside a queue turn. */
export type Undoer = (change: ChangeRecord) => Promise<MutationResult>;

export type EntryChanges = ReturnType<typeof createEntryChanges>;

export function withinQueuedReadDeadline<T>(read: () => Promise<T>): Promise<T> {
  return withDeadline(
    read,
    QUEUED_READ_TIMEOUT_MS,
    () =>
      new McpCoreError(
        'CONFIG_UNREADABLE',
        `The config files could not be read within ${formatDuration(QUEUED_READ_TIMEOUT_MS)}.`,
      ),
  );
}

/** CHANGED_SINCE when `dir`, where an undo runs the CLI, is gone: it would read as a CLI that cannot start. */
export async function refuseUndoInGoneDir(dir: string, name: string): Promise<void> {
  if (!(await isDirectory(dir))) {
    throw new McpCoreError(
      'CHANGED_SINCE',
      `Cannot undo: ${dir}, where "${name}" was changed, is no longer a directory.`,
    );
  }
}
