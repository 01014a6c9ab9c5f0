/**
 * Changes of whole stored entries, on top of the service's audited CLI call: `add-json` / remove /
 * replace of one entry at its place (the old one put back when the new one cannot be added), each
 * change recorded in the history with what landed, and the undo of a recorded one. Everything here
 * runs inside one turn of the mutation queue.
 */
import { addJsonArgv, removeArgv } from '../../cli';
import { verifyRemoved, verifyStored } from '../engine';
import type { AuditedCli, MutationResult, Readers } from '../engine';
import { createEntryPlaces, cwdOf } from './places';
import { createEntrySteps } from './steps';
import type { EntryStep } from './steps';
import { createEntryUndo } from './undo';
import type { EntryPlace, PlacedEntry, RecordedChange, UndoRegistry } from '../history';
import type { StashEntries } from './stash-entries';

/** What entry changes are made of: the config, its reader, the audited CLI call, the history, the stash. */
export interface EntryChangeContext {
  configPath: string;
  readers: Pick<Readers, 'storedIn'>;
  cli: AuditedCli;
  recordedChange: RecordedChange;
  /** Where the undo of entry changes is registered. */
  undoers: UndoRegistry;
  /** Where switched-off user and local servers are kept: a place whose source is the stash is changed there. */
  stash: StashEntries;
}

export function createEntryChanges({
  configPath,
  readers,
  cli,
  recordedChange,
  undoers,
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

  /** `from` replaced by `to` (see steps.ts); a stashed entry edited in the stash is one write, never in neither place. */
  async function replace(procedure: string, from: PlacedEntry, to: PlacedEntry): Promise<EntryStep> {
    if (stash.holds(from.source) && stash.holds(to.source)) {
      return { result: await stash.put(procedure, from, to), moves: { before: from, after: to } };
    }
    return steps.replace(procedure, from, to);
  }

  undoers.register(
    'entries',
    createEntryUndo({ places, recordedChange, removeRecorded, addRecorded, replace }),
  );

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
  };
}

export type EntryChanges = ReturnType<typeof createEntryChanges>;
