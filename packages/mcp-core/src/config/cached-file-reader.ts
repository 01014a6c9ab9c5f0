import { setTimeout as sleep } from 'node:timers/promises';
import { identityOf, readConfigFile, type ConfigFileLimits } from './config-file';
import { McpCoreError } from '../errors';
import { isJsonSyntaxError } from './json-subset';

/**
 * How long a file that does not parse is given to change before that is reported: Claude Code
 * may be rewriting it in place, truncated and then written, and the read fell in between.
 */
const SETTLE_MS = 50;

/**
 * Wraps a decoder of file contents with a cache keyed by the file's identity (inode, size,
 * mtime), so a config that did not change is never read or decoded twice, and concurrent reads
 * of the same version share one decode. The CLI replaces `.claude.json` and `.mcp.json` by
 * rename, so each of its writes is a new inode even within one mtime tick.
 * Resolves `undefined` when the file does not exist. Failures are not cached: a file fixed
 * without changing its identity (e.g. by chmod) is read again on the next call.
 * `decode` throws a JsonSyntaxError for text that is not JSON; it becomes CONFIG_UNREADABLE with
 * the path, line and column, unless the file changed meanwhile, which is then read again.
 */
export function createCachedFileReader<T>(
  limits: ConfigFileLimits,
  decode: (bytes: Buffer) => Promise<T>,
): (path: string) => Promise<T | undefined> {
  const cache = new Map<string, { identity: string; value: Promise<T | undefined> }>();

  return async (path) => {
    const identity = await identityOf(path);
    if (identity === undefined) {
      cache.delete(path);
      return undefined;
    }
    const cached = cache.get(path);
    if (cached?.identity === identity) return cached.value;

    // Stat before read: if the file changes in between, the next stat differs and reads again.
    const value = readAndDecode(path, limits, decode);
    const entry = { identity, value };
    cache.set(path, entry);
    value.catch(() => {
      if (cache.get(path) === entry) cache.delete(path);
    });
    return value;
  };
}

async function readAndDecode<T>(
  path: string,
  limits: ConfigFileLimits,
  decode: (bytes: Buffer) => Promise<T>,
): Promise<T | undefined> {
  const giveUpAt = performance.now() + limits.readTimeoutMs;
  for (;;) {
    const snapshot = await readConfigFile(path, limits);
    if (snapshot === undefined) return undefined;
    try {
      return await decode(snapshot.bytes);
    } catch (error) {
      if (!isJsonSyntaxError(error)) throw error;
      const retry = performance.now() < giveUpAt && (await changesWithin(path, snapshot.identity, SETTLE_MS));
      if (!retry) {
        throw new McpCoreError(
          'CONFIG_UNREADABLE',
          `${path} is not valid JSON: ${error.reason} at line ${error.line}, column ${error.column}`,
          { cause: error },
        );
      }
    }
  }
}

async function changesWithin(path: string, identity: string, ms: number): Promise<boolean> {
  await sleep(ms);
  return (await identityOf(path).catch(() => undefined)) !== identity;
}
