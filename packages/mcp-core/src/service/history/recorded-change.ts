/**
 * A change recorded in the history with what landed, whatever its outcome: the history is what
 * undo reads, so a change is never recorded as "nothing changed" when something did. The change
 * runs on the engine's one runner (`runChange`, engine/run-change.ts); this is its ledger: the
 * record of each kind, the journal and the intents.
 */
import { errorText } from '../../error-text';
import { runChange } from '../engine';
import type { ChangeLedger, MutationResult, StepCheckpoint, Steps } from '../engine';
import { hasLanded } from './change-record';
import type {
  ChangeHeader,
  ChangeKind,
  ChangeProcedure,
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

/** Journals what has landed so far before the next step (engine/run-change.ts `StepCheckpoint`). */
export type Checkpoint<K extends ChangeKind> = StepCheckpoint<MovesOf<K>>;

/** The steps of one change of kind `K` (engine/run-change.ts `Steps`): they return what landed. */
export type ChangeSteps<K extends ChangeKind> = Steps<MovesOf<K>>;

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
  /** Runs one change on the engine's runner, recorded in the history as a change of `kind`. */
  function recordedChange<K extends ChangeKind>(
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
    const ledger: ChangeLedger<MovesOf<K>, NewChange> = {
      // The record of this kind with `moves`: every field of every kind's moves is optional.
      record: (ok, message, moves) => ({ ...subject, ok, message, kind, ...moves }),
      hasLanded,
      ...(intents === undefined ? {} : { begin: (planned: NewChange) => intents.begin(planned) }),
      journal: journalOrWarn,
      end: async (id) => {
        await intents?.end(id).catch((error: unknown) => {
          logWarning(`${intents.dir}/change-${id}.json could not be removed: ${errorText(error)}`);
        });
      },
    };
    return runChange(ledger, plan, run);
  }

  /** Journals `change` under `revises` (or as a new record); a failure is a warning, logged. */
  async function journalOrWarn(
    change: NewChange,
    revises: Pick<ChangeHeader, 'id' | 'time'> | undefined,
  ): Promise<{ identity?: Pick<ChangeHeader, 'id' | 'time'>; warning?: string }> {
    try {
      const { record, warning } = await journal.append(await withProjectKeys(change), revises);
      if (warning !== undefined) logWarning(warning);
      return { identity: { id: record.id, time: record.time }, warning };
    } catch (error) {
      const warning = `The change was not recorded in ${journal.path}: ${errorText(error)}`;
      logWarning(warning);
      return { warning };
    }
  }

  return recordedChange;
}
