/**
 * Profiles (docs/api.md#mcpprofiles): named sets of servers, kept in `.mcp-admin/profiles.json`, and applied at once.
 * Applying one turns on every server of it and off every other switchable server (user, local,
 * project; never a read-only one) of the scopes it names, each through the lasting switch, all in
 * one queue turn planned from what is stored when the turn comes, and records them all as one
 * change (`mcp.applyProfile`, each switch that landed in `switches`, journaled after each switch),
 * which one undo reverses whole by switching each back, every one checked before the first.
 * Its plan (each server it will switch, with the entry each switch off takes away) is durable
 * before the first switch; an apply cut off (its MCP Admin killed) is completed at the next start.
 */
import type { Profile } from '../../config';
import {
  disabledStashPath,
  isStashKey,
  profilesPath,
  readDisabledStash,
  readProfiles,
  writeProfiles,
  PROFILES_MAX,
} from '../../config';
import { McpCoreError } from '../../errors';
import {
  applyProfileInputSchema,
  deleteProfileInputSchema,
  saveProfileInputSchema,
  type DeleteProfileInput,
  type ProfileServer,
  type SaveProfileInput,
  type Scope,
} from '../../schemas';
import { errorText } from '../../error-text';
import { describedChange, plannedChange, runPlannedChange, withinQueuedReadDeadline } from '../engine';
import type { EngineContext, MutationResult, StepOutcome } from '../engine';
import { hasLanded, writtenScope } from '../history';
import type {
  ChangeSubject,
  EntryPlace,
  HistoryJournal,
  RecordedChange,
  RecordOf,
  Recovery,
  Settled,
  SwitchMove,
  SwitchMoves,
  UndoRegistry,
} from '../history';
import type { EntryChanges } from '../entries';
import type { SwitchChanges } from '../switches';
import { stashKeyOf } from '../../switch';

import type {
  ApplyProfileResult,
  McpAdmin,
  ProfileOutcome,
  ProfileServerResult,
  ProfileView,
} from '../contract';
import { isOn, isSwitchable, profileSteps } from './steps';
import type { ProfileStep } from './steps';
import { signInAtRisk, withSignInLoss } from '../sign-in';

type ProfileContext = Pick<EngineContext, 'settings' | 'readers' | 'turns'> & {
  recordedChange: RecordedChange;
  switches: SwitchChanges;
  /** Where the undo of an applied profile is registered. */
  undoers: UndoRegistry;
  /** Where an apply cut off is settled at start, and the switches it journaled before. */
  recovery: Recovery;
  history: Pick<HistoryJournal, 'undoable'>;
  entries: Pick<EntryChanges, 'placeFor'>;
};

/**
 * `mcp.profiles`, `mcp.saveProfile`, `mcp.deleteProfile`, `mcp.applyProfile`; registers the undo
 * of an applied profile (each switch back).
 */
