/**
 * The keychain items of a kept entry that a change takes away (a remove, an edit under a new ref or
 * out of the keychain, an import that replaces it, an undo): after the change's intent is durable
 * and before its first step, each item is copied under the change's id (`heldAccount`); once the
 * entry is gone its live items are deleted, so nothing that runs the old entry again (a re-added
 * copy of it) gets the secret, and no value is ever in clear in `.mcp-admin/`. The undo of the
 * change puts the items back from that copy (undo.ts); the copies go when the history's rotation
 * drops the change's record (kept-secrets.ts `forgetUnnamed`). The order never loses a secret: the
 * copy is written before anything is taken away, the live items deleted last. An add of a kept entry
 * cut off before it landed has the items it stored first deleted at start.
 */
import { errorText } from '../../error-text';
import { keptAccounts, unwrapEntry } from '../../kept-secrets';
import { combined } from '../engine';
import type { MutationResult, StepOutcome } from '../engine';
import type {
  ChangeSteps,
  ChangeSubject,
  EntryMoves,
  PlacedEntry,
  RecordedChange,
  RecordOf,
  Settled,
} from '../history';
import { keptAt } from './kept-secrets';
import type { KeptSecretStore } from './kept-secrets';
import type { EntryStepDependencies } from './steps';

/** A recorded change of stored entries. */
export type EntryRecordedChange = (
  subject: ChangeSubject<'entries'>,
  run: ChangeSteps<'entries'>,
) => Promise<MutationResult>;

/** `outcome` with `warning` added to its answer when it landed (a failed change answers with its error alone). */
function withWarning(outcome: StepOutcome<EntryMoves>, warning: string | undefined): StepOutcome<EntryMoves> {
  if (warning === undefined || !outcome.ok) return outcome;
  return { ...outcome, result: combined(outcome.result, { ok: true, message: '', warning }) };
}

/** The kept entry `moves` takes away: its `before`, unless what it stores keeps the same ref. */
export function keptTakenAway(moves: EntryMoves | undefined): PlacedEntry | undefined {
  const before = moves?.before;
  const kept = before === undefined ? undefined : unwrapEntry(before.entry);
  if (before === undefined || kept === undefined) return undefined;
  const after = moves?.after === undefined ? undefined : unwrapEntry(moves.after.entry);
  return after?.kept.ref === kept.kept.ref ? undefined : before;
}

export function createHeldSecrets({
  keptSecrets,
  storedAt,
  logWarning,
}: {
  keptSecrets: KeptSecretStore;
  storedAt: EntryStepDependencies['storedAt'];
  logWarning: (message: string) => void;
}) {
  /**
   * After the change `id` ran: the entry gone, its `live` items go; nothing taken away, the copies
   * go. Whether it is still stored unknown: both stay (the rotation deletes what is left). A
   * failure is a warning, never a failed change.
   */
  async function settle(id: string, taken: PlacedEntry, moves: EntryMoves, live: () => Promise<string[]>) {
    try {
      if (moves.before === undefined) {
        await keptSecrets.dropHeld(id, taken.entry);
        return undefined;
      }
      if (await keptAt({ storedAt }, taken, taken.entry)) return undefined;
      await keptSecrets.dropLive(await live());
      return undefined;
    } catch (error) {
      const warning = `The keychain items of "${taken.name}" could not be deleted (${errorText(error)}): they stay in the keychain until the history drops this change.`;
      logWarning(warning);
      return warning;
    }
  }

  /** `recordedChange` for entries, each kept entry its plan takes away held, then its live items deleted. */
  function recorded(recordedChange: RecordedChange): EntryRecordedChange {
    return (subject, run) => {
      const taken = keptTakenAway(subject.plan);
      if (taken === undefined) return recordedChange(subject, run);
      return recordedChange(subject, async (checkpoint, id) => {
        // No intent, no id to hold them under: they stay live until the history drops the change.
        if (id === undefined) return run(checkpoint, id);
        let live: string[];
        try {
          live = await keptSecrets.hold(id, taken.entry);
        } catch (error) {
          // A keychain out of reach keeps no one from removing a server; its items stay where they are.
          const outcome = await run(checkpoint, id);
          const warning = `The keychain items of "${taken.name}" could not be set aside (${errorText(error)}): they stay in the keychain until the history drops this change.`;
          return withWarning(outcome, warning);
        }
        let outcome: StepOutcome<EntryMoves>;
        try {
          outcome = await run(checkpoint, id);
        } catch (thrown) {
          // Thrown: nothing of the change landed, so the copies go.
          await settle(id, taken, {}, () => Promise.resolve(live));
          throw thrown;
        }
        return withWarning(outcome, await settle(id, taken, outcome.moves, () => Promise.resolve(live)));
      });
    };
  }

  /** A change cut off, as settled at start: what it held or left live finished the same way (only what was held is deleted). */
  async function settledAtStart(
    planned: RecordOf<'entries'>,
    settled: Settled<'entries'>,
  ): Promise<Settled<'entries'>> {
    await forgetUnstoredAdd(planned, settled);
    const taken = keptTakenAway(planned);
    if (taken === undefined) return settled;
    const warning = await settle(planned.id, taken, settled.moves, () =>
      keptSecrets.heldBy(planned.id, taken.entry),
    );
    return warning === undefined ? settled : { ...settled, message: `${settled.message} ${warning}` };
  }

  /** An add of a kept entry cut off before it landed: the items it stored first under its new ref are no one's. */
  async function forgetUnstoredAdd(planned: RecordOf<'entries'>, settled: Settled<'entries'>) {
    const { procedure, before, after } = planned;
    const added = after === undefined ? undefined : unwrapEntry(after.entry);
    if (procedure !== 'mcp.add' || before !== undefined || after === undefined || added === undefined) return;
    if (settled.moves.after !== undefined || (await keptAt({ storedAt }, after, after.entry))) return;
    await keptSecrets.forget(keptAccounts(added.kept).map(({ account }) => account));
  }

  return { recorded, settledAtStart };
}
