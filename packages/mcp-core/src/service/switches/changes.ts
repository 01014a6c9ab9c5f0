/**
 * The on/off switch as recorded changes: each `mcp.disable` / `mcp.enable` goes into the history
 * with what it moved (the whole user/local entry, or a project server's approval list), and its
 * undo is the switch back: a disabled server is enabled again from the stash, an enabled one
 * stashed again, a project server's name put back in the approval list it stood in. A change of
 * several switches (a profile applied) records each switch the same way, and is undone by switching
 * each back. Everything here runs inside one turn of the mutation queue.
 */
import type { StashedServer } from '../../config';
import type { Scope } from '../../schemas';
import { createApprovalSwitch } from './approval-switch';
import type { MutationResult } from '../engine/change-result';
import type { AuditedCli, AuditTrail } from '../engine/audited-cli';
import type { EntryChanges } from '../entries/changes';
import { writtenScope } from '../history/change-record';
import type { ChangeRecord, EntryPlace, Landed, PlacedEntry } from '../history/change-record';
import { refuseApprovalUndoElsewhere, refuseUndoElsewhere, refuseUndoInGoneDir } from '../history/project-keys';
import { withinQueuedReadDeadline } from '../engine/queued-read';
import { createStashSwitch } from './stash-switch';
import type { RecordedChange } from '../history/recorded-change';
import type { Readers } from '../engine/readers';
import type { ServiceSettings } from '../engine/settings';
import type { SwitchChange, SwitchOutcome, SwitchTarget } from './outcome';

/** What switches are made of: the settings, the reader, the audited CLI call and audit, the recorded entry changes. */
export interface SwitchChangeContext {
  settings: Pick<ServiceSettings, 'configPath' | 'claudeDir' | 'managedDir'>;
  readers: Pick<Readers, 'storedIn'>;
  cli: AuditedCli;
  audit: AuditTrail;
  entries: Pick<EntryChanges, 'placeFor'>;
  recordedChange: RecordedChange;
}

/** A switch as recorded: the server, which way it went, and what it moved. */
export type RecordedSwitch = Pick<ChangeRecord, 'name' | 'projectPath' | 'before' | 'after' | 'approval'> & {
  scope: Scope;
  on: boolean;
};

