/**
 * MCP Admin's own stash of user and local servers turned off with its switch (docs/api.md#mcpdisable):
 * `.mcp-admin/disabled.json` beside `.claude.json`, each entry kept whole (secrets included) while
 * it is out of Claude Code's config, so enabling it adds back exactly what was there. It holds
 * secrets, so it is private to the user (mode 0600, in a 0700 folder), and it is read as untrusted
 * like every file: anyone with the user's rights can have written it.
 */
import { z } from 'zod';
import { McpCoreError } from '../errors';
import { ownFilePath, writeOwnFile } from '../own-files';
import { isRecord } from '../records';
import { describeIssues } from '../schemas';
import { MiB, readJsonDocument, type ConfigFileLimits } from './config-file';

const STASH_LIMITS: ConfigFileLimits = { maxBytes: 16 * MiB, readTimeoutMs: 5_000 };

const stashFileSchema = z.object({
  version: z.literal(1),
  servers: z.array(
    z.discriminatedUnion('scope', [
      z.object({
        scope: z.literal('user'),
        name: z.string(),
        entry: z.custom<Record<string, unknown>>(isRecord, { error: 'entry must be an object' }),
        disabledAt: z.string(),
      }),
      z.object({
        scope: z.literal('local'),
        project: z.string(),
        name: z.string(),
        entry: z.custom<Record<string, unknown>>(isRecord, { error: 'entry must be an object' }),
        disabledAt: z.string(),
      }),
    ]),
  ),
});

/**
 * One stashed server: where it was stored (for local scope, `project` is the key of `projects` in
 * `.claude.json` the CLI stored it under), the entry exactly as stored, and when (ISO 8601).
 */
export type StashedServer = z.infer<typeof stashFileSchema>['servers'][number];

/** Which stored server a stash entry stands for. */
export type StashKey = { scope: 'user'; name: string } | { scope: 'local'; project: string; name: string };

export function disabledStashPath(configPath: string): string {
  return ownFilePath(configPath, 'disabled.json');
}

export function isStashKey(server: StashedServer, key: StashKey): boolean {
  if (server.name !== key.name) return false;
  return server.scope === 'user'
    ? key.scope === 'user'
    : key.scope === 'local' && server.project === key.project;
}

/**
 * The stashed servers, none when there is no stash yet. Throws CONFIG_UNREADABLE naming the file
 * when it cannot be read, is not JSON or not a stash.
 */
export async function readDisabledStash(path: string): Promise<StashedServer[]> {
  const document = await readJsonDocument(
    path,
    STASH_LIMITS,
    ': MCP Admin cannot tell which servers it turned off.',
  );
  if (document === undefined) return [];
  const parsed = stashFileSchema.safeParse(document);
  if (!parsed.success) {
    throw new McpCoreError(
      'CONFIG_UNREADABLE',
      `${path} is not a stash of disabled servers MCP Admin can read (${describeIssues(parsed.error)}).`,
    );
  }
  return parsed.data.servers;
}

/**
 * Changes the stash as it is now: read right before the write (never a copy read before a CLI
 * call, which another MCP Admin may have changed since), `change` applied, written atomically.
 * Returns what it wrote. Callers hold the own-files lock (own-lock.ts).
 */
export async function updateDisabledStash(
  path: string,
  change: (servers: StashedServer[]) => StashedServer[],
): Promise<StashedServer[]> {
  const next = change(await readDisabledStash(path));
  await writeDisabledStash(path, next);
  return next;
}

/** Replaces the stash atomically (mode 0600, its folder made 0700 if missing). */
export async function writeDisabledStash(path: string, servers: readonly StashedServer[]): Promise<void> {
  await writeOwnFile(path, `${JSON.stringify({ version: 1, servers }, null, 2)}\n`);
}
