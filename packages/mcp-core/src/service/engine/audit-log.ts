/**
 * The product's own record of every mutation it ran (docs/api.md#own-files): one JSON line per CLI call in
 * `.mcp-admin/audit.jsonl` beside `.claude.json`, with secret values redacted from the argv and
 * from the entry `add-json` read on stdin, appended as safely as the history (see append-line: a
 * FIFO or a link there is an error, never a stuck change). Bounded: once the next record would take
 * it past AUDIT_ROTATE_BYTES it becomes `audit.1.jsonl` (the one before is dropped), so the newest
 * records are kept and the two files never hold more than twice that.
 */
import { lstat, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { appendLine } from '../../append-line';
import type { CliCommand } from '../../cli';
import { argvOf } from '../../cli';
import { MiB } from '../../config';
import { isMcpCoreError } from '../../errors';
import type { McpCoreErrorCode } from '../../errors';
import { ownFilePath } from '../../own-files';
import { NO_LOCK } from '../../own-lock';
import type { OwnLock } from '../../own-lock';
import { maskArgs, maskCredentials, maskEntry, REDACTED } from '../../secret-masking';
import { errorText } from '../../error-text';

export type AuditOutcome =
  { ok: true; message: string } | { ok: false; code: McpCoreErrorCode | 'ERROR'; message: string };

export interface AuditRecord {
  /** ISO 8601. */
  time: string;
  /** The API procedure that asked for the change, e.g. `mcp.add`. */
  procedure: string;
  /** `-` in it stands for the entry given on stdin. */
  argv: string[];
  /** The entry `add-json` read on stdin, its secrets masked. */
  entry?: unknown;
  outcome: AuditOutcome;
}

export interface AuditLog {
  readonly path: string;
  append(procedure: string, command: CliCommand, outcome: AuditOutcome): Promise<void>;
}

export function auditLogPath(configPath: string): string {
  return ownFilePath(configPath, 'audit.jsonl');
}

/** About 10 000 records of ordinary changes in each of the two files. */
export const AUDIT_ROTATE_BYTES = 4 * MiB;

/** `lock`: held over each rotation and append, so two MCP Admins never rotate away each other's records. */
export function createAuditLog(
  path: string,
  rotateBytes: number = AUDIT_ROTATE_BYTES,
  lock: OwnLock = NO_LOCK,
): AuditLog {
  const rotatedPath = join(dirname(path), 'audit.1.jsonl');

  /** Before appending `lineBytes` more: the file becomes `audit.1.jsonl` when it would pass `rotateBytes`. */
  async function rotateIfFull(lineBytes: number): Promise<void> {
    const stats = await lstat(path).catch(() => undefined);
    // Anything but a regular file is left to appendLine to refuse, never moved.
    if (stats === undefined || !stats.isFile() || stats.size === 0 || stats.size + lineBytes <= rotateBytes) {
      return;
    }
    // A rename that fails leaves the file growing: a record beats a change not recorded.
    await rename(path, rotatedPath).catch(() => undefined);
  }

  return {
    path,
    async append(procedure, command, outcome) {
      const record: AuditRecord = {
        time: new Date().toISOString(),
        procedure,
        argv: redactArgv(argvOf(command)),
        ...('stdin' in command ? { entry: maskedEntry(command.stdin) } : {}),
        // The CLI's report quotes the command and its arguments.
        outcome: { ...outcome, message: maskCredentials(outcome.message) },
      };
      const line = JSON.stringify(record);
      await lock.hold(async () => {
        await rotateIfFull(Buffer.byteLength(line) + 1);
        await appendLine(path, line);
      });
    },
  };
}

export function failureOutcome(error: unknown): AuditOutcome {
  if (isMcpCoreError(error)) return { ok: false, code: error.code, message: error.message };
  return { ok: false, code: 'ERROR', message: errorText(error) };
}

/**
 * The argv with every env and header value replaced by REDACTED: `-e KEY=value` and
 * `--header "Name: value"` options before `--` (what follows `--` is the command and its args,
 * where `-e` is just an argument); then every credential in an argument or URL, as the list
 * hides them (see secret-masking).
 */
export function redactArgv(argv: readonly string[]): string[] {
  return maskArgs(redactOptions(argv));
}

function redactOptions(argv: readonly string[]): string[] {
  const endOfOptions = argv.indexOf('--');
  return argv.map((arg, index) => {
    if (endOfOptions !== -1 && index > endOfOptions) return arg;
    const option = argv[index - 1];
    if (option === '-e') return redactAfter(arg, '=');
    if (option === '--header') return redactAfter(arg, ': ');
    return arg;
  });
}

function redactAfter(pair: string, separator: string): string {
  const at = pair.indexOf(separator);
  return at === -1 ? REDACTED : `${pair.slice(0, at + separator.length)}${REDACTED}`;
}

function maskedEntry(json: string): unknown {
  try {
    return maskEntry(JSON.parse(json));
  } catch {
    return REDACTED;
  }
}
