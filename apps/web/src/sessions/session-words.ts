/** Running sessions in words: where they run, and the sentence a change's message adds about them. */
import { sharedValue } from '../ui/shared-value';

export interface MissedSession {
  pid: number;
  cwd: string;
  name?: string;
  startedAt: number;
}

/** The last folder of a path: what a person calls the project (`/work/acme-web` → `acme-web`). */
export function folderName(path: string): string {
  return path.split('/').filter(Boolean).pop() ?? path;
}

function isWithin(dir: string, parent: string): boolean {
  return dir === parent || dir.startsWith(parent.endsWith('/') ? parent : `${parent}/`);
}

/** The `sessionsMissing` of a change's answer, if it has any; an import's answer has one per server added. */
export function sessionsMissingOf(output: unknown): MissedSession[] {
  if (!Array.isArray(output)) return missingIn(output);
  const byPid = new Map(output.flatMap(missingIn).map((session) => [session.pid, session]));
  return [...byPid.values()];
}

function missingIn(answer: unknown): MissedSession[] {
  const missing = (answer as { sessionsMissing?: unknown } | null)?.sessionsMissing;
  return Array.isArray(missing) ? (missing as MissedSession[]) : [];
}

/**
 * What a change means for the running Claude Code sessions it does not reach, each named, e.g. "2
 * running Claude Code sessions in acme-web (fix-login, pid 4242) started before this change and
 * still use the old servers: restart them, or run /mcp there."; null when it reaches every one.
 */
export function missedSessionsText(output: unknown, projectPath: string | undefined): string | null {
  const missed = sessionsMissingOf(output);
  if (missed.length === 0) return null;
  const one = missed.length === 1;
  const dirs = [...new Set(missed.map((session) => session.cwd))];
  let where: string;
  // Sessions in several folders each say their own.
  let spread = false;
  if (projectPath !== undefined && missed.every((session) => isWithin(session.cwd, projectPath)))
    where = folderName(projectPath);
  else if (dirs.length === 1) where = folderName(dirs[0] ?? '');
  else {
    where = `${String(dirs.length)} folders`;
    spread = true;
  }
  return (
    `${String(missed.length)} running Claude Code session${one ? '' : 's'} in ${where} ` +
    `(${sessionNames(missed, spread)}) started before this change and still use${one ? 's' : ''} ` +
    `the old servers: restart ${one ? 'it' : 'them'}, or run /mcp there.`
  );
}

/** At most this many sessions are named in a change's message; the rest are counted. */
const NAMED_SESSIONS = 5;

/** Each session as a person finds it: its name (else its pid), and its folder when they differ. */
function sessionNames(sessions: readonly MissedSession[], withFolder: boolean): string {
  const names = sessions.slice(0, NAMED_SESSIONS).map((session) => {
    const name = session.name ?? `pid ${String(session.pid)}`;
    return withFolder ? `${name} in ${folderName(session.cwd)}` : name;
  });
  const more = sessions.length - names.length;
  return more > 0 ? `${names.join(', ')} and ${String(more)} more` : names.join(', ');
}

/** Which servers each running session (by pid) misses: the changes made in this page it started before. */
const missed = sharedValue<ReadonlyMap<number, readonly string[]>>(new Map());
let missedNow: ReadonlyMap<number, readonly string[]> = new Map();

export const useMissedServers = missed.use;

/** The servers a change touched: its input's `name`, a profile's switched servers, an import's added ones. */
function changedServers(input: unknown, output: unknown): string[] {
  const results = (output as { results?: unknown } | null)?.results;
  if (Array.isArray(results)) {
    return (results as { name?: unknown; outcome?: unknown }[])
      .filter((result) => result.outcome === 'on' || result.outcome === 'off')
      .map((result) => String(result.name));
  }
  if (Array.isArray(output)) {
    return (output as { name?: unknown; sessionsMissing?: unknown }[])
      .filter((answer) => Array.isArray(answer.sessionsMissing))
      .map((answer) => String(answer.name));
  }
  const name = (input as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? [name] : [];
}

/** Notes, for the Running sessions view, which servers the sessions a change did not reach now miss. */
export function recordMissedSessions(input: unknown, output: unknown): void {
  const sessions = sessionsMissingOf(output);
  const servers = changedServers(input, output);
  if (sessions.length === 0 || servers.length === 0) return;
  const next = new Map(missedNow);
  for (const { pid } of sessions) next.set(pid, [...new Set([...(next.get(pid) ?? []), ...servers])]);
  missedNow = next;
  missed.set(next);
}

/** "1 h ago": how long a session has run, told in the largest whole unit. */
export function startedAgo(startedAt: number, now: number): string {
  const minutes = Math.floor((now - startedAt) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${String(minutes)} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${String(hours)} h ago`;
  return `${String(Math.floor(hours / 24))} d ago`;
}
