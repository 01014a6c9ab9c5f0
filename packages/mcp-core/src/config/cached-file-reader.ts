import { setTimeout as sleep } from 'node:timers/promises';
import { identityOf, scanConfigFile, type ConfigFileLimits } from './config-file';
import { McpCoreError } from '../errors';
import type { MemberSelector } from './json-subset';

/**
 * How long a file that does not parse is given to change before that is reported: Claude Code
 * may be rewriting it in place, truncated and then written, and the read fell in between.
 */
const SETTLE_MS = 50;

/**
 * Reads a JSON file's `select`ed members (scanned as it is read: config-file.ts's scanConfigFile)
 * and `decode`s them, cached by the file's identity (inode, size, mtime), so a config that did not
 * change is never read or decoded twice, and concurrent reads of the same version share one
 * decode. The CLI replaces `.claude.json` and `.mcp.json` by rename, so each of its writes is a new
 * inode even within one mtime tick.
 * Resolves `undefined` when the file does not exist. Failures are not cached: a file fixed
 * without changing its identity (e.g. by chmod) is read again on the next call.
 * Text that is not JSON becomes CONFIG_UNREADABLE with the path, line and column, unless the file
 * changed meanwhile, which is then read again.
 */
export function createCachedFileReader<T>(
  limits: ConfigFileLimits,
  select: MemberSelector,
  decode: (selected: unknown) => T,
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
    const value = readAndDecode(path, limits, select, decode);
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
  select: MemberSelector,
  decode: (selected: unknown) => T,
): Promise<T | undefined> {
  const giveUpAt = performance.now() + limits.readTimeoutMs;
  for (;;) {
    const version = await scanConfigFile(path, limits, select);
    if (version === undefined) return undefined;
    if ('value' in version) return decode(version.value);
    const error = version.syntaxError;
    const retry = performance.now() < giveUpAt && (await changesWithin(path, version.identity, SETTLE_MS));
    if (!retry) {
      throw new McpCoreError(
        'CONFIG_UNREADABLE',
        `${path} is not valid JSON: ${error.reason} at line ${error.line}, column ${error.column}`,
        { cause: error },
      );
    }
  }
}

async function changesWithin(path: string, identity: string, ms: number): Promise<boolean> {
  await sleep(ms);
  return (await identityOf(path).catch(() => undefined)) !== identity;
}