export function createProfiles({
  settings,
  readers,
  turns,
  recordedChange,
  switches: switchChanges,
  undoers,
  recovery,
  history,
  entries,
}: ProfileContext) {
  const path = profilesPath(settings.configPath);
  const { credentialsPath, configPath } = settings;
  const stashPath = disabledStashPath(configPath);
  // Also read inside a queue turn (a save from what is on): bounded like every queued read.
  const serversIn = (projectPath: string) =>
    withinQueuedReadDeadline(async () => (await readers.list(projectPath, false)).servers);
  // An apply's plan, in its turn: with secrets, for the key of each sign-in a switch may drop.
  const revealedServersIn = (projectPath: string) =>
    withinQueuedReadDeadline(() => readers.serversToCheck(projectPath));

  async function named(name: string): Promise<Profile> {
    const profile = (await readProfiles(path)).find((candidate) => candidate.name === name);
    if (profile === undefined) throw new McpCoreError('NOT_FOUND', `No profile named "${name}".`);
    return profile;
  }

  /**
   * One server switched, inside the apply's queue turn; what landed joins `switches`, and a warning
   * of the switch (a sign-in it lost, see sign-in-loss.ts) joins `warnings`.
   */
  async function switchOne(
    step: ProfileStep,
    switches: SwitchMove[],
    warnings: string[],
  ): Promise<ProfileServerResult> {
    const { target, want, found } = step;
    const shown = {
      name: target.name,
      scope: target.scope,
      ...(target.scope === 'user' ? {} : { projectPath: target.projectPath }),
    };
    if (found === undefined) {
      return {
        ...shown,
        outcome: 'missing',
        message: `No ${target.scope}-scope server "${target.name}" is listed for ${target.projectPath}.`,
      };
    }
    if (isOn(found) === want) return { ...shown, outcome: 'unchanged' };
    // `found` is listed with its secrets: the key of its sign-in is over them.
    const atRisk = want
      ? undefined
      : await signInAtRisk({ credentialsPath, listedEntry: () => Promise.resolve(found) });
    const landed = (moves: SwitchMoves) => {
      if (hasLanded({ kind: 'switch', ...moves })) switches.push({ ...target, on: want, ...moves });
    };
    try {
      const switched = await switchChanges.switchInto(target, want);
      landed(switched.moves);
      if (!switched.ok) return { ...shown, outcome: 'failed', message: errorText(switched.failure) };
      const result = await withSignInLoss(switched.result, credentialsPath, target.name, atRisk);
      if (result.warning !== undefined) warnings.push(result.warning);
      return { ...shown, outcome: want ? 'on' : 'off', message: result.message };
    } catch (error) {
      // Thrown: nothing of this switch landed.
      return { ...shown, outcome: 'failed', message: errorText(error) };
    }
  }

  /**
   * The apply's plan, durable before its first switch: each server it will switch and which way,
   * with the whole entry each user/local switch off takes away (as its switch records it).
   */
  async function plannedSwitches(steps: readonly ProfileStep[]): Promise<SwitchMove[]> {
    const planned: SwitchMove[] = [];
    for (const { target, want, found } of steps) {
      if (found === undefined || isOn(found) === want) continue;
      const move: SwitchMove = { ...target, on: want };
      if (!want && target.scope !== 'project') {
        const stored = await withinQueuedReadDeadline(() =>
          readers.storedIn(target.scope, target.name, target.projectPath),
        );
        if (stored !== undefined) {
          const at = await entries.placeFor(target.name, target.scope, target.projectPath);
          move.before = { ...at, entry: stored.entry };
        }
      }
      planned.push(move);
    }
    return planned;
  }

  /** The switches an apply journaled before it was cut off (its checkpoint), or none. */
  async function journaledSwitches(id: string): Promise<SwitchMove[]> {
    try {
      const { value } = await history.undoable(id);
      return value.kind === 'switches' ? (value.switches ?? []) : [];
    } catch {
      return [];
    }
  }

  /**
   * The moves of a planned user/local switch found already landed by what is stored (the one that
   * was landing when the apply was cut off), or undefined when it has not landed.
   */
  async function foundLanded(move: SwitchMove): Promise<SwitchMoves | undefined> {
    const { name, scope, projectPath } = move;
    if (scope === 'project') return undefined;
    const stored = await withinQueuedReadDeadline(() => readers.storedIn(scope, name, projectPath));
    const at = await entries.placeFor(name, scope, projectPath);
    // Back in `.claude.json`: the enable's add landed (a stash copy left is dropped by the stash settle).
    if (move.on) return stored === undefined ? undefined : { after: { ...at, entry: stored.entry } };
    if (stored !== undefined) return undefined;
    const key = await stashKeyOf(name, scope, projectPath);
    const kept = (await readDisabledStash(stashPath)).find((server) => isStashKey(server, key));
    if (kept === undefined) return undefined;
    return { before: move.before ?? { ...at, entry: kept.entry } };
  }

  /**
   * An apply cut off (its MCP Admin killed), settled at start under the lock: the switches it
   * journaled, the one found landed by what is stored, and every other planned switch run now;
   * recorded as one change listing them all, so one undo switches every one back.
   */
  async function settleInterrupted(planned: RecordOf<'switches'>): Promise<Settled<'switches'>> {
    // Completed rather than put back: the user asked for this profile, and one undo of the record puts back all of it.
    const switches = await journaledSwitches(planned.id);
    const failures: string[] = [];
    const sameServer = (a: SwitchMove, b: SwitchMove) =>
      a.name === b.name && a.scope === b.scope && (a.scope === 'user' || a.projectPath === b.projectPath);
    for (const move of planned.switches ?? []) {
      if (switches.some((done) => sameServer(done, move))) continue;
      const { name, scope, projectPath, on } = move;
      const target = { name, scope, projectPath };
      const landed = await foundLanded(move);
      if (landed !== undefined) {
        switches.push({ ...target, on, ...landed });
        continue;
      }
      try {
        const switched = await switchChanges.switchInto(target, on);
        if (!switched.ok) {
          // Failed after it landed: recorded all the same, so the undo switches it back.
          switches.push({ ...target, on, ...switched.moves });
          failures.push(`"${name}" (${errorText(switched.failure)})`);
        } else if (hasLanded({ kind: 'switch', ...switched.moves })) {
          switches.push({ ...target, on, ...switched.moves });
        }
      } catch (error) {
        failures.push(`"${name}" (${errorText(error)})`);
      }
    }
    const count = planned.switches?.length ?? 0;
    return {
      interrupted: 'completed',
      moves: { switches },
      message: `Interrupted (MCP Admin stopped before it ended); completed at start: ${switches.length} of ${count} servers switched${failures.length === 0 ? '' : `, failed: ${failures.join(', ')}`}. Undo this change to switch them all back.`,
    };
  }

  const operations: Pick<McpAdmin, 'profiles' | 'saveProfile' | 'deleteProfile' | 'applyProfile'> = {
    async profiles(): Promise<ProfileView[]> {
      const profiles = await readProfiles(path);
      return Promise.all(
        profiles.map(async (profile) => {
          const steps = await profileSteps(profile, settings.defaultProject, serversIn);
          const active = steps.every(({ found, want }) => found !== undefined && isOn(found) === want);
          return { ...profile, active };
        }),
      );
    },

    async saveProfile(rawInput: SaveProfileInput): Promise<MutationResult> {
      const input = saveProfileInputSchema.parse(rawInput);
      const project = await readers.existingProject(input.projectPath);
      // Read in the queue: "on now" is after every change asked for before this save.
      return turns.own(async () => {
        const servers: ProfileServer[] =
          input.servers ??
          (await serversIn(project))
            .filter((row) => isSwitchable(row) && isOn(row))
            .map(({ name, scope }) => ({
              name,
              scope: scope as Scope,
              ...(scope === 'user' ? {} : { projectPath: project }),
            }));
        const profiles = await readProfiles(path);
        const others = profiles.filter((profile) => profile.name !== input.name);
        if (others.length >= PROFILES_MAX) {
          throw new McpCoreError(
            'INVALID_INPUT',
            `name: ${path} holds ${PROFILES_MAX} profiles already; delete one first`,
          );
        }
        await writeProfiles(path, [...others, { name: input.name, servers }]);
        const verb = others.length < profiles.length ? 'Replaced' : 'Saved';
        return {
          ok: true,
          message: `${verb} profile "${input.name}" with ${servers.length} servers in ${path}.`,
        };
      });
    },

    async deleteProfile(rawInput: DeleteProfileInput): Promise<MutationResult> {
      const { name } = deleteProfileInputSchema.parse(rawInput);
      return turns.own(async () => {
        const profiles = await readProfiles(path);
        await named(name);
        await writeProfiles(
          path,
          profiles.filter((profile) => profile.name !== name),
        );
        return { ok: true, message: `Deleted profile "${name}" from ${path}.` };
      });
    },

    applyProfile: describedChange(
      { turns, readers },
      {
        input: applyProfileInputSchema,
        project: (input, existingProject) => existingProject(input.projectPath),
        change: (input, project) =>
          plannedChange({
            record: recordedChange<'switches'>,
            // In the turn, from what is stored after every change asked for before this apply: each
            // server it will switch, with the entry each switch off takes away, durable before the first.
            plan: async (): Promise<PlannedApply> => {
              const profile = await named(input.name);
              const steps = await profileSteps(profile, project, revealedServersIn);
              const [first] = profile.servers;
              const place: EntryPlace = {
                name: profile.name,
                scope: first?.scope ?? 'user',
                projectPath: project,
                source: path,
              };
              const plan = { switches: await plannedSwitches(steps) };
              const subject = { kind: 'switches', procedure: 'mcp.applyProfile', place, plan } as const;
              return { subject, profile, steps, results: [], warnings: [] };
            },
            // Each server switched in turn, each that landed journaled before the next.
            steps: async ({ profile, steps, results, warnings }, checkpoint) => {
              const switches: SwitchMove[] = [];
              try {
                for (const step of steps) {
                  const before = switches.length;
                  results.push(await switchOne(step, switches, warnings));
                  // Journaled before the next switch: a crash from here on leaves these in the history.
                  if (switches.length > before && results.length < steps.length) {
                    await checkpoint(
                      `Applying profile "${profile.name}" stopped after ${results.length} of ${steps.length} servers (MCP Admin was stopped, or the apply still runs): the switches recorded here landed.`,
                      { switches: [...switches] },
                    );
                  }
                }
              } catch (error) {
                // What switched before the error stays recorded with it.
                return { ok: false, failure: error, moves: { switches } };
              }
              const message = summary(profile.name, results);
              if (results.some(({ outcome }) => outcome === 'failed')) {
                return { ok: false, failure: new McpCoreError('CLI_FAILED', message), moves: { switches } };
              }
              return { ok: true, result: { ok: true, message }, moves: { switches } };
            },
            // Each server's result with the recorded summary, warnings and changeId.
            answer: (recorded, applied) => applyAnswer(applied, recorded),
            // Some servers tried: answered with each one's result, not thrown; none tried: its error.
            failedAnswer: (_error, applied) =>
              applied.results.length === 0 ? undefined : applyAnswer(applied),
          }),
      },
    ),
  };

  /** Undoes a recorded apply (or an undo of one) inside the undo's queue turn: each switch back, newest first; recorded as `mcp.undo` with its switches. */
  function undo(change: RecordOf<'switches'>): Promise<MutationResult> {
    const moves = [...(change.switches ?? [])].reverse();
    return runPlannedChange(
      plannedChange({
        record: recordedChange<'switches'>,
        plan: async () => {
          // Every switch checked (its project, and the entry or approval it moves) before the first one
          // goes back: a refusal then changes nothing, and the same undo can be asked again later.
          for (const move of moves) await switchChanges.refuseSwitchBackChanged(move);
          const place: EntryPlace = {
            name: change.name,
            scope: writtenScope(change),
            projectPath: change.projectPath ?? '',
            source: path,
          };
          return { subject: { kind: 'switches', procedure: 'mcp.undo', place, undoes: change.id } as const };
        },
        // Each switch back, newest first, each that landed journaled before the next.
        steps: async (_planned, checkpoint) => {
          const switches: SwitchMove[] = [];
          for (const [index, move] of moves.entries()) {
            const landed = (one: SwitchMoves) => {
              if (!hasLanded({ kind: 'switch', ...one })) return false;
              switches.push({
                name: move.name,
                scope: move.scope,
                projectPath: move.projectPath,
                on: !move.on,
                ...one,
              });
              return true;
            };
            let back: StepOutcome<SwitchMoves>;
            try {
              back = await switchChanges.switchBackInto(move);
            } catch (error) {
              // What switched back before this one stays recorded with the error.
              return { ok: false, failure: error, moves: { switches } };
            }
            const landedNow = landed(back.moves);
            // This one failed after it landed: recorded with the ones before it and the error.
            if (!back.ok) return { ok: false, failure: back.failure, moves: { switches } };
            if (landedNow && index < moves.length - 1) {
              await checkpoint(
                `Undoing profile "${change.name}" stopped after ${index + 1} of ${moves.length} switches back (MCP Admin was stopped, or the undo still runs): the switches recorded here landed.`,
                { switches: [...switches] },
              );
            }
          }
          const message = `Undid profile "${change.name}": switched ${switches.length} servers back.`;
          return { ok: true, result: { ok: true, message }, moves: { switches } };
        },
      }),
    );
  }

  undoers.register('switches', undo);
  recovery.register('switches', settleInterrupted);

  return operations;
}

