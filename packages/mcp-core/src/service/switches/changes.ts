/**
 * The on/off switch as recorded changes: each `mcp.disable` / `mcp.enable` goes into the history
 * with what it moved (the whole user/local entry, or a project server's approval list), and its
 * undo is the switch back: a disabled server is enabled again from the stash, an enabled one
 * stashed again, a project server's name put back in the approval list it stood in. A change of
 * several switches (a profile applied) records each switch the same way, and is undone by switching
 * each back. Everything here runs inside one turn of the mutation queue. A project server's switch
 * that takes its name out of an approval list is durable as an intent first (history/intents.ts)
 * and settled at start by the list it stands in then. A user/local switch (and its undo) has an
 * intent too, with the whole entry it moves: its first step is still the stash (the durable copy
 * of a disabled entry), and one cut off after its CLI step is settled at start by `.claude.json`
 * and the stash, recorded as interrupted and undoable.
 */
import type { Scope } from '../../schemas';
import { approvalListOf } from '../../switch';
import { createApprovalSwitch } from './approval-switch';
import { plannedChange, runPlannedChange, withinQueuedReadDeadline } from '../engine';
import type {
  AuditedCli,
  AuditTrail,
  MutationResult,
  Readers,
  ServiceSettings,
  StepOutcome,
} from '../engine';
import type { EntryChanges } from '../entries';
import {
  refuseApprovalUndoElsewhere,
  refuseUndoElsewhere,
  refuseUndoInGoneDir,
  writtenScope,
} from '../history';
import type {
  ChangeHeader,
  EntryPlace,
  PlacedEntry,
  RecordedChange,
  RecordOf,
  Recovery,
  Settled,
  SwitchMoves,
  UndoRegistry,
} from '../history';
import { createStashSwitch } from './stash-switch';
import type { SwitchChange, SwitchOutcome, SwitchTarget } from './outcome';

/** What switches are made of: the settings, the reader, the audited CLI call and audit, the recorded entry changes. */
export interface SwitchChangeContext {
  settings: Pick<ServiceSettings, 'configPath' | 'claudeDir' | 'managedDir'>;
  readers: Pick<Readers, 'storedIn'>;
  cli: AuditedCli;
  audit: AuditTrail;
  entries: Pick<EntryChanges, 'placeFor'>;
  recordedChange: RecordedChange;
  /** Where the undo of a switch is registered. */
  undoers: UndoRegistry;
  /** Where an approval switch cut off is settled at start. */
  recovery: Recovery;
}

/** A switch as recorded: the server, which way it went, and what it moved. */
export type RecordedSwitch = Pick<ChangeHeader, 'name' | 'projectPath'> &
  SwitchMoves & {
    scope: Scope;
    on: boolean;
  };

