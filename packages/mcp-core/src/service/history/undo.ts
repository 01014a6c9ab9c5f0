/**
 * `mcp.undo`: one recorded change reversed through the queue, itself a recorded change. Each
 * capability registers the undo of its kinds of change here (`undoers.register`); the wiring
 * checks every kind has one before the service answers.
 */
import { undoInputSchema } from '../../schemas';
import type { UndoInput } from '../../schemas';
import type { EngineContext, MutationResult } from '../engine';
import type { ChangeKind, ChangeRecord, Undoer } from './change-record';
import type { HistoryJournal } from './journal';

const CHANGE_KINDS: readonly ChangeKind[] = ['entries', 'switch', 'switches', 'permission', 'toggle'];

export interface UndoRegistry {
  /** `undoer` reverses the changes of `kind`, inside the undo's queue turn. */
  register<K extends ChangeKind>(kind: K, undoer: Undoer<K>): void;
  /** TypeError naming each kind of change no capability registered an undo for. */
  refuseUnlessComplete(): void;
}

export function createUndoRegistry(): UndoRegistry & { undoerOf(change: ChangeRecord): Undoer } {
  const undoers = new Map<ChangeKind, Undoer>();
  return {
    register(kind, undoer) {
      if (undoers.has(kind)) throw new TypeError(`the undo of "${kind}" changes is registered twice`);
      // Safe: the registry hands each undoer only records of its own kind (see undoerOf).
      undoers.set(kind, undoer as unknown as Undoer);
    },
    refuseUnlessComplete() {
      const missing = CHANGE_KINDS.filter((kind) => !undoers.has(kind));
      if (missing.length > 0) throw new TypeError(`no undo registered for: ${missing.join(', ')}`);
    },
    undoerOf(change) {
      const undoer = undoers.get(change.kind);
      if (undoer === undefined) throw new TypeError(`no undo registered for "${change.kind}" changes`);
      return undoer;
    },
  };
}

export function createUndoChange({
  turns,
  history,
  undoers,
}: Pick<EngineContext, 'turns'> & {
  history: HistoryJournal;
  undoers: ReturnType<typeof createUndoRegistry>;
}): { undo(rawInput: UndoInput): Promise<MutationResult> } {
  return {
    async undo(rawInput) {
      const { id } = undoInputSchema.parse(rawInput);
      return turns.change(async () => {
        const { value: change, skipped } = await history.undoable(id);
        const result = await undoers.undoerOf(change)(change);
        // The lines the search passed that are not records: said with the undo, as the panel shows it.
        if (skipped.length === 0) return result;
        const warning = [result.warning, ...skipped].filter((text) => text !== undefined).join('\n');
        return { ...result, warning };
      });
    },
  };
}
