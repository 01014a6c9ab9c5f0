/**
 * Profiles (SPEC §4): named sets of servers, kept in `.mcp-admin/profiles.json`, and applied at once.
 * Applying one turns on every server of it and off every other switchable server (user, local,
 * project; never a read-only one) of the scopes it names, each through the lasting switch in a
 * queue turn of its own, and records them all as one change (`mcp.applyProfile`, each switch that
 * landed in `switches`), which one undo reverses whole by switching each back.
 */
import type { Profile, Server } from '../config';
import { profilesPath, readProfiles, writeProfiles, PROFILES_MAX } from '../config';
import { McpCoreError } from '../errors';
import {
  applyProfileInputSchema,
  deleteProfileInputSchema,
  saveProfileInputSchema,
  type ApplyProfileInput,
  type DeleteProfileInput,
  type ProfileServer,
  type SaveProfileInput,
  type Scope,
} from '../schemas';
import type { SwitchTarget } from '../switch';
import type { EntryChanges, Landed, MutationResult } from './entry-changes';
import { errorText } from './entry-steps';
import { hasLanded, writtenScope } from './history';
import type { ChangeRecord, EntryPlace, SwitchMove } from './history';
import type { RecordedSwitch } from './switch-changes';

export interface ProfileView extends Profile {
  /** Every server of it is on, and every other switchable server of the scopes it names is off. */
  active: boolean;
}

export type ProfileOutcome = 'on' | 'off' | 'unchanged' | 'missing' | 'failed';

export interface ProfileServerResult {
  name: string;
  scope: Scope;
  projectPath?: string;
  outcome: ProfileOutcome;
  message?: string;
}

export interface ApplyProfileResult {
  ok: boolean;
  message: string;
  results: ProfileServerResult[];
  warning?: string;
}

export interface ProfileDependencies {
  configPath: string;
  existingProject: (projectPath: string | undefined) => Promise<string>;
  /** The servers listed for a project, as `mcp.list` lists them. */
  serversIn: (projectPath: string) => Promise<Server[]>;
  /** A turn of the queue for a change of Claude Code's config (refused under a managed config). */
  changeTurn: <T>(task: () => Promise<T>) => Promise<T>;
  /** A turn of the queue for MCP Admin's own files. */
  ownTurn: <T>(task: () => Promise<T>) => Promise<T>;
  placeFor: (name: string, scope: Scope, projectPath: string) => Promise<EntryPlace>;
  recordedChange: EntryChanges['recordedChange'];
  switchInto: (target: SwitchTarget, on: boolean, landed: Landed) => Promise<MutationResult>;
  switchBackInto: (moved: RecordedSwitch, landed: Landed) => Promise<MutationResult>;
  /** CHANGED_SINCE when the project a recorded switch ran in is gone or resolves elsewhere now. */
  refuseSwitchBack: (moved: RecordedSwitch) => Promise<void>;
}

/** A server the switch can change: one of the three scopes the CLI writes, not read-only. */
function isSwitchable(server: Server): server is Server & { scope: Scope } {
  return server.readOnly !== true && ['user', 'local', 'project'].includes(server.scope);
}

/** On for Claude Code: not in MCP Admin's stash and, for a `.mcp.json` server, approved. */
function isOn(server: Server): boolean {
  return server.disabled !== true && (server.scope !== 'project' || server.approval === 'approved');
}

const keyOf = (name: string, scope: Scope, projectPath: string) =>
  JSON.stringify([scope, name, scope === 'user' ? '' : projectPath]);

/** One server to switch for a profile: where, which way, and whether it is on now. */
interface Step {
  target: SwitchTarget;
  want: boolean;
  found: Server | undefined;
}

