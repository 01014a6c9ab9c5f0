/**
 * What applying a profile switches (see profiles.ts): its servers on, every other switchable
 * server of the scopes it names off, each with whether it is on now.
 */
import type { Profile, Server } from '../../config';
import type { Scope } from '../../schemas';
import type { SwitchTarget } from '../switches';

/** A server the switch can change: one of the three scopes the CLI writes, not read-only. */
export function isSwitchable(server: Server): server is Server & { scope: Scope } {
  return server.readOnly !== true && ['user', 'local', 'project'].includes(server.scope);
}

/**
 * Switched on: not in MCP Admin's stash and, for a `.mcp.json` server, approved, or approved by the
 * project's own settings and waiting only for the folder's trust (Claude Code loads it once trusted).
 */
export function isOn(server: Server): boolean {
  if (server.disabled === true) return false;
  return server.scope !== 'project' || server.approval === 'approved' || server.awaitsTrust === true;
}

const keyOf = (name: string, scope: Scope, projectPath: string) =>
  JSON.stringify([scope, name, scope === 'user' ? '' : projectPath]);

/** One server to switch for a profile: where, which way, and whether it is on now. */
export interface ProfileStep {
  target: SwitchTarget;
  want: boolean;
  found: Server | undefined;
}

/**
 * What applying `profile` in `project` switches: its servers on, the other switchable servers of
 * its scopes off (user ones as listed from `project`, local and project ones in each project the
 * profile names for that scope).
 */
export async function profileSteps(
  profile: Profile,
  project: string,
  serversIn: (projectPath: string) => Promise<Server[]>,
): Promise<ProfileStep[]> {
  const targets = profile.servers.map(({ name, scope, projectPath }) => ({
    name,
    scope,
    projectPath: projectPath ?? project,
  }));
  const lists = new Map<string, Promise<Server[]>>();
  const listOf = (projectPath: string) => {
    let list = lists.get(projectPath);
    if (list === undefined) {
      list = serversIn(projectPath);
      lists.set(projectPath, list);
    }
    return list;
  };
  const steps = new Map<string, ProfileStep>();
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
