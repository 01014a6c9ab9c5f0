/**
 * A change recorded in the history with what landed, whatever its outcome: the history is what
 * undo reads, so a change is never recorded as "nothing changed" when something did.
 */
import { errorText } from '../../error-text';
import { isMcpCoreError } from '../../errors';
import { combined } from '../engine';
import type { MutationResult, StepOutcome } from '../engine';
import { hasLanded } from './change-record';
import type {
  ChangeHeader,
  ChangeKind,
  ChangeProcedure,
  ChangeRecord,
  EntryPlace,
  MovesOf,
  NewChange,
} from './change-record';
import type { IntentStore } from './intents';
import type { HistoryJournal } from './journal';
import { withProjectKeys } from './project-keys';

const PROJECT_TOGGLES: ReadonlySet<ChangeProcedure> = new Set([
  'mcp.disableInProject',
  'mcp.enableInProject',
]);

/** The change a history record is about: its kind, its procedure and the server it ends up naming. */
export interface ChangeSubject<K extends ChangeKind> {
  kind: K;
  procedure: ChangeProcedure;
  place: Pick<EntryPlace, 'name' | 'projectPath'> & { scope: ChangeHeader['scope'] };
  /** The change it undoes. */
  undoes?: string;
  /**
   * What the change will take away and store, in full: given, it is made durable before the first
   * step (intents.ts), or the change is refused with nothing changed.
   */
  plan?: MovesOf<K>;
}

/**
 * Journals `moves`, what has landed so far, before the next step, as a failed change that says
 * `message` (what a crash before the next step leaves); the record at the end replaces it.
 */
export type Checkpoint<K extends ChangeKind> = (message: string, moves: MovesOf<K>) => Promise<void>;

/**
 * The steps of one change: given what to journal before a next step, and the change's id when its
 * intent made it durable before the first step (a `plan` given), so a step can name things for it.
 * They return what landed, also when they failed after part of it landed; they throw only when
 * nothing landed.
 */
export type ChangeSteps<K extends ChangeKind> = (
  checkpoint: Checkpoint<K>,
  id: string | undefined,
) => Promise<StepOutcome<MovesOf<K>>>;

/** Runs one change, whose steps return what landed, and records it in the history. */
export type RecordedChange = <K extends ChangeKind>(
  subject: ChangeSubject<K>,
  run: ChangeSteps<K>,
) => Promise<MutationResult>;

export function createRecordedChange(
  journal: HistoryJournal,
  logWarning: (message: string) => void,
  intents?: IntentStore,
): RecordedChange {
  /**
   * Runs one change and records it in the history with what landed, whatever the outcome: what
   * `run` returns (landed, or failed after part of it landed), or nothing when it throws. A history
   * that cannot be written is a warning on a landed change, like the audit log.
   */
  async function recordedChange<K extends ChangeKind>(
    { kind, procedure, place, undoes, plan }: ChangeSubject<K>,
    run: ChangeSteps<K>,
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
    // The record of this kind with `moves`: every field of every kind's moves is optional.
    const change = (ok: boolean, message: string, moves: MovesOf<K>) =>
      ({ ...subject, ok, message, kind, ...moves }) as NewChange;
    // Set by the intent, else by the first line journaled: every later line of this change is written under it.
    let identity: Pick<ChangeHeader, 'id' | 'time'> | undefined;
    // Throws when the intent cannot be made durable: refused before the first step.
    if (plan !== undefined && intents !== undefined) {
      identity = await intents.begin(
        change(false, 'Began; MCP Admin stopped before this change ended.', plan),
      );
    }
    const intent = identity?.id;
    let linesJournaled = 0;
    const warnings = new Set<string>();
    /** Journals `record`; whether it is in the history now. */
    const journaled = async (record: NewChange) => {
      const outcome = await journalOrWarn(record, identity);
      if (outcome.record !== undefined) {
        identity ??= { id: outcome.record.id, time: outcome.record.time };
        linesJournaled++;
      }
      if (outcome.warning !== undefined) warnings.add(outcome.warning);
      return outcome.record !== undefined;
    };
    /** The last line of the change is in the history: its intent goes; else it stays for the next start. */
    const ended = async (inHistory: boolean) => {
      if (!inHistory || intent === undefined || intents === undefined) return;
      await intents.end(intent).catch((error: unknown) => {
        logWarning(`${intents.dir}/change-${intent}.json could not be removed: ${errorText(error)}`);
      });
    };
    /** A failed change recorded with what landed of it (`moves`); the error it answers with. */
    const failed = async (error: unknown, moves: MovesOf<K>) => {
      const record = change(false, errorText(error), moves);
      // Input refused before anything ran (a server that is not there, not stashed) is no change.
      const refused = isMcpCoreError(error) && error.code === 'INVALID_INPUT' && !hasLanded(record);
      if (refused && linesJournaled === 0) await ended(true);
      else await ended(await journaled(record));
      return error;
    };
    let outcome: StepOutcome<MovesOf<K>>;
    try {
      outcome = await run(async (message, moves) => {
        await journaled(change(false, message, moves));
      }, intent);
    } catch (thrown) {
      // Thrown: nothing of the change landed.
      throw await failed(thrown, {} as MovesOf<K>);
    }
    if (!outcome.ok) throw await failed(outcome.failure, outcome.moves);
    const { result, moves } = outcome;
    const done = change(true, result.message, moves);
    const inHistory = await journaled(done);
    await ended(inHistory);
    const warning = [...warnings].join('\n');
    const answer = warning === '' ? result : combined(result, { ok: true, message: '', warning });
    // The answer names its record when it changed something, so an Undo never guesses which.
    return inHistory && identity !== undefined && hasLanded(done)
      ? { ...answer, changeId: identity.id }
      : answer;
  }

  async function journalOrWarn(
    change: NewChange,
    revises: Pick<ChangeHeader, 'id' | 'time'> | undefined,
  ): Promise<{ record?: ChangeRecord; warning?: string }> {
    try {
      const { record, warning } = await journal.append(await withProjectKeys(change), revises);
      if (warning !== undefined) logWarning(warning);
      return { record, warning };
    } catch (error) {
      const warning = `The change was not recorded in ${journal.path}: ${errorText(error)}`;
      logWarning(warning);
      return { warning };
    }
  }

  return recordedChange;
}
