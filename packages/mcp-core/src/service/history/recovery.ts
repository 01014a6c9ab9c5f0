/**
 * Recovery at start: each change whose intent (intents.ts) says it began and never ended, and
 * whose owner process is gone, is settled by reading what is stored now: completed, or put back as
 * it was, or found as it was before; then recorded in the history under its own id as
 * `interrupted` (saying which), undoable when something of it stayed. A change of an MCP Admin that
 * still runs is never touched. The caller holds the lock (a queue turn). Each capability registers
 * how its kind of change is settled, as it registers its undo.
 */
import { errorText } from '../../error-text';
import type { ChangeKind, ChangeRecord, Interrupted, MovesOf, RecordOf } from './change-record';
import type { IntentStore } from './intents';
import type { HistoryJournal } from './journal';

/** What settling an interrupted change found or did, and what of it stays (its undo's moves). */
export interface Settled<K extends ChangeKind> {
  interrupted: Interrupted;
  moves: MovesOf<K>;
  /** In words, for the history. */
  message: string;
}

export type Settler<K extends ChangeKind = ChangeKind> = (planned: RecordOf<K>) => Promise<Settled<K>>;

export interface Recovery {
  register<K extends ChangeKind>(kind: K, settler: Settler<K>): void;
  /** Settles every orphaned change; returns what each became, in words (for the log). */
  settleInterrupted(): Promise<string[]>;
}

export function createRecovery(intents: IntentStore, journal: HistoryJournal): Recovery {
  const settlers = new Map<ChangeKind, Settler>();
  return {
    register(kind, settler) {
      // Safe: each settler is handed only planned records of its own kind.
      settlers.set(kind, settler as unknown as Settler);
    },

    async settleInterrupted() {
      const said: string[] = [];
      for (const { record } of await intents.orphaned()) {
        const settler = settlers.get(record.kind);
        if (settler === undefined) {
          said.push(
            `change ${record.id} (${record.procedure} "${record.name}") was interrupted; it is left in ${intents.dir} (no way to settle a "${record.kind}" change).`,
          );
          continue;
        }
        try {
          const { interrupted, moves, message } = await settler(record);
          const { id, time, kind, ...header } = headerOf(record);
          await journal.append(
            { ...header, kind, ok: interrupted === 'completed', message, interrupted, ...moves },
            { id, time },
          );
          await intents.end(id);
          said.push(`${record.procedure} "${record.name}" (change ${id}) was interrupted: ${message}`);
        } catch (error) {
          said.push(
            `change ${record.id} (${record.procedure} "${record.name}") was interrupted and could not be settled yet: ${errorText(error)}`,
          );
        }
      }
      return said;
    },
  };
}

/** A planned record without what it planned to move: the settled moves replace them. */
function headerOf(record: ChangeRecord) {
  const { id, time, procedure, name, scope, projectPath, undoes, kind } = record;
  return {
    id,
    time,
    kind,
    procedure,
    name,
    scope,
    ...(projectPath === undefined ? {} : { projectPath }),
    ...(undoes === undefined ? {} : { undoes }),
  };
}
