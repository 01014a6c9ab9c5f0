/**
 * Claude Code's own MCP logs: while it connects to a server (also in `claude -p`) it writes one
 * JSON line per event to `<cache>/claude-cli-nodejs/<slug of its cwd>/mcp-logs-<slug of the
 * name>/<ISO time, ":" and "." as "-">.jsonl`, e.g. `{"error":"Connection failed (ENOENT): …",
 * "timestamp":"…","sessionId":"…","cwd":"…"}` (read in the CLI 2.1.332 and checked against the
 * files it writes by test/config/mcp-logs-cli.test.ts).
 *
 * The folder is the user's, but whatever a server prints can end up in these files: each is read
 * like any file from outside, regular files only (a link is named, never followed), from its end,
 * within a budget of lines, bytes and time for the whole answer.
 */
import { constants } from 'node:fs';
import { lstat, open, opendir } from 'node:fs/promises';
import { join } from 'node:path';
import { withDeadline } from '../deadline';
import { McpCoreError } from '../errors';
import { isRecord } from '../records';
import { MiB } from './config-file';
import { errorText } from '../error-text';

export const MCP_LOG_LIMITS = {
  /** Lines in one answer, over all its sessions. */
  lines: 500,
  /** Bytes read for one answer, over all its sessions. */
  bytes: MiB,
  /** Characters kept of one line. */
  lineChars: 4_000,
  /** Folder entries read from the OS at a time (the whole folder is read, the time limit bounds it). */
  folderReadBatch: 512,
  /** Reading one answer may take this long. */
  readTimeoutMs: 5_000,
} as const;

export interface McpLogLine {
  /** ISO time, when the line says. */
  time?: string;
  /** `error`: what Claude Code reported as a failure; `debug`: its progress notes. */
  level?: string;
  text: string;
}

export interface McpLogSession {
  /** The log file. */
  file: string;
  /** When the session started (from the file's name), ISO. */
  time: string;
  /** The session's last lines, oldest first. */
  lines: McpLogLine[];
  /** Earlier lines of this session were left out (the answer's budget). */
  truncated: boolean;
  /** Why this file was not read (e.g. it is a link), when it was not. */
  problem?: string;
}

/** Where Claude Code keeps its cache on this platform (its `env-paths` of "claude-cli"). */
export function claudeCacheDir(
  homeDir: string,
  platform: NodeJS.Platform,
  env: { XDG_CACHE_HOME?: string | undefined; LOCALAPPDATA?: string | undefined },
): string {
  if (platform === 'darwin') return join(homeDir, 'Library', 'Caches', 'claude-cli-nodejs');
  if (platform === 'win32') {
    return join(env.LOCALAPPDATA || join(homeDir, 'AppData', 'Local'), 'claude-cli-nodejs', 'Cache');
  }
  return join(env.XDG_CACHE_HOME || join(homeDir, '.cache'), 'claude-cli-nodejs');
}

/** How Claude Code names a folder after a path or a server name: every character but A–Z, a–z, 0–9 as "-", long ones cut and hashed. */
export function claudePathSlug(text: string): string {
  const slug = text.replace(/[^a-zA-Z0-9]/g, '-');
  if (slug.length <= 200) return slug;
  return `${slug.slice(0, 200)}-${Math.abs(stringHash(text)).toString(36)}`;
}

/** The folder of one server's logs for Claude Code started in `projectPath`. */
export function mcpLogsDir(cacheDir: string, projectPath: string, serverName: string): string {
  return join(cacheDir, claudePathSlug(projectPath), `mcp-logs-${claudePathSlug(serverName)}`);
}

/**
 * The newest `sessions` log files of `dir`, newest first, each with its last lines, every line
 * passed through `redact`. No folder (Claude Code never connected to it from there) is no sessions.
 */
export function readMcpLogs(
  dir: string,
  sessions: number,
  redact: (text: string) => string,
): Promise<McpLogSession[]> {
  return withDeadline(
    (signal) => readSessions(dir, sessions, redact, signal),
    MCP_LOG_LIMITS.readTimeoutMs,
    () => new McpCoreError('CONFIG_UNREADABLE', `${dir} could not be read within 5 s`),
  );
}

async function readSessions(
  dir: string,
  sessions: number,
  redact: (text: string) => string,
  signal: AbortSignal,
): Promise<McpLogSession[]> {
  const files = await newestLogFiles(dir, sessions, signal);
  const budget: { lines: number; bytes: number } = {
    lines: MCP_LOG_LIMITS.lines,
    bytes: MCP_LOG_LIMITS.bytes,
  };
  const read: McpLogSession[] = [];
  for (const name of files) {
    signal.throwIfAborted();
    const file = join(dir, name);
    const time = sessionTime(name);
    if (budget.lines === 0 || budget.bytes === 0) {
      read.push({ file, time, lines: [], truncated: true });
      continue;
    }
    try {
      read.push({ file, time, ...(await readTail(file, budget, redact)) });
    } catch (error) {
      read.push({ file, time, lines: [], truncated: false, problem: problemOf(error) });
    }
  }
  return read;
}