/**
 * An apply as planned: its record's subject, the profile and its steps, and what its steps fill in
 * for its answer (each server's result, each switch's warning), in order.
 */
interface PlannedApply {
  subject: ChangeSubject<'switches'>;
  profile: Profile;
  steps: ProfileStep[];
  results: ProfileServerResult[];
  warnings: string[];
}

/**
 * The answer of an apply: each server's result, the switches' warnings (a lost sign-in), then the
 * history's; `recorded` when it ended well (its summary, and its changeId), else `ok: false` with
 * the summary when every server was tried.
 */
function applyAnswer(
  { profile, steps, results, warnings }: PlannedApply,
  recorded?: MutationResult,
): ApplyProfileResult {
  const warning = [...warnings, ...(recorded?.warning === undefined ? [] : [recorded.warning])].join('\n');
  const changeId = recorded?.changeId;
  const message =
    recorded?.message ?? (results.length === steps.length ? summary(profile.name, results) : '');
  return {
    ok: recorded !== undefined,
    message,
    results,
    ...(warning === '' ? {} : { warning }),
    ...(changeId === undefined ? {} : { changeId }),
  };
}

/** The answer in a sentence: how many servers went on, off, stayed, were missing or failed. */
function summary(name: string, results: readonly ProfileServerResult[]): string {
  const count = (outcome: ProfileOutcome) => results.filter((result) => result.outcome === outcome).length;
  const parts = (['on', 'off', 'unchanged', 'missing', 'failed'] as const)
    .map((outcome) => [outcome, count(outcome)] as const)
    .filter(([, n]) => n > 0)
    .map(([outcome, n]) => `${n} ${outcome === 'on' || outcome === 'off' ? `switched ${outcome}` : outcome}`);
  return `Applied profile "${name}": ${parts.length === 0 ? 'no servers' : parts.join(', ')}.`;
}