export function createProfiles(deps: ProfileDependencies) {
  const path = profilesPath(deps.configPath);

  /**
   * What applying `profile` in `project` switches: its servers on, the other switchable servers of
   * its scopes off (user ones as listed from `project`, local and project ones in each project the
   * profile names for that scope).
   */
  async function stepsOf(profile: Profile, project: string): Promise<Step[]> {
    const targets = profile.servers.map(({ name, scope, projectPath }) => ({
      name,
      scope,
      projectPath: projectPath ?? project,
    }));
    const lists = new Map<string, Promise<Server[]>>();
    const listOf = (projectPath: string) => {
      let list = lists.get(projectPath);
      if (list === undefined) {
        list = deps.serversIn(projectPath);
        lists.set(projectPath, list);
      }
      return list;
    };
    const steps = new Map<string, Step>();
    for (const target of targets) {
      const rows = await listOf(target.scope === 'user' ? project : target.projectPath);
      const found = rows.find((row) => row.name === target.name && row.scope === target.scope);
      steps.set(keyOf(target.name, target.scope, target.projectPath), { target, want: true, found });
    }
    const places = new Set(targets.map(({ scope, projectPath }) => keyOf('', scope, projectPath)));
    for (const place of places) {
      const [scope, , placeProject] = JSON.parse(place) as [Scope, string, string];
      const projectPath = scope === 'user' ? project : placeProject;
      for (const row of await listOf(projectPath)) {
        if (!isSwitchable(row) || row.scope !== scope) continue;
        const key = keyOf(row.name, row.scope, projectPath);
        if (steps.has(key)) continue;
        steps.set(key, { target: { name: row.name, scope, projectPath }, want: false, found: row });
      }
    }
    return [...steps.values()];
  }

  async function named(name: string): Promise<Profile> {
    const profile = (await readProfiles(path)).find((candidate) => candidate.name === name);
    if (profile === undefined) throw new McpCoreError('NOT_FOUND', `No profile named "${name}".`);
    return profile;
  }

  /** One server switched in a queue turn of its own; what landed joins `switches`. */
  async function switchOne(step: Step, switches: SwitchMove[]): Promise<ProfileServerResult> {
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
    const landed: Landed = {};
    try {
      const result = await deps.changeTurn(() => deps.switchInto(target, want, landed));
      return { ...shown, outcome: want ? 'on' : 'off', message: result.message };
    } catch (error) {
      return { ...shown, outcome: 'failed', message: errorText(error) };
    } finally {
      if (hasLanded(landed)) switches.push({ ...target, on: want, ...landed });
    }
  }

  return {
    path,

    async list(defaultProject: string): Promise<ProfileView[]> {
      const profiles = await readProfiles(path);
      return Promise.all(
        profiles.map(async (profile) => {
          const steps = await stepsOf(profile, defaultProject);
          const active = steps.every(({ found, want }) => found !== undefined && isOn(found) === want);
          return { ...profile, active };
        }),
      );
    },

    async save(rawInput: SaveProfileInput): Promise<MutationResult> {
      const input = saveProfileInputSchema.parse(rawInput);
      const project = await deps.existingProject(input.projectPath);
      // Read in the queue: "on now" is after every change asked for before this save.
      return deps.ownTurn(async () => {
        const servers: ProfileServer[] =
          input.servers ??
          (await deps.serversIn(project))
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

    async delete(rawInput: DeleteProfileInput): Promise<MutationResult> {
      const { name } = deleteProfileInputSchema.parse(rawInput);
      return deps.ownTurn(async () => {
        const profiles = await readProfiles(path);
        await named(name);
        await writeProfiles(
          path,
          profiles.filter((profile) => profile.name !== name),
        );
        return { ok: true, message: `Deleted profile "${name}" from ${path}.` };
      });
    },

    async apply(rawInput: ApplyProfileInput): Promise<ApplyProfileResult> {
      const input = applyProfileInputSchema.parse(rawInput);
      const project = await deps.existingProject(input.projectPath);
      const profile = await named(input.name);
      const steps = await stepsOf(profile, project);
      const results: ProfileServerResult[] = [];
      const [first] = profile.servers;
      const place: EntryPlace = {
        name: profile.name,
        scope: first?.scope ?? 'user',
        projectPath: project,
        source: path,
      };
      let message = '';
      try {
        const recorded = await deps.recordedChange(
          { procedure: 'mcp.applyProfile', place },
          async (landed) => {
            const switches: SwitchMove[] = [];
            landed.switches = switches;
            for (const step of steps) results.push(await switchOne(step, switches));
            message = summary(profile.name, results);
            if (results.some(({ outcome }) => outcome === 'failed'))
              throw new McpCoreError('CLI_FAILED', message);
            return { ok: true, message };
          },
        );
        return { ...recorded, results };
      } catch (error) {
        if (results.length === 0) throw error;
        return { ok: false, message, results };
      }
    },

    /** Undoes a recorded apply (or an undo of one) inside the undo's queue turn: each switch back, newest first; recorded as `mcp.undo` with its switches. */
    async undo(change: ChangeRecord): Promise<MutationResult> {
      const moves = [...(change.switches ?? [])].reverse();
      // Every project checked before the first switch back: a refusal then changes nothing.
      for (const move of moves) await deps.refuseSwitchBack(move);
      const place: EntryPlace = {
        name: change.name,
        scope: writtenScope(change),
        projectPath: change.projectPath ?? '',
        source: path,
      };
      return deps.recordedChange({ procedure: 'mcp.undo', place, undoes: change.id }, async (landed) => {
        const switches: SwitchMove[] = [];
        landed.switches = switches;
        for (const move of moves) {
          const one: Landed = {};
          try {
            await deps.switchBackInto(move, one);
          } finally {
            if (hasLanded(one))
              switches.push({
                name: move.name,
                scope: move.scope,
                projectPath: move.projectPath,
                on: !move.on,
                ...one,
              });
          }
        }
        return {
          ok: true,
          message: `Undid profile "${change.name}": switched ${switches.length} servers back.`,
        };
      });
    },
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
