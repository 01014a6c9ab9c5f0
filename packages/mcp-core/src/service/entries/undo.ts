/**
 * The undo of a change of stored entries (add, remove, update, import, and an undo of one): what
 * it added goes, what it removed or replaced comes back whole, unless the server changed since.
 */
import { changedFieldPaths } from '../../entry-comparison';
import { McpCoreError } from '../../errors';
import { plannedChange, runPlannedChange } from '../engine';
import type { MutationResult } from '../engine';
import { cwdOf } from './places';
import type { EntryPlaces } from './places';
import { refuseUndoElsewhere, refuseUndoInGoneDir } from '../history';
import type { EntryMoves, PlacedEntry, RecordOf, Undoer } from '../history';
import type { EntryRecordedChange } from './held-secrets';
import { keptAt } from './kept-secrets';
import type { KeptSecretStore } from './kept-secrets';
import type { EntryStep } from './steps';

type OneEntryStep = (procedure: string, entry: PlacedEntry) => Promise<EntryStep>;

export interface EntryUndoContext {
  places: Pick<EntryPlaces, 'storedAt' | 'samePlace'>;
  recordedChange: EntryRecordedChange;
  removeRecorded: OneEntryStep;
  addRecorded: OneEntryStep;
  replace: (procedure: string, from: PlacedEntry, to: PlacedEntry) => Promise<EntryStep>;
  /** Puts back the keychain items of a kept entry the change took away (held-secrets.ts). */
  keptSecrets: Pick<KeptSecretStore, 'restore' | 'forget'>;
}

export function createEntryUndo({
  places,
  recordedChange,
  removeRecorded,
  addRecorded,
  replace,
  keptSecrets,
}: EntryUndoContext): Undoer<'entries'> {
  const { storedAt, samePlace } = places;
  /** Undoes a change of stored entries: what it added goes, what it removed or replaced comes back whole. */
  async function restoreEntries(change: RecordOf<'entries'>): Promise<MutationResult> {
    await refuseIfChangedSince(change);
    const { before, after } = change;
    const place = before ?? after;
    if (place === undefined) throw new TypeError('restoreEntries needs a change that landed');
    return runPlannedChange(
      plannedChange({
        record: recordedChange,
        plan: async () => {
          // What the undo takes away (what the change stored) is durable before its first step.
          const plan =
            after === undefined
              ? undefined
              : { before: after, ...(before === undefined ? {} : { after: before }) };
          const subject = { kind: 'entries', procedure: 'mcp.undo', place, undoes: change.id, plan } as const;
          // A kept entry comes back with its items: put back from the change's copies first (a secret
          // in neither refuses the undo here, nothing changed).
          const putBack = before === undefined ? [] : await keptSecrets.restore(change.id, before.entry);
          return { subject, putBack };
        },
        // What it added goes, what it removed or replaced comes back whole.
        steps: () => {
          if (before === undefined) return removeRecorded('mcp.undo', place);
          if (after === undefined) return addRecorded('mcp.undo', before);
          return replace('mcp.undo', after, before);
        },
        // The items put back go unless the entry that holds them is stored all the same.
        failed: async ({ putBack }) => {
          if (before !== undefined && putBack.length > 0 && !(await keptAt(places, before, before.entry))) {
            await keptSecrets.forget(putBack);
          }
        },
      }),
    );
  }

  /** CHANGED_SINCE unless the server is still as `change` left it, naming what changed. */
  async function refuseIfChangedSince({ before, after }: EntryMoves): Promise<void> {
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
