/**
 * The last check of each entry (README "Context cost"): `.mcp-admin/last-checks.json` beside
 * `.claude.json`, so what each server costs shows after a restart without checking again. A check
 * is found by the fingerprint of the whole entry it checked, so any change to the entry (a field,
 * a secret, its file) leaves it behind. Private to the user like the other own files (0600, in a
 * 0700 folder), written atomically, bounded, and read as untrusted: a link, a FIFO, a file too big
 * or not of this shape holds no check (the next check writes a good one over it).
 */
import { createHash } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { z } from 'zod';
import { ownFilePath, writeOwnFile } from '../own-files';
import { MiB, readJsonDocument, type ConfigFileLimits } from './config-file';
import type { Server } from './types';

const LAST_CHECKS_LIMITS: ConfigFileLimits = { maxBytes: 16 * MiB, readTimeoutMs: 5_000 };

/** How many entries' checks the file keeps, at most: the oldest go first. */
export const LAST_CHECKS_MAX = 500;

/** How many tools one kept check holds, at most (a check itself reads up to 10,000). */
export const LAST_CHECK_TOOLS_MAX = 2_000;

/** The longest tool name kept; a longer one is kept cut (its cost still counts). */
export const LAST_CHECK_TOOL_NAME_MAX = 1_000;

/** The longest failure reason kept, and the stderr tail (a check keeps its last 4 KB). */
export const LAST_CHECK_ERROR_MAX = 2_000;
export const LAST_CHECK_STDERR_MAX = 4_096;

const storedCheckSchema = z.object({
  /** Which stored server this is: scope, name, file, and for local scope the project. */
  server: z.string().max(128),
  /** The whole entry: a check counts only while it is the same. */
  entry: z.string().max(128),
  checkedAt: z.number().int().nonnegative(),
  status: z.enum(['ok', 'failed', 'timeout', 'needs-auth']),
  tools: z
    .array(
      z.object({ name: z.string().max(LAST_CHECK_TOOL_NAME_MAX), tokens: z.number().int().nonnegative() }),
    )
    .max(LAST_CHECK_TOOLS_MAX)
    .optional(),
  /** Why a check that did not connect failed, and what the server wrote to stderr (the sheet says them). */
  error: z.string().max(LAST_CHECK_ERROR_MAX).optional(),
  stderr: z.string().max(LAST_CHECK_STDERR_MAX).optional(),
  latencyMs: z.number().int().nonnegative().optional(),
});

const lastChecksFileSchema = z.object({
  version: z.literal(1),
  checks: z.array(storedCheckSchema).max(LAST_CHECKS_MAX),
});

export type StoredCheck = z.infer<typeof storedCheckSchema>;

export function lastChecksPath(configPath: string): string {
  return ownFilePath(configPath, 'last-checks.json');
}

/** The fingerprints a kept check is filed under: the server it is of, and its whole entry. */
export function checkKeys(server: Server, projectPath: string): Pick<StoredCheck, 'server' | 'entry'> {
  const stored = server.scope === 'user' || server.scope === 'local';
  const where = {
    scope: server.scope,
    name: server.name,
    // A user or local entry is the same one in .claude.json or, switched off, in MCP Admin's stash.
    source: stored ? null : (server.source ?? null),
    // A local entry is per project; every other scope's entry is one file's, whatever the project.
    project: server.scope === 'local' ? projectPath : null,
  };
  const entry = {
    ...where,
    transport: server.transport,
    command: server.command ?? null,
    args: server.args ?? null,
    env: server.env ?? null,
    url: server.url ?? null,
    headers: server.headers ?? null,
    extra: server.extra ?? null,
  };
  return { server: fingerprint(where), entry: fingerprint(entry) };
}

/** The kept checks; none when there is no file, or when it is not one this product wrote. */
export async function readLastChecks(path: string): Promise<StoredCheck[]> {
  // The reader follows a link; MCP Admin's own file is never one, so one there is someone else's.
  const link = await lstat(path).then(
    (stats) => stats.isSymbolicLink(),
    () => false,
  );
  if (link) return [];
  try {
    const document = await readJsonDocument(path, LAST_CHECKS_LIMITS, '');
    const parsed = lastChecksFileSchema.safeParse(document);
    return parsed.success ? parsed.data.checks : [];
  } catch {
    // Only a cache: unreadable, not JSON or too big, it holds nothing, and the next check replaces it.
    return [];
  }
}

/**
 * Which file is at `path` now, as a string that changes when it is written (each write is a
 * rename) or removed; the file is not opened.
 */
export async function lastChecksVersion(path: string): Promise<string> {
  return lstat(path).then(
    ({ ino, size, mtimeMs }) => `${String(ino)}:${String(size)}:${String(mtimeMs)}`,
    () => 'none',
  );
}

/** Replaces the kept checks atomically (mode 0600, its folder made 0700 if missing), newest last. */
export async function writeLastChecks(path: string, checks: readonly StoredCheck[]): Promise<void> {
  const kept = checks.slice(-LAST_CHECKS_MAX);
  await writeOwnFile(path, `${JSON.stringify({ version: 1, checks: kept })}\n`);
}

/** SHA-256 of the value as JSON with its object keys sorted, so equal entries match whatever their order. */
function fingerprint(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value, sortedKeys)).digest('hex');
}

function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
