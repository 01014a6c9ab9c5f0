/**
 * Changes of whole stored entries, on top of the service's audited CLI call: `add-json` / remove /
 * replace of one entry at its place (the old one put back when the new one cannot be added), each
 * change recorded in the history with what landed, and the undo of a recorded one. Everything here
 * runs inside one turn of the mutation queue.
 */
import { addJsonArgv, removeArgv } from '../../cli';
import { fieldsDifferingAsLoaded } from '../../entry-comparison';
import { errorText } from '../../error-text';
import { verifyRemoved, verifyStored } from '../engine';
import type { AuditedCli, MutationResult, Readers } from '../engine';
import { createHeldSecrets } from './held-secrets';
import type { KeptSecretStore } from './kept-secrets';
import { createEntryPlaces, cwdOf } from './places';
import { createEntrySteps } from './steps';
import type { EntryStep } from './steps';
import { createEntryUndo } from './undo';
import type {
  EntryPlace,
  PlacedEntry,
  RecordedChange,
  RecordOf,
  Recovery,
  Settled,
  UndoRegistry,
} from '../history';
import type { StashEntries } from './stash-entries';

/** What entry changes are made of: the config, its reader, the audited CLI call, the history, the stash. */
export interface EntryChangeContext {
  configPath: string;
  readers: Pick<Readers, 'storedIn'>;
  cli: AuditedCli;
  recordedChange: RecordedChange;
  /** Where the undo of entry changes is registered. */
  undoers: UndoRegistry;
  /** Where the settling of an entry change interrupted by a crash is registered. */
  recovery: Recovery;
  /** Where switched-off user and local servers are kept: a place whose source is the stash is changed there. */
  stash: StashEntries;
  /** The keychain items of kept entries: a change that takes one away holds them for its undo. */
  keptSecrets: KeptSecretStore;
  logWarning: (message: string) => void;
}

export function createEntryChanges({
  configPath,
  readers,
  cli,
  recordedChange,
  undoers,
  recovery,
  stash,
  keptSecrets,
  logWarning,
}: EntryChangeContext) {
  const places = createEntryPlaces({ configPath, readers, stash });
  const { placeFor, storedAt, listedPlace, samePlace, editedPlace } = places;
  const heldSecrets = createHeldSecrets({ keptSecrets, storedAt, logWarning });
  const recordedEntryChange = heldSecrets.recorded(recordedChange);

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
      return { ok: true, result: await stash.put(procedure, from, to), moves: { before: from, after: to } };
    }
    return steps.replace(procedure, from, to);
  }

  undoers.register(
    'entries',
    createEntryUndo({
      places,
      recordedChange: recordedEntryChange,
      removeRecorded,
      addRecorded,
      replace,
      keptSecrets,
    }),
  );

  /** Whether `place` stores `entry` now (as loaded: the CLI may add empty defaults). */
  async function holds(place: PlacedEntry): Promise<boolean> {
    return (await storedAs(place)) !== undefined;
  }

  /** `place` as stored now when it stores its `entry` as loaded (an undo compares field by field); else undefined. */
  async function storedAs(place: PlacedEntry): Promise<PlacedEntry | undefined> {
    const stored = await storedAt(place);
    const same = stored !== undefined && fieldsDifferingAsLoaded(stored.entry, place.entry).length === 0;
    return same ? { ...place, entry: stored.entry } : undefined;
  }

  /**
   * An entry change whose MCP Admin stopped mid-way, settled by what is stored now: the new entry
   * there (completed, undoable); the old one still there (nothing changed); neither, after a
   * remove landed: the old entry put back whole with add-json (or, when that fails, kept in the
   * record, undoable, so an undo adds it back).
   */
  async function settleInterrupted(planned: RecordOf<'entries'>): Promise<Settled<'entries'>> {
    const { before: from, after: to, procedure } = planned;
    const landed = to === undefined ? undefined : await storedAs(to);
    if (to !== undefined && landed !== undefined) {
      const fromLeft = from !== undefined && !(await samePlace(from, to)) && (await holds(from));
      return {
        interrupted: 'completed',
        moves: { ...(from === undefined || fromLeft ? {} : { before: from }), after: landed },
        message: `Interrupted (MCP Admin stopped before it ended); found completed: "${to.name}" is stored in ${to.source} as the change asked.`,
      };
    }
    if (from === undefined) {
      return {
        interrupted: 'nothing changed',
        moves: {},
        message: `Interrupted (MCP Admin stopped before it ended); nothing of it had landed.`,
      };
    }
    if (await holds(from)) {
      return {
        interrupted: 'nothing changed',
        moves: {},
        message: `Interrupted (MCP Admin stopped before it ended); nothing of it had landed: "${from.name}" is stored in ${from.source} as before.`,
      };
    }
    if (to === undefined) {
      return {
        interrupted: 'completed',
        moves: { before: from },
        message: `Interrupted (MCP Admin stopped before it ended); found completed: "${from.name}" is gone from ${from.source}; undo this change to add it back.`,
      };
    }
    if ((await storedAt(from)) !== undefined) {
      return {
        interrupted: 'completed',
        moves: { before: from },
        message: `Interrupted (MCP Admin stopped before it ended): another "${from.name}" is stored in ${from.source} now, left as found; the old entry is kept in this record.`,
      };
    }
    try {
      await addWhole(procedure, from);
      return {
        interrupted: 'put back',
        moves: {},
        message: `Interrupted (MCP Admin stopped between its remove and its add); put back: the old entry of "${from.name}" is stored in ${from.source} again.`,
      };
    } catch (error) {
      return {
        interrupted: 'completed',
        moves: { before: from },
        message: `Interrupted (MCP Admin stopped between its remove and its add); putting the old entry back failed (${errorText(error)}): undo this change to add it back.`,
      };
    }
  }

  recovery.register('entries', async (planned) =>
    heldSecrets.settledAtStart(planned, await settleInterrupted(planned)),
  );

  return {
    /** MCP Admin's stash of switched-off servers: a place with it as `source` is changed there. */
    stashPath: stash.path,
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
    recordedChange: recordedEntryChange,
  };
}

export type EntryChanges = ReturnType<typeof createEntryChanges>;