export function createSwitchChanges({
  settings,
  readers,
  cli,
  audit,
  entries,
  recordedChange,
  undoers,
  recovery,
}: SwitchChangeContext) {
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
   * A user/local switch whose CLI call failed after landing returns its change with the error
   * (`ok: false`).
   */
  function switchInTurn(
    { name, scope, projectPath }: SwitchTarget,
    on: boolean,
    expected: Record<string, unknown> | undefined,
  ): Promise<SwitchOutcome> {
    if (scope === 'project') {
      return approvals.switchApproval(
        name,
        projectPath,
        on ? 'enabledMcpjsonServers' : 'disabledMcpjsonServers',
      );
    }
    const request = { name, scope, projectPath, expected };
    return on ? stashSwitch.enable(request) : stashSwitch.disable(request);
  }

  /**
   * Turns a server on or off and returns what moved; a user/local switch whose CLI call failed
   * after landing returns what moved with the error. As an undo, of exactly the entry `expected`.
   */
  async function switchInto(
    target: SwitchTarget,
    on: boolean,
    expected?: Record<string, unknown>,
  ): Promise<StepOutcome<SwitchMoves>> {
    const place = await placeFor(target.name, target.scope, target.projectPath);
    const switched = await switchInTurn(target, on, expected);
    return { ...switched, moves: switchMoves(place, switched.moves, on) };
  }

  /** A server turned on or off, planned: the entry (or approval) it takes away, and the switch as its step. */
  function plannedSwitch(target: SwitchTarget, on: boolean) {
    const procedure = on ? 'mcp.enable' : 'mcp.disable';
    return plannedChange({
      record: recordedChange<'switch'>,
      plan: async () => {
        const place = await placeFor(target.name, target.scope, target.projectPath);
        const plan =
          target.scope === 'project'
            ? approvalPlan(await approvals.plannedApproval(target.name, target.projectPath, on))
            : entryPlan(place, on, await stashSwitch.entryToMove({ ...target, scope: target.scope }, on));
        return { subject: { kind: 'switch', procedure, place, plan } as const };
      },
      // Undone by the switch back (`undo`).
      steps: () => switchInto(target, on),
    });
  }

  /**
   * A user/local switch cut off (its intent left): `.claude.json` and the stash decide (see
   * `foundAfterCutOff`). Landed, it is recorded with the entry it moved, and its undo switches back.
   */
  async function settleInterrupted(planned: RecordOf<'switch'>): Promise<Settled<'switch'>> {
    if (planned.approval !== undefined) return settleApproval(planned);
    const on = planned.procedure === 'mcp.enable';
    const moved = on ? planned.after : planned.before;
    if (moved === undefined || moved.scope === 'project') {
      throw new TypeError(`the switch of "${planned.name}" planned no user/local entry move`);
    }
    const { name, scope, projectPath } = moved;
    const { entry, state } = await stashSwitch.foundAfterCutOff(
      { name, scope, projectPath },
      on,
      moved.entry,
    );
    if (entry === undefined) {
      return {
        interrupted: 'nothing changed',
        moves: {},
        message: `Interrupted (MCP Admin stopped before it ended); nothing of it had landed: ${state}`,
      };
    }
    const back = on ? 'disable it again' : 'enable it again';
    return {
      interrupted: 'completed',
      moves: entryPlan(moved, on, entry) ?? {},
      message: `Interrupted (MCP Admin stopped before it ended); found completed: ${state} Undo this change to ${back}.`,
    };
  }

  /**
   * An approval switch cut off (its intent left): the list the name stands in now decides. As
   * before it, nothing changed; otherwise it landed, and its undo puts the name back.
   */
  async function settleApproval(planned: RecordOf<'switch'>): Promise<Settled<'switch'>> {
    const { approval, name } = planned;
    if (approval === undefined) throw new TypeError(`the switch of "${name}" planned no approval move`);
    const now = (await approvalListOf(approval.settingsFile, name)) ?? null;
    if (now === approval.from) {
      return {
        interrupted: 'nothing changed',
        moves: {},
        message: `"${name}" stands in ${approval.from ?? 'neither approval list'} of ${approval.settingsFile} as before it: nothing changed.`,
      };
    }
    return {
      interrupted: 'completed',
      moves: { approval: { ...approval, to: now } },
      message: `"${name}" stands in ${now ?? 'neither approval list'} of ${approval.settingsFile} now; undo this change to put it back in ${approval.from ?? 'neither list'}.`,
    };
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
   * changed since), and what it moved.
   */
  async function switchBackInto(moved: RecordedSwitch): Promise<StepOutcome<SwitchMoves>> {
    await refuseSwitchBack(moved);
    const on = !moved.on;
    const { approval } = moved;
    if (approval !== undefined) {
      const target = { name: moved.name, scope: moved.scope, projectPath: moved.projectPath ?? '' };
      const place = await placeFor(target.name, target.scope, target.projectPath);
      const { result, moves } = await approvals.restoreApproval(
        target,
        approval.settingsFile,
        approval.to ?? undefined,
        approval.from ?? undefined,
      );
      return { ok: true, result, moves: switchMoves(place, moves, on) };
    }
    const entry = movedEntry(moved);
    const target = { name: entry.name, scope: entry.scope, projectPath: entry.projectPath };
    return switchInto(target, on, entry.entry);
  }

  /** The switch back of a recorded `mcp.disable` or `mcp.enable`, itself recorded as the opposite switch. */
  async function undo(change: RecordOf<'switch'>): Promise<MutationResult> {
    const moved: RecordedSwitch = {
      ...change,
      scope: writtenScope(change),
      on: change.procedure === 'mcp.enable',
    };
    await refuseSwitchBack(moved);
    return runPlannedChange(
      plannedChange({
        record: recordedChange<'switch'>,
        plan: async () => {
          const subject = moved.approval === undefined ? movedEntry(moved) : moved;
          const place = await placeFor(subject.name, subject.scope, subject.projectPath ?? '');
          const procedure = moved.on ? 'mcp.disable' : 'mcp.enable';
          // Taking the name out of the list the switch put it in, or the entry out of where it put it: durable first, like the switch.
          const { approval } = moved;
          const plan =
            approval === undefined
              ? entryPlan(place, !moved.on, movedEntry(moved).entry)
              : approvalPlan({ settingsFile: approval.settingsFile, from: approval.to, to: approval.from });
          return { subject: { kind: 'switch', procedure, place, undoes: change.id, plan } as const };
        },
        // The switch back.
        steps: () => switchBackInto(moved),
      }),
    );
  }

  undoers.register('switch', undo);
  recovery.register('switch', settleInterrupted);

  return { plannedSwitch, switchInto, switchBackInto, refuseSwitchBackChanged };
}

export type SwitchChanges = ReturnType<typeof createSwitchChanges>;

/** The intent's plan of an approval move that takes the name out of a list; none when it takes nothing away. */
function approvalPlan(
  move: Pick<NonNullable<SwitchMoves['approval']>, 'settingsFile' | 'from' | 'to'> | undefined,
): SwitchMoves | undefined {
  if (move === undefined || move.from === null || move.from === move.to) return undefined;
  return { approval: { settingsFile: move.settingsFile, from: move.from, to: move.to } };
}

/**
 * The intent's plan of a user/local switch: the whole entry a disable takes out of `.claude.json`
 * (`before`) or an enable takes out of the stash (`after`); none when there is no entry to move.
 */
function entryPlan(
  place: EntryPlace,
  on: boolean,
  entry: Record<string, unknown> | undefined,
): SwitchMoves | undefined {
  if (entry === undefined) return undefined;
  const { name, scope, projectPath, source } = place;
  const placed: PlacedEntry = { name, scope, projectPath, source, entry };
  return on ? { after: placed } : { before: placed };
}

/** What the history keeps of a switch: the entry it stashed or added back, or the approval it moved. */
function switchMoves(place: EntryPlace, change: SwitchChange, on: boolean): SwitchMoves {
  if (change.scope === 'project') {
    return {
      approval: { settingsFile: change.settingsFile, from: change.previous ?? null, to: change.list ?? null },
    };
  }
  const entry: PlacedEntry = { ...place, entry: change.stashed.entry };
  return on ? { after: entry } : { before: entry };
}

/** The user/local entry a switch moved: a disable stashed `before`, an enable added back `after`. */
function movedEntry(moved: RecordedSwitch): PlacedEntry {
  const entry = moved.on ? moved.after : moved.before;
  if (entry === undefined) throw new TypeError(`the switch of "${moved.name}" recorded no entry`);
  return entry;
}