export function createSwitchChanges({ settings, readers, cli, audit, entries, recordedChange }: SwitchChangeContext) {
  const { placeFor } = entries;
  const approvals = createApprovalSwitch({ settings, audit });
  const stashSwitch = createStashSwitch({
    configPath: settings.configPath,
    readers: {
      storedIn: (scope, name, projectPath) =>
        withinQueuedReadDeadline(() => readers.storedIn(scope, name, projectPath)),
    },
    cli,
  });

  /**
   * Turns the server on or off inside a queue turn the caller holds. With `expected` (an undo), the
   * user/local entry to switch must be exactly that one, else CHANGED_SINCE naming what changed.
   * `landed` is told a user/local switch that landed, also when its CLI call failed after landing.
   */
  function switchInTurn(
    { name, scope, projectPath }: SwitchTarget,
    on: boolean,
    expected: Record<string, unknown> | undefined,
    landed: (change: SwitchChange) => void,
  ): Promise<SwitchOutcome> {
    if (scope === 'project') {
      return approvals.switchApproval(
        name,
        projectPath,
        on ? 'enabledMcpjsonServers' : 'disabledMcpjsonServers',
      );
    }
    const request = {
      name,
      scope,
      projectPath,
      expected,
      landed: (stashed: StashedServer) => {
        landed({ scope, stashed });
      },
    };
    return on ? stashSwitch.enable(request) : stashSwitch.disable(request);
  }

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

  /**
   * Turns a server on or off, what moved written to `landed` as soon as it lands (a user/local
   * switch's CLI call may still fail after); as an undo, of exactly the entry `expected`.
   */
  async function switchInto(
    target: SwitchTarget,
    on: boolean,
    landed: Landed,
    expected?: Record<string, unknown>,
  ): Promise<MutationResult> {
    const place = await placeFor(target.name, target.scope, target.projectPath);
    const { result, change } = await switchInTurn(target, on, expected, (moved) => {
      record(landed, place, moved, on);
    });
    record(landed, place, change, on);
    return result;
  }

  /** Turns a server on or off; as an undo, of exactly the entry the undone change moved. */
  async function switched(
    target: SwitchTarget,
    on: boolean,
    undone?: { id: string; entry: Record<string, unknown> },
  ): Promise<MutationResult> {
    const place = await placeFor(target.name, target.scope, target.projectPath);
    const procedure = on ? 'mcp.enable' : 'mcp.disable';
    return recordedChange({ procedure, place, undoes: undone?.id }, (landed) =>
      switchInto(target, on, landed, undone?.entry),
    );
  }

  /** CHANGED_SINCE when the project a recorded switch ran in is gone or now resolves elsewhere. */
  async function refuseSwitchBack(moved: RecordedSwitch): Promise<void> {
    if (moved.approval !== undefined) {
      const projectPath = moved.projectPath ?? '';
      await refuseUndoInGoneDir(projectPath, moved.name);
      await refuseApprovalUndoElsewhere(moved.approval, projectPath, moved.name);
      return;
    }
    const entry = movedEntry(moved);
    await refuseUndoInGoneDir(entry.projectPath, entry.name);
    await refuseUndoElsewhere(entry);
  }

  /**
   * Every check of the switch back of a recorded switch, nothing written: its project (as
   * `refuseSwitchBack`), and the entry or approval it would move, still as the switch left it.
   * A change of several switches checks each of them so before it switches any back.
   */
  async function refuseSwitchBackChanged(moved: RecordedSwitch): Promise<void> {
    await refuseSwitchBack(moved);
    const { approval } = moved;
    if (approval !== undefined) {
      await approvals.refuseUnlessStandsIn(moved.name, approval.settingsFile, approval.to ?? undefined);
      return;
    }
    const { name, scope, projectPath, entry } = movedEntry(moved);
    // A project server's switch is an approval move: without one, the switch back itself refuses it.
    if (scope === 'project') return;
    await stashSwitch.refuseUnlessSwitchable({ name, scope, projectPath, expected: entry }, !moved.on);
  }

  /**
   * The switch back of a recorded switch (refused with CHANGED_SINCE when its server or project
   * changed since), what moved written to `landed`.
   */
  async function switchBackInto(moved: RecordedSwitch, landed: Landed): Promise<MutationResult> {
    await refuseSwitchBack(moved);
    const on = !moved.on;
    const { approval } = moved;
    if (approval !== undefined) {
      const target = { name: moved.name, scope: moved.scope, projectPath: moved.projectPath ?? '' };
      const place = await placeFor(target.name, target.scope, target.projectPath);
      const { result, change } = await approvals.restoreApproval(
        target,
        approval.settingsFile,
        approval.to ?? undefined,
        approval.from ?? undefined,
      );
      record(landed, place, change, on);
      return result;
    }
    const entry = movedEntry(moved);
    const target = { name: entry.name, scope: entry.scope, projectPath: entry.projectPath };
    return switchInto(target, on, landed, entry.entry);
  }

  /** The switch back of a recorded `mcp.disable` or `mcp.enable`, itself recorded as the opposite switch. */
  async function undo(change: ChangeRecord): Promise<MutationResult> {
    const moved: RecordedSwitch = {
      ...change,
      scope: writtenScope(change),
      on: change.procedure === 'mcp.enable',
    };
    await refuseSwitchBack(moved);
    const subject = moved.approval === undefined ? movedEntry(moved) : moved;
    const place = await placeFor(subject.name, subject.scope, subject.projectPath ?? '');
    const procedure = moved.on ? 'mcp.disable' : 'mcp.enable';
    return recordedChange({ procedure, place, undoes: change.id }, (landed) => switchBackInto(moved, landed));
  }

  return { switched, switchInto, switchBackInto, refuseSwitchBack, refuseSwitchBackChanged, undo };
}

export type SwitchChanges = ReturnType<typeof createSwitchChanges>;

/** The user/local entry a switch moved: a disable stashed `before`, an enable added back `after`. */
function movedEntry(moved: RecordedSwitch): PlacedEntry {
  const entry = moved.on ? moved.after : moved.before;
  if (entry === undefined) throw new TypeError(`the switch of "${moved.name}" recorded no entry`);
  return entry;
}
