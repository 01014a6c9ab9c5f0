/**
 * The small JSON files beside Claude Code's config that decide the effective view: settings files,
 * `managed-mcp.json`, `installed_plugins.json` and plugin manifests. Each is read whole and decoded
 * once per file version; one that cannot be read or parsed becomes a problem of the list, never a
 * failed list, because Claude Code itself goes on without it.
 */
import { createCachedFileReader } from './cached-file-reader';
import { MiB, type ConfigFileLimits } from './config-file';
import { isMcpCoreError } from '../errors';
import type { ConfigProblem } from './types';

/** Settings and manifests are small; a repository's `.claude/settings.json` is anyone's bytes. */
const SMALL_JSON_LIMITS: ConfigFileLimits = { maxBytes: 4 * MiB, readTimeoutMs: 5_000 };

const cachedJson = createCachedFileReader(
  SMALL_JSON_LIMITS,
  () => 'whole',
  (document) => document,
);

/**
 * The document at `path`, `undefined` when there is no such file. A file that cannot be read or is
 * not JSON is reported in `problems` and also reads as `undefined`.
 */
export async function readJsonFile(path: string, problems: ConfigProblem[]): Promise<unknown> {
  try {
    return await cachedJson(path);
  } catch (error) {
    if (!isMcpCoreError(error) || error.code !== 'CONFIG_UNREADABLE') throw error;
    problems.push({ file: path, message: error.message });
    return undefined;
  }
}
