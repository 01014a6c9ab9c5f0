/**
 * A change recorded in the history with what landed, whatever its outcome: the history is what
 * undo reads, so a change is never recorded as "nothing changed" when something did.
 */
import { errorText } from '../../error-text';
import { isMcpCoreError } from '../../errors';
import { combined } from '../engine/change-result';
import type { MutationResult } from '../engine/change-result';
import { hasLanded } from './change-record';
import type { ChangeProcedure, ChangeRecord, EntryPlace, Landed } from './change-record';
import type { HistoryJournal } from './journal';
import { withProjectKeys } from './project-keys';

const PROJECT_TOGGLES: ReadonlySet<ChangeProcedure> = new Set([
  'mcp.disableInProject',
  'mcp.enableInProject',
]);

/** The change a history record is about: its procedure and the server it ends up naming. */
export interface ChangeSubject {
  procedure: ChangeProcedure;
  place: Pick<EntryPlace, 'name' | 'projectPath'> & { scope: ChangeRecord['scope'] };
  /** The change it undoes. */
  undoes?: string;
}

/**
 * Journals what has landed so far, before the next step, as a failed change that says `message`
 * (what a crash before the next step leaves); the record at the end replaces it.
 */
export type Checkpoint = (message: string) => Promise<void>;

export type RecordedChange = (
  subject: ChangeSubject,
  run: (landed: Landed, checkpoint: Checkpoint) => Promise<MutationResult>,
) => Promise<MutationResult>;

export function createRecordedChange(
  journal: HistoryJournal,
  logWarning: (message: string) => void,
): RecordedChange {
  /**
   * Runs one change and records it in the history with what landed, whatever the outcome. A
   * history that cannot be written is a warning on a landed change, like the audit log.
   */
  async function recordedChange(
    { procedure, place, undoes }: ChangeSubject,
    run: (landed: Landed, checkpoint: Checkpoint) => Promise<MutationResult>,
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
    const landed: Landed = {};
    // Set by the first line journaled: every later line of this change is written under it.
    let identity: Pick<ChangeRecord, 'id' | 'time'> | undefined;
    const warnings = new Set<string>();
    const journaled = async (change: Omit<ChangeRecord, 'id' | 'time'>) => {
      const outcome = await journalOrWarn(change, identity);
      if (outcome.record !== undefined) identity ??= { id: outcome.record.id, time: outcome.record.time };
      if (outcome.warning !== undefined) warnings.add(outcome.warning);
    };
    let result: MutationResult;
    try {
      result = await run(landed, (message) => journaled({ ...subject, ok: false, message, ...landed }));
    } catch (error) {
      // Input refused before anything ran (a server that is not there, not stashed) is no change.
      const refused = isMcpCoreError(error) && error.code === 'INVALID_INPUT' && !hasLanded(landed);
      if (!refused || identity !== undefined) {
        await journaled({ ...subject, ok: false, message: errorText(error), ...landed });
      }
      throw error;
    }
    await journaled({ ...subject, ok: true, message: result.message, ...landed });
    const warning = [...warnings].join('\n');
    return warning === '' ? result : combined(result, { ok: true, message: '', warning });
  }

  async function journalOrWarn(
    change: Omit<ChangeRecord, 'id' | 'time'>,
    revises: Pick<ChangeRecord, 'id' | 'time'> | undefined,
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
