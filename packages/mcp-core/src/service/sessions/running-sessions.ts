/**
 * `mcp.sessions`, and which running Claude Code sessions a change does not reach: a running
 * session never reloads its MCP servers by itself (docs/claude-code-facts.md), so every session
 * that started before a change landed, in a directory the change affects, still uses the old ones.
 */
import { sep } from 'node:path';
import { localProjectKey, readRunningSessions, realProjectDir } from '../../config';
import type { MissedSession, RunningSession } from '../../config';
import type { Scope } from '../../schemas';
import { sessionsInputSchema } from '../../schemas';
import type { Readers, ServiceSettings } from '../engine';
import type { McpAdmin } from '../contract';

/**
 * Where a change is seen: `everywhere` (user scope, user settings, credentials) or only by
 * sessions in one of `dirs` or below (a project's `.mcp.json`, its local scope, its settings).
 */
export type Reach = { everywhere: true } | { everywhere: false; dirs: string[] };

export const EVERYWHERE: Reach = { everywhere: true };

/** Where a change of `scope` in `projectPath` is seen by Claude Code. */
export async function reachOf(scope: Scope | 'project-dir', projectPath: string): Promise<Reach> {
  if (scope === 'user') return EVERYWHERE;
  // Local scope is keyed by the git root, which every session below it reads; `.mcp.json` is looked for up the chain.
  const dir = scope === 'local' ? await localProjectKey(projectPath) : await realProjectDir(projectPath);
  return { everywhere: false, dirs: [dir] };
}

/** One reach covering all of `reaches`. */
export function joinedReach(reaches: Reach[]): Reach {
  if (reaches.some((reach) => reach.everywhere)) return EVERYWHERE;
  return { everywhere: false, dirs: reaches.flatMap((reach) => (reach.everywhere ? [] : reach.dirs)) };
}

/** Whether `dir` is `parent` or below it. */
export function isWithin(dir: string, parent: string): boolean {
  return dir === parent || dir.startsWith(parent.endsWith(sep) ? parent : parent + sep);
}

/** The sessions that started before `landedAt` and see what `reach` covers. */
export function sessionsMissing(sessions: RunningSession[], reach: Reach, landedAt: number): MissedSession[] {
  return sessions
    .filter((session) => session.startedAt < landedAt)
    .filter((session) => reach.everywhere || reach.dirs.some((dir) => isWithin(session.cwd, dir)))
    .map(({ pid, cwd, name, startedAt }) => ({ pid, cwd, startedAt, ...(name !== undefined && { name }) }));
}

export interface SessionReports {
  /** The running sessions a change that landed at `landedAt` does not reach. Never throws. */
  missedBy(reach: Reach, landedAt: number): Promise<MissedSession[]>;
}

export function createRunningSessions({
  settings,
  readers,
}: {
  settings: Pick<ServiceSettings, 'claudeDir' | 'logWarning'>;
  readers: Pick<Readers, 'existingProject'>;
}): Pick<McpAdmin, 'sessions'> & SessionReports {
  const { claudeDir, logWarning } = settings;
  return {
    async sessions(rawInput) {
      const input = sessionsInputSchema.parse(rawInput);
      const all = await readRunningSessions(claudeDir);
      if (input?.projectPath === undefined) return all;
      const dir = await realProjectDir(await readers.existingProject(input.projectPath));
      return all.filter((session) => isWithin(session.cwd, dir));
    },
    async missedBy(reach, landedAt) {
      try {
        return sessionsMissing(await readRunningSessions(claudeDir), reach, landedAt);
      } catch (error) {
        // The change landed: a list that cannot be read must not turn its answer into an error.
        logWarning(`Running sessions could not be listed: ${String(error)}`);
        return [];
      }
    },
  };
}
