/**
 * The one runner every change goes through (issue 42): its intent made durable before the first
 * step when it plans to take something away, its steps (each checkpoint of what landed journaled
 * before the next), its outcome recorded with what landed whatever it is, and its answer, naming
 * its record when it changed something. What a record is and where it goes is the history's
 * (`ChangeLedger`, history/recorded-change.ts): the engine imports no capability.
 */
import { errorText } from '../../error-text';
import { isMcpCoreError } from '../../errors';
import { combined } from './change-result';
import type { MutationResult } from './change-result';
import type { StepOutcome } from './landed';

/** A record's id and time, given by its intent or by its first line journaled. */
export interface RecordIdentity {
  id: string;
  time: string;
}

/** Where one change is recorded, and as what: the history gives it. */
export interface ChangeLedger<M, R> {
  /** The change's record: whether it ended well, what it says, and what of it landed (none: nothing). */
  record: (ok: boolean, message: string, moves?: M) => R;
  /** Whether `record` says something landed: only then does the answer name it. */
  hasLanded: (record: R) => boolean;
  /** Makes the planned record durable before the first step, or throws: the change is refused. */
  begin?: (planned: R) => Promise<RecordIdentity>;
  /** Journals `record` under `revises` (or a new identity); a failure is a warning, never thrown. */
  journal: (
    record: R,
    revises: RecordIdentity | undefined,
  ) => Promise<{ identity?: RecordIdentity; warning?: string }>;
  /** The change `id` is in the history: its intent goes (a failure leaves it for the next start). */
  end: (id: string) => Promise<void>;
}

/**
 * Journals `moves`, what has landed so far, before the next step, as a failed change that says
 * `message` (what a crash before the next step leaves); the record at the end replaces it.
 */
export type StepCheckpoint<M> = (message: string, moves: M) => Promise<void>;

/**
 * The steps of one change: given what to journal before a next step, and the change's id when its
 * intent made it durable before the first step (a `plan` given), so a step can name things for it.
 * They return what landed, also when they failed after part of it landed; they throw only when
 * nothing landed.
 */
export type Steps<M> = (checkpoint: StepCheckpoint<M>, id: string | undefined) => Promise<StepOutcome<M>>;

/**
 * Runs one change's steps and records it in `ledger` with what landed, whatever the outcome: what
 * `run` returns (landed, or failed after part of it landed), or nothing when it throws. A history
 * that cannot be written is a warning on a landed change, like the audit log.
 */
export async function runChange<M, R>(
  ledger: ChangeLedger<M, R>,
  plan: M | undefined,
  run: Steps<M>,
): Promise<MutationResult> {
  // Set by the intent, else by the first line journaled: every later line of this change is written under it.
  let identity: RecordIdentity | undefined;
  // Throws when the intent cannot be made durable: refused before the first step.
  if (plan !== undefined && ledger.begin !== undefined) {
    identity = await ledger.begin(
      ledger.record(false, 'Began; MCP Admin stopped before this change ended.', plan),
    );
  }
  const intent = identity?.id;
  let linesJournaled = 0;
  const warnings = new Set<string>();
  /** Journals `record`; whether it is in the history now. */
  const journaled = async (record: R) => {
    const outcome = await ledger.journal(record, identity);
    if (outcome.identity !== undefined) {
      identity ??= outcome.identity;
      linesJournaled++;
    }
    if (outcome.warning !== undefined) warnings.add(outcome.warning);
    return outcome.identity !== undefined;
  };
  /** The last line of the change is in the history: its intent goes; else it stays for the next start. */
  const ended = async (inHistory: boolean) => {
    if (inHistory && intent !== undefined) await ledger.end(intent);
  };
  /** A failed change recorded with what landed of it (`moves`); the error it answers with. */
  const failed = async (error: unknown, moves?: M) => {
    const record = ledger.record(false, errorText(error), moves);
    // Input refused before anything ran (a server that is not there, not stashed) is no change.
    const refused = isMcpCoreError(error) && error.code === 'INVALID_INPUT' && !ledger.hasLanded(record);
    if (refused && linesJournaled === 0) await ended(true);
    else await ended(await journaled(record));
    return error;
  };
  let outcome: StepOutcome<M>;
  try {
    outcome = await run(async (message, moves) => {
      await journaled(ledger.record(false, message, moves));
    }, intent);
  } catch (thrown) {
    // Thrown: nothing of the change landed.
    throw await failed(thrown);
  }
  if (!outcome.ok) throw await failed(outcome.failure, outcome.moves);
  const { result, moves } = outcome;
  const done = ledger.record(true, result.message, moves);
  const inHistory = await journaled(done);
  await ended(inHistory);
  const warning = [...warnings].join('\n');
  const answer = warning === '' ? result : combined(result, { ok: true, message: '', warning });
  // The answer names its record when it changed something, so an Undo never guesses which.
  return inHistory && identity !== undefined && ledger.hasLanded(done)
    ? { ...answer, changeId: identity.id }
    : answer;
}
