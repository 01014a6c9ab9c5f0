/**
 * The undo of a change of stored entries (add, remove, update, import, and an undo of one): what
 * it added goes, what it removed or replaced comes back whole, unless the server changed since.
 */
import { changedFieldPaths } from '../../entry-comparison';
import { McpCoreError } from '../../errors';
import type { MutationResult } from '../engine/change-result';
import { cwdOf } from './places';
import type { EntryPlaces } from './places';
import type { ChangeRecord, Landed, PlacedEntry } from '../history/change-record';
import { refuseUndoElsewhere, refuseUndoInGoneDir } from '../history/project-keys';
import type { RecordedChange } from '../history/recorded-change';

type EntryStep = (procedure: string, entry: PlacedEntry, landed: Landed) => Promise<MutationResult>;

export interface EntryUndoContext {
  places: Pick<EntryPlaces, 'storedAt' | 'samePlace'>;
  recordedChange: RecordedChange;
  removeRecorded: EntryStep;
  addRecorded: EntryStep;
  replace: (procedure: string, from: PlacedEntry, to: PlacedEntry, landed: Landed) => Promise<MutationResult>;
}

export function createEntryUndo({
  places,
  recordedChange,
  removeRecorded,
  addRecorded,
  replace,
}: EntryUndoContext) {
  const { storedAt, samePlace } = places;
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
      const changed = changedFieldPaths(after.entry, now.entry);
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

  return restoreEntries;
}
