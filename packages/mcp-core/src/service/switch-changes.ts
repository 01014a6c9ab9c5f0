/**
 * The on/off switch as recorded changes: each `mcp.disable` / `mcp.enable` goes into the history
 * with what it moved (the whole user/local entry, or a project server's approval list), and its
 * undo is the switch back: a disabled server is enabled again from the stash, an enabled one
 * stashed again, a project server's name put back in the approval list it stood in. Everything here
 * runs inside one turn of the mutation queue.
 */
import type { Scope } from '../schemas';
import type { SwitchChange, SwitchOperations, SwitchTarget } from '../switch';
import { refuseUndoInGoneDir } from './entry-changes';
import type { EntryChanges, Landed, MutationResult } from './entry-changes';
import type { ChangeRecord, EntryPlace, PlacedEntry } from './history';
import { refuseApprovalUndoElsewhere, refuseUndoElsewhere } from './project-keys';

export interface SwitchChangeDependencies {
  switches: SwitchOperations;
  placeFor: (name: string, scope: Scope, projectPath: string) => Promise<EntryPlace>;
  recordedChange: EntryChanges['recordedChange'];
}

export function createSwitchChanges({ switches, placeFor, recordedChange }: SwitchChangeDependencies) {
  /** What the history keeps of a switch: the entry it stashed or added back, or the approval it moved. */
  function record(landed: Landed, place: EntryPlace, change: SwitchChange, on: boolean): void {
    if (change.scope === 'project') {
      landed.approval = {
        settingsFile: change.settingsFile,
        from: change.previous ?? null,
        to: change.list ?? null,
      };
      return;
    }
    const entry: PlacedEntry = { ...place, entry: change.stashed.entry };
    if (on) landed.after = entry;
    else landed.before = entry;
  }

  /** Turns a server on or off; as an undo, of exactly the entry the undone change moved. */
  async function switched(
    target: SwitchTarget,
    on: boolean,
    undone?: { id: string; entry: Record<string, unknown> },
  ): Promise<MutationResult> {
    const place = await placeFor(target.name, target.scope, target.projectPath);
    const procedure = on ? 'mcp.enable' : 'mcp.disable';
    return recordedChange({ procedure, place, undoes: undone?.id }, async (landed) => {
      // A user/local switch is recorded as soon as it lands: its CLI call may still fail after.
      const { result, change } = await switches.switchInTurn(target, on, undone?.entry, (moved) => {
        record(landed, place, moved, on);
      });
      record(landed, place, change, on);
      return result;
    });
  }

  /** The switch back of a recorded `mcp.disable` or `mcp.enable`, itself recorded as the opposite switch. */
  async function undo(change: ChangeRecord): Promise<MutationResult> {
    const on = change.procedure === 'mcp.disable';
    const { approval } = change;
    if (approval !== undefined) {
      const target = { name: change.name, scope: change.scope, projectPath: change.projectPath ?? '' };
      await refuseUndoInGoneDir(target.projectPath, target.name);
      await refuseApprovalUndoElsewhere(approval, target.projectPath, target.name);
      const place = await placeFor(target.name, target.scope, target.projectPath);
      const procedure = on ? 'mcp.enable' : 'mcp.disable';
      return recordedChange({ procedure, place, undoes: change.id }, async (landed) => {
        const { result, change: moved } = await switches.restoreApproval(
          target,
          approval.settingsFile,
          approval.to ?? undefined,
          approval.from ?? undefined,
        );
        record(landed, place, moved, on);
        return result;
      });
    }
    // A disable recorded the entry it stashed as `before`, an enable the one it added back as `after`.
    const moved = on ? change.before : change.after;
    if (moved === undefined) throw new TypeError(`${change.procedure} ${change.id} recorded no entry`);
    await refuseUndoInGoneDir(moved.projectPath, moved.name);
    await refuseUndoElsewhere(moved);
    const target = { name: moved.name, scope: moved.scope, projectPath: moved.projectPath };
    return switched(target, on, { id: change.id, entry: moved.entry });
  }

  return { switched, undo };
}
