/**
 * A settings file MCP Admin changes a part of (a project's `.claude/settings.local.json`, the team's
 * `.claude/settings.json`, the user's `settings.json`): read as untrusted, only when it could be
 * written (a project's never through a link; the user's own through a link to a file the user
 * owns, see linked-settings.ts; a JSON object or nothing), and written back whole and atomically,
 * its mode kept, its folder made if missing (through a link: the file it leads to is replaced in
 * its own folder, and the link stays). Every key the change does not touch is written back as it
 * was read, in its order.
 */
import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomically } from '../atomic-write';
import { McpCoreError } from '../errors';
import { writeFailed } from '../own-files';
import { isRecord } from '../records';
import { MiB, readJsonDocument, type ConfigFileLimits } from './config-file';
import { refuseLinkedSettingsFile, userSettingsFileTarget } from './linked-settings';

const SETTINGS_LIMITS: ConfigFileLimits = { maxBytes: 4 * MiB, readTimeoutMs: 5_000 };

/** Whose file it is: a project's (a repository's, never through a link) or the user's own settings. */
export type SettingsOwner = 'project' | 'user';

/**
 * The file's object ({} when there is none); `root` is the folder links are checked from (for a
 * project's file).
 */
export async function readSettingsObject(
  path: string,
  root: string,
  owner: SettingsOwner = 'project',
): Promise<Record<string, unknown>> {
  const at = owner === 'user' ? await userSettingsFileTarget(path) : path;
  if (owner === 'project') await refuseLinkedSettingsFile(path, root);
  const document = await readJsonDocument(at, SETTINGS_LIMITS, '; nothing was written.');
  if (document === undefined) return {};
  if (!isRecord(document)) {
    throw new McpCoreError('CONFIG_UNREADABLE', `${path} is not a JSON object; nothing was written.`);
  }
  return document;
}

/**
 * Replaces the file with `document`, keeping its mode (`newFileMode` for a file not there yet); the
 * user's own file is replaced where its link leads.
 */
export async function writeSettingsObject(
  path: string,
  document: Record<string, unknown>,
  newFileMode?: number,
  owner: SettingsOwner = 'project',
): Promise<void> {
  const at = owner === 'user' ? await userSettingsFileTarget(path) : path;
  try {
    const mode = await stat(at).then(
      (stats) => stats.mode & 0o7777,
      () => newFileMode,
    );
    await mkdir(dirname(at), { recursive: true });
    await writeFileAtomically(at, `${JSON.stringify(document, null, 2)}\n`, mode);
  } catch (error) {
    throw writeFailed(path, error);
  }
}