/**
 * Names of the newest `count` sessions of `dir`, newest first. Every name is looked at (a folder of
 * 30 000 sessions is listed in its directory order, which says nothing of their age), but only the
 * `count` newest are held. A session is ordered by its name, the start time Claude Code gave it, not
 * by its mtime (which moves with every line appended); a name not of that form is no session of
 * Claude Code's and is passed over, so no planted name sorts before the real ones.
 */
async function newestLogFiles(dir: string, count: number, signal: AbortSignal): Promise<string[]> {
  const found = await lstat(dir).catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new McpCoreError('CONFIG_UNREADABLE', `Cannot read ${dir}: ${problemOf(error)}`, { cause: error });
  });
  if (found === undefined) return [];
  if (!found.isDirectory()) {
    throw new McpCoreError('CONFIG_UNREADABLE', `${dir} is not a folder (a link is not followed)`);
  }
  const newest: string[] = [];
  for await (const entry of await opendir(dir, { bufferSize: MCP_LOG_LIMITS.folderReadBatch })) {
    signal.throwIfAborted();
    if (SESSION_NAME.test(entry.name)) keepNewest(newest, entry.name, count);
  }
  return newest;
}

/** Puts `name` into `newest` (newest first, at most `count`) when it is among the `count` newest. */
function keepNewest(newest: string[], name: string, count: number): void {
  if (newest.length === count && name <= (newest.at(-1) ?? '')) return;
  const at = newest.findIndex((kept) => kept < name);
  newest.splice(at === -1 ? newest.length : at, 0, name);
  if (newest.length > count) newest.pop();
}

// No O_NOFOLLOW on the last step would let a planted link read any file; O_NONBLOCK keeps a FIFO from blocking the open.
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY | constants.O_NOFOLLOW;

async function readTail(
  file: string,
  budget: { lines: number; bytes: number },
  redact: (text: string) => string,
): Promise<Pick<McpLogSession, 'lines' | 'truncated'>> {
  // Checked before opening too: opening a device can have effects of its own.
  const found = await lstat(file);
  if (found.isSymbolicLink()) throw new McpCoreError('CONFIG_UNREADABLE', 'is a link: not followed');
  if (!found.isFile()) throw new McpCoreError('CONFIG_UNREADABLE', 'is not a regular file: not read');
  const handle = await open(file, OPEN_FLAGS);
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new McpCoreError('CONFIG_UNREADABLE', 'is not a regular file: not read');
    const length = Math.min(stats.size, budget.bytes);
    const start = stats.size - length;
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, start);
    budget.bytes -= bytesRead;
    const texts = buffer.subarray(0, bytesRead).toString('utf8').split('\n');
    // A read that starts mid-file starts mid-line: that piece is not a line.
    if (start > 0) texts.shift();
    const whole = texts.filter((text) => text.trim() !== '');
    const kept = whole.slice(Math.max(0, whole.length - budget.lines));
    budget.lines -= kept.length;
    return {
      lines: kept.map((text) => logLine(text, redact)),
      truncated: start > 0 || kept.length < whole.length,
    };
  } finally {
    await handle.close();
  }
}

function logLine(raw: string, redact: (text: string) => string): McpLogLine {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { text: shortened(redact(raw)) };
  }
  if (!isRecord(parsed)) return { text: shortened(redact(raw)) };
  const level = ['error', 'debug'].find((key) => typeof parsed[key] === 'string');
  const text = level === undefined ? raw : String(parsed[level]);
  const time = typeof parsed.timestamp === 'string' ? parsed.timestamp : undefined;
  return {
    ...(time !== undefined && { time: shortened(time) }),
    ...(level !== undefined && { level }),
    text: shortened(redact(text)),
  };
}

// A long line is mostly a server's stderr: its start says what it is, its end why the server stopped.
function shortened(text: string): string {
  const max = MCP_LOG_LIMITS.lineChars;
  if (text.length <= max) return text;
  const head = Math.floor(max / 4);
  return `${text.slice(0, head)} … ${text.slice(text.length - (max - head))}`;
}

/** How Claude Code names a session's log: its start time, `2026-12-01T15-05-15-307Z.jsonl`. */
const SESSION_NAME = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.jsonl$/;

/** `2026-12-01T15-05-15-307Z.jsonl` → `2026-12-01T15:05:15.307Z`. */
function sessionTime(name: string): string {
  const [, date, hours, minutes, seconds, millis] = SESSION_NAME.exec(name) ?? [];
  return `${date ?? ''}T${hours ?? ''}:${minutes ?? ''}:${seconds ?? ''}.${millis ?? ''}Z`;
}

function problemOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ELOOP') return 'is a link: not followed';
  if (error instanceof McpCoreError) return error.message;
  return errorText(error);
}

/** Claude Code's hash for long slugs (Java's String.hashCode, over UTF-16 code units). */
function stringHash(text: string): number {
  let hash = 0;
  for (let index = 0; index < text.length; index++) hash = ((hash << 5) - hash + text.charCodeAt(index)) | 0;
  return hash;
}
