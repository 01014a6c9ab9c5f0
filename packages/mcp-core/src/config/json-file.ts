/**
 * The small JSON files beside Claude Code's config that decide the effective view: settings files,
 * `managed-mcp.json`, `installed_plugins.json` and plugin manifests. Each is read whole and decoded
 * once per file version; one that cannot be read or parsed becomes a problem of the list, never a
 * failed list, because Claude Code itself goes on without it.
 */
import { createCachedFileReader } from './cached-file-reader';
import { isMcpCoreError, McpCoreError } from '../errors';
import type { ConfigProblem } from './types';

const cachedJson = createCachedFileReader((bytes, path) => Promise.resolve(parseJson(bytes, path)));

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

function parseJson(bytes: Buffer, path: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new McpCoreError('CONFIG_UNREADABLE', `${path} is not valid JSON: ${reason}`, { cause: error });
  }
}
