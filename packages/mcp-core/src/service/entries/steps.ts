/**
 * The CLI steps of a change of stored entries, each recorded as it lands. The CLI may write the
 * config and then time out, exit non-zero, or leave it unreadable for the read-back, so after any
 * failed step the config is read again and decides what landed: that goes into the history (so it
 * can be undone), a removed entry of an edit is put back, and the error says what is stored now.
 * Never "nothing changed" when something did.
 */
import type { StoredEntry } from '../../config';
import { fieldsDifferingAsLoaded } from '../../entry-comparison';
import { errorText } from '../../error-text';
import { combined, isGone, isThere, readBack, withMessage } from '../engine';
import type { MutationResult, ReadBack, StepOutcome } from '../engine';
import type { EntryMoves, EntryPlace, PlacedEntry } from '../history';

/** What the service's entry changes lend: the read of one place, and its two CLI steps. */
export interface EntryStepDependencies {
  storedAt: (place: EntryPlace) => Promise<StoredEntry | undefined>;
  removeAt: (procedure: string, place: EntryPlace) => Promise<MutationResult>;
  addWhole: (
    procedure: string,
    target: PlacedEntry,
  ) => Promise<{ result: MutationResult; stored: PlacedEntry }>;
}

/** A step that ran to its end, or the error it failed with and what the config holds after it. */
type Step<T> =
  { ok: true; value: T } | { ok: false; error: unknown; found: ReadBack<StoredEntry | undefined> };

/** A step of an entry change: its answer and the entries it moved, or its error and what of it landed. */
export type EntryStep = StepOutcome<EntryMoves>;

