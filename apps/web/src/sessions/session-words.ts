/** Running sessions in words: where they run, and the sentence a change's message adds about them. */

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
 * What a change means for the running Claude Code sessions it does not reach, e.g. "2 running
 * Claude Code sessions in acme-web started before this change and still use the old servers:
 * restart them, or run /mcp there."; null when it reaches every one.
 */
export function missedSessionsText(output: unknown, projectPath: string | undefined): string | null {
  const missed = sessionsMissingOf(output);
  if (missed.length === 0) return null;
  const one = missed.length === 1;
  const dirs = [...new Set(missed.map((session) => session.cwd))];
  let where: string;
  if (projectPath !== undefined && missed.every((session) => isWithin(session.cwd, projectPath)))
    where = folderName(projectPath);
  else if (dirs.length === 1) where = folderName(dirs[0] ?? '');
  else where = `${String(dirs.length)} folders`;
  return (
    `${String(missed.length)} running Claude Code session${one ? '' : 's'} in ${where} started before this ` +
    `change and still use${one ? 's' : ''} the old servers: restart ${one ? 'it' : 'them'}, or run /mcp there.`
  );
}
