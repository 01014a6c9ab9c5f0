/**
 * `mcp.undo`: one recorded change reversed through the queue and the CLI, itself a recorded
 * change. Each kind of change says how it is undone; a new kind of change must add its way here.
 */
import { undoInputSchema } from '../../schemas';
import type { ServiceContext } from '../engine/context';
import type { ChangeProcedure, Undoer } from './change-record';
import type { McpAdmin } from '../contract/mcp-admin-types';

type UndoContext = Pick<ServiceContext, 'turns' | 'history' | 'entries' | 'switches'> & {
  /** The undo of an applied profile (see profiles.ts). */
  undoProfile: Undoer;
  /** The undo of a permission change (see permissions.ts). */
  undoPermission: Undoer;
  /** The toggle back of a per-project toggle (see project-toggles.ts). */
  undoToggle: Undoer;
};

export function createUndoChange({
  turns,
  history,
  entries,
  switches,
  undoProfile,
  undoPermission,
  undoToggle,
}: UndoContext): Pick<McpAdmin, 'undo'> {
  const { entryUndoers } = entries;
  const undoers: Record<ChangeProcedure, Undoer> = {
    ...entryUndoers,
    'mcp.disable': switches.undo,
    'mcp.enable': switches.undo,
    'mcp.applyProfile': undoProfile,
    // Puts back exactly the rules on its target that the file held before.
    'mcp.setPermission': undoPermission,
    'mcp.disableInProject': undoToggle,
    'mcp.enableInProject': undoToggle,
    // The undo of an applied profile holds the switches it made, not entries; of a permission change, rules.
    'mcp.undo': (change) =>
      change.permission !== undefined
        ? undoPermission(change)
        : change.switches === undefined
          ? entryUndoers['mcp.undo'](change)
          : undoProfile(change),
  };

  return {
    async undo(rawInput) {
      const { id } = undoInputSchema.parse(rawInput);
      return turns.change(async () => {
        const { value: change, skipped } = await history.undoable(id);
        const result = await undoers[change.procedure](change);
        // The lines the search passed that are not records: said with the undo, as the panel shows it.
        if (skipped.length === 0) return result;
        const warning = [result.warning, ...skipped].filter((text) => text !== undefined).join('\n');
        return { ...result, warning };
      });
    },
  };
}
