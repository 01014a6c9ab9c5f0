/**
 * MCP Admin's profiles (docs/api.md#mcpprofiles): `.mcp-admin/profiles.json` beside `.claude.json`,
 * named sets of servers (names, scopes and projects: no entry, no secret). Private to the user like
 * the other own files (mode 0600, in a 0700 folder), written atomically, and read as untrusted:
 * anyone with the user's rights can have written it, so a link or a FIFO there is refused.
 */
import { lstat } from 'node:fs/promises';
import { z } from 'zod';
import { McpCoreError } from '../errors';
import { ownFilePath, writeOwnFile } from '../own-files';
import { describeIssues, profileNameSchema, profileServerSchema } from '../schemas';
import { MiB, readJsonDocument, type ConfigFileLimits } from './config-file';

const PROFILES_LIMITS: ConfigFileLimits = { maxBytes: 4 * MiB, readTimeoutMs: 5_000 };

/** How many profiles the file holds, at most: a save past it is refused. */
export const PROFILES_MAX = 100;

const profileSchema = z.object({ name: profileNameSchema, servers: z.array(profileServerSchema) });

const profilesFileSchema = z.object({
  version: z.literal(1),
  profiles: z.array(profileSchema).max(PROFILES_MAX),
});

export type Profile = z.infer<typeof profileSchema>;

export function profilesPath(configPath: string): string {
  return ownFilePath(configPath, 'profiles.json');
}

/**
 * The saved profiles, none when there is no file yet. Throws CONFIG_UNREADABLE naming the file
 * when it cannot be read, is not JSON or not a profiles file.
 */
export async function readProfiles(path: string): Promise<Profile[]> {
  // The reader follows a link; MCP Admin's own file is never one, so one there is someone else's.
  const link = await lstat(path).then(
    (stats) => stats.isSymbolicLink(),
    () => false,
  );
  if (link) {
    throw new McpCoreError(
      'CONFIG_UNREADABLE',
      `${path} is a symbolic link, not a regular file: MCP Admin cannot read its profiles.`,
    );
  }
  const document = await readJsonDocument(path, PROFILES_LIMITS, ': MCP Admin cannot read its profiles.');
  if (document === undefined) return [];
  const parsed = profilesFileSchema.safeParse(document);
  if (!parsed.success) {
    throw new McpCoreError(
      'CONFIG_UNREADABLE',
      `${path} is not a profiles file MCP Admin can read (${describeIssues(parsed.error)}).`,
    );
  }
  return parsed.data.profiles;
}

/** Replaces the profiles atomically (mode 0600, its folder made 0700 if missing). */
export async function writeProfiles(path: string, profiles: readonly Profile[]): Promise<void> {
  await writeOwnFile(path, `${JSON.stringify({ version: 1, profiles }, null, 2)}\n`);
}
