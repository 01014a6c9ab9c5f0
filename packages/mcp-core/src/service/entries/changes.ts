/**
 * Changes of whole stored entries, on top of the service's audited CLI call: `add-json` / remove /
 * replace of one entry at its place (the old one put back when the new one cannot be added), each
 * change recorded in the history with what landed, and the undo of a recorded one. Everything here
 * runs inside one turn of the mutation queue.
 */
import { addJsonArgv, removeArgv } from '../../cli';
import type { AuditedCli } from '../engine/audited-cli';
import type { MutationResult } from '../engine/change-result';
import { createEntryPlaces, cwdOf } from './places';
import { createEntrySteps } from './steps';
import { createEntryUndo } from './undo';
import type { ChangeProcedure, EntryPlace, Landed, PlacedEntry, Undoer } from '../history/change-record';
import type { Readers } from '../engine/readers';
import type { RecordedChange } from '../history/recorded-change';
import type { StashEntries } from './stash-entries';
import { verifyRemoved, verifyStored } from '../engine/verify';

/** What entry changes are made of: the config, its reader, the audited CLI call, the history, the stash. */
export interface EntryChangeContext {
  configPath: string;
  readers: Pick<Readers, 'storedIn'>;
  cli: AuditedCli;
  recordedChange: RecordedChange;
  /** Where switched-off user and local servers are kept: a place whose source is the stash is changed there. */
  stash: StashEntries;
}

export function createEntryChanges({
  configPath,
  readers,
  cli,
  recordedChange,
  stash,
}: EntryChangeContext) {
  const places = createEntryPlaces({ configPath, readers, stash });
  const { placeFor, storedAt, listedPlace, samePlace, editedPlace } = places;

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
    const result = await cli.run(procedure, argv, cwdOf(target), async () => {
      const found = verifyStored(target.name, target.scope, target.entry, await storedAt(target));
      stored = { ...target, entry: found.entry };
    });
    return { result, stored };
  }

  function removeAt(procedure: string, place: EntryPlace): Promise<MutationResult> {
    if (stash.holds(place.source)) return stash.remove(procedure, place);
    return cli.run(procedure, removeArgv(place.name, place.scope), cwdOf(place), async () => {
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

  const restoreEntries = createEntryUndo({ places, recordedChange, removeRecorded, addRecorded, replace });

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

export type EntryChanges = ReturnType<typeof createEntryChanges>;