export function createEntrySteps({ storedAt, removeAt, addWhole }: EntryStepDependencies) {
  /** `run`; when it fails, whether it landed all the same at `place` (`hasLanded`) decides, read again. */
  async function step<T>(
    place: EntryPlace,
    hasLanded: (stored: StoredEntry | undefined) => boolean,
    run: () => Promise<T>,
  ): Promise<Step<T>> {
    try {
      return { ok: true, value: await run() };
    } catch (error) {
      return { ok: false, error, found: await readBack(() => storedAt(place), hasLanded) };
    }
  }

  /** `from` removed; `before` once it is gone, also when its CLI call failed (then returned with the error). */
  async function removeRecorded(procedure: string, from: PlacedEntry): Promise<EntryStep> {
    const removal = await step(from, isGone, () => removeAt(procedure, from));
    if (removal.ok) return { ok: true, result: removal.value, moves: { before: from } };
    const { error, found } = removal;
    if (found.landed === 'no') throw error;
    const state =
      found.landed === 'unknown'
        ? removalState(from, found)
        : `"${from.name}" was removed from ${from.source} all the same; undo this change in History to add it back.`;
    return {
      ok: false,
      failure: withMessage(error, `${errorText(error)}\n${state}`),
      moves: { before: from },
    };
  }

  /**
   * `target` added where nothing was stored (whole with `add-json`, unless `add` says otherwise);
   * `after` once it is there, also when its CLI call failed (then returned with the error).
   */
  async function addRecorded(
    procedure: string,
    target: PlacedEntry,
    add = () => addWhole(procedure, target),
  ): Promise<EntryStep> {
    const addition = await step(target, isThere, add);
    if (addition.ok) {
      return { ok: true, result: addition.value.result, moves: { after: addition.value.stored } };
    }
    const { error, found } = addition;
    if (found.landed === 'no') throw error;
    // Unknown: recorded as asked, so an undo removes it only if it is stored exactly so.
    const after = found.landed === 'yes' ? placedAs(target, found.stored) : target;
    const state =
      found.landed === 'unknown'
        ? `Whether "${target.name}" was stored in ${target.source} could not be read back (${found.unreadable}); if it was, undo this change in History to remove it.`
        : `"${target.name}" was stored in ${target.source} all the same; undo this change in History to remove it.`;
    return { ok: false, failure: withMessage(error, `${errorText(error)}\n${state}`), moves: { after } };
  }

  /**
   * `from` replaced by `to` in one turn: remove, then add whole. When a step fails after `from` is
   * gone, `from` is added back unless `to` landed all the same (then the edit is kept, undoable);
   * the error says which, or that the old entry waits in the history.
   */
  async function replace(procedure: string, from: PlacedEntry, to: PlacedEntry): Promise<EntryStep> {
    const removal = await step(from, isGone, () => removeAt(procedure, from));
    if (!removal.ok) {
      const { error, found } = removal;
      if (found.landed === 'no') throw error;
      const failure = `${errorText(error)}\n${removalState(from, found)}`;
      if (found.landed === 'unknown') {
        return { ok: false, failure: withMessage(error, failure), moves: { before: from } };
      }
      return putBack(procedure, from, error, failure);
    }
    const addition = await step(to, isThere, () => addWhole(procedure, to));
    if (addition.ok) {
      return {
        ok: true,
        result: combined(removal.value, addition.value.result),
        moves: { before: from, after: addition.value.stored },
      };
    }
    const { error, found } = addition;
    const failure = `Could not store the new entry of "${to.name}" (${to.scope} scope): ${errorText(error)}`;
    if (found.landed === 'unknown') {
      return {
        ok: false,
        failure: withMessage(
          error,
          `${failure}\nWhether it was stored could not be read back (${found.unreadable}). ${keptInHistory(from)}`,
        ),
        moves: { before: from },
      };
    }
    if (found.landed === 'yes') {
      return {
        ok: false,
        failure: withMessage(
          error,
          `${failure}\nThe new entry was stored in ${to.source} all the same: the edit landed; undo this change in History to return to the old entry.`,
        ),
        moves: { before: from, after: placedAs(to, found.stored) },
      };
    }
    return putBack(procedure, from, error, failure);
  }

  /**
   * After `from` was removed and the change failed: `from` added back. Put back as it was, nothing
   * landed and the error is thrown; otherwise the removal landed, returned with the error saying so.
   */
  async function putBack(
    procedure: string,
    from: PlacedEntry,
    error: unknown,
    failure: string,
  ): Promise<EntryStep> {
    const restore = await step(from, isThere, () => addWhole(procedure, from));
    const stored = restore.ok
      ? restore.value.stored.entry
      : restore.found.landed === 'unknown'
        ? undefined
        : restore.found.stored?.entry;
    // Put back as it was: nothing of the change is left.
    if (stored !== undefined && fieldsDifferingAsLoaded(from.entry, stored).length === 0) {
      throw withMessage(error, `${failure}\nThe old entry was restored.`);
    }
    const why = restore.ok ? `it is stored differently` : errorText(restore.error);
    return {
      ok: false,
      failure: withMessage(
        error,
        `${failure}\nRestoring the old entry failed too: ${why}\n${keptInHistory(from)}`,
      ),
      moves: { before: from },
    };
  }

  return { removeRecorded, addRecorded, replace };
}

/** What a failed remove left: `from` gone all the same, or not known. */
function removalState(from: PlacedEntry, found: ReadBack<StoredEntry | undefined>): string {
  return found.landed === 'unknown'
    ? `Whether "${from.name}" is still stored in ${from.source} could not be read back (${found.unreadable}). ${keptInHistory(from)}`
    : `"${from.name}" was removed from ${from.source} all the same.`;
}

function keptInHistory(from: PlacedEntry): string {
  return `The old entry of "${from.name}" (${from.scope} scope, ${from.source}) is kept in the history: undo this change to add it back.`;
}

/** `place` holding what is stored there now, or as asked when nothing is. */
function placedAs(place: PlacedEntry, stored: StoredEntry | undefined): PlacedEntry {
  if (stored === undefined) return place;
  const { name, scope, projectPath, source } = place;
  return { name, scope, projectPath, source, entry: stored.entry };
}
