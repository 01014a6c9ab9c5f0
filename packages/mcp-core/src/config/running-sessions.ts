/**
 * The running Claude Code sessions of one config dir, read as `claude agents --json` reads them:
 * each session writes `$CLAUDE_CONFIG_DIR/sessions/<pid>.json` and leaves it behind when it is
 * killed, so a file counts only while its pid is alive with the same start time (`procStart`,
 * field 22 of `/proc/<pid>/stat`). Read from the files, not the CLI: one `claude agents` call
 * costs 1–3.5 s and deletes stale files as it goes, and every change's answer needs this list.
 * Every byte is hostile: only regular files named `<pid>.json`, no link followed, caps on the
 * folder, on the files opened and on their size, and a time budget; nothing here throws.
 */
import { lstat, opendir } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { readProcess } from '../process-table';
import { readSmallJsonFile } from '../small-json-file';
import { isRecord } from '../records';

export interface RunningSession {
  pid: number;
  /** The session's working directory, as Claude Code recorded it. */
  cwd: string;
  kind: 'interactive' | 'background';
  /** When it started, ms since the epoch. */
  startedAt: number;
  sessionId?: string;
  name?: string;
  /** As `claude agents --json` says it: absent until the session reports one. */
  status?: 'idle' | 'busy' | 'waiting';
}

/** A session a change did not reach, as the change's answer names it (`sessionsMissing`). */
export type MissedSession = Pick<RunningSession, 'pid' | 'cwd' | 'name' | 'startedAt'>;

export const SESSION_FILE_LIMITS = {
  /** Folder entries looked at: a folder of stale files is not read to its end. */
  folderEntries: 20_000,
  /** Session files opened (only those whose pid is alive are). */
  filesRead: 500,
  fileBytes: 64 * 1024,
  /** Past this the list answers with what it has. */
  budgetMs: 2_000,
  textChars: 200,
  pathChars: 4_096,
};

const SESSION_FILE_NAME = /^[1-9]\d{0,9}\.json$/;

/** Whether this machine has /proc, without which a session's liveness cannot be proved. */
export function canProveLiveness(): boolean {
  return readProcess(process.pid) !== undefined;
}

/** The sessions of `claudeDir` whose process is alive and is the one that wrote its file, oldest first. */
export async function readRunningSessions(
  claudeDir: string,
  limits = SESSION_FILE_LIMITS,
): Promise<RunningSession[]> {
  // Without /proc a pid reused by another process would pass for the session: list nothing unproved.
  if (!canProveLiveness()) return [];
  const dir = join(claudeDir, 'sessions');
  const found = await lstat(dir).catch(() => undefined);
  if (found?.isDirectory() !== true) return [];
  const started = performance.now();
  const sessions: RunningSession[] = [];
  let seen = 0;
  let opened = 0;
  try {
    for await (const entry of await opendir(dir)) {
      if (++seen > limits.folderEntries || performance.now() - started > limits.budgetMs) break;
      if (!entry.isFile() || !SESSION_FILE_NAME.test(entry.name)) continue;
      const pid = Number(entry.name.slice(0, -'.json'.length));
      const owner = readProcess(pid);
      // Gone, or exited and not yet reaped: the file is stale, and is never opened.
      if (owner === undefined || owner.state === 'Z') continue;
      if (++opened > limits.filesRead) break;
      const record = await readSmallJsonFile(join(dir, entry.name), limits.fileBytes);
      const session = record === undefined ? undefined : sessionOf(record, pid, owner.startTime, limits);
      if (session !== undefined) sessions.push(session);
    }
  } catch {
    // The folder vanished or became unreadable mid-listing: what was read stands.
  }
  return sessions.sort((a, b) => a.startedAt - b.startedAt || a.pid - b.pid);
}

/** The session a file describes, if it is well formed and its process is the one that wrote it. */
function sessionOf(
  record: unknown,
  pid: number,
  procStart: number,
  limits: typeof SESSION_FILE_LIMITS,
): RunningSession | undefined {
  if (!isRecord(record)) return undefined;
  const { cwd, startedAt, kind } = record;
  if (record.pid !== pid || String(record.procStart) !== String(procStart)) return undefined;
  // Spare and parked processes are not sessions anyone works in (`claude agents` skips them too).
  if (record.spare === true || record.parkedJobId !== undefined) return undefined;
  if (kind !== 'interactive' && kind !== 'bg') return undefined;
  if (typeof cwd !== 'string' || !isAbsolute(cwd) || cwd.length > limits.pathChars || cwd.includes('\0'))
    return undefined;
  if (typeof startedAt !== 'number' || !Number.isFinite(startedAt)) return undefined;
  const sessionId = shortText(record.sessionId, limits.textChars);
  const name = shortText(record.name, limits.textChars);
  const status = statusOf(record.status);
  return {
    pid,
    cwd,
    kind: kind === 'bg' ? 'background' : 'interactive',
    startedAt,
    ...(sessionId !== undefined && { sessionId }),
    ...(name !== undefined && { name }),
    ...(status !== undefined && { status }),
  };
}

/** `claude agents --json`'s mapping: idle and waiting kept, anything else busy. */
function statusOf(value: unknown): RunningSession['status'] {
  if (typeof value !== 'string' || value === '') return undefined;
  return value === 'idle' || value === 'waiting' ? value : 'busy';
}

// Control characters would paint over a terminal or a log line; a long name is cut.
function shortText(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  // eslint-disable-next-line no-control-regex
  const text = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').slice(0, max);
  return text === '' ? undefined : text;
}
