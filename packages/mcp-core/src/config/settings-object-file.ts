/**
 * A settings file MCP Admin changes a part of (a project's `.claude/settings.local.json`, the team's
 * `.claude/settings.json`, the user's `settings.json`): read as untrusted, only when it could be
 * written (never through a link, see linked-settings.ts; a JSON object or nothing), and written back
 * whole and atomically, its mode kept, its folder made if missing. Every key the change does not
 * touch is written back as it was read, in its order.
 */
import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomically } from '../atomic-write';
import { McpCoreError } from '../errors';
import { writeFailed } from '../own-files';
import { isRecord } from '../records';
import { MiB, readJsonDocument, type ConfigFileLimits } from './config-file';
import { refuseLinkedSettingsFile } from './linked-settings';

const SETTINGS_LIMITS: ConfigFileLimits = { maxBytes: 4 * MiB, readTimeoutMs: 5_000 };

/** The file's object ({} when there is none); `root` is the folder links are checked from. */
export async function readSettingsObject(path: string, root: string): Promise<Record<string, unknown>> {
  await refuseLinkedSettingsFile(path, root);
  const document = await readJsonDocument(path, SETTINGS_LIMITS, '; nothing was written.');
  if (document === undefined) return {};
  if (!isRecord(document)) {
    throw new McpCoreError('CONFIG_UNREADABLE', `${path} is not a JSON object; nothing was written.`);
  }
  return document;
}

/** Replaces the file with `document`, keeping its mode (`newFileMode` for a file not there yet). */
export async function writeSettingsObject(
  path: string,
  document: Record<string, unknown>,
  newFileMode?: number,
): Promise<void> {
  try {
    const mode = await stat(path).then(
      (stats) => stats.mode & 0o7777,
      () => newFileMode,
    );
    await mkdir(dirname(path), { recursive: true });
    await writeFileAtomically(path, `${JSON.stringify(document, null, 2)}\n`, mode);
  } catch (error) {
    throw writeFailed(path, error);
  }
}
