import { readFile, stat } from 'node:fs/promises';
import { McpCoreError } from '../errors';

/**
 * Wraps a decoder of file contents with a cache keyed by the file's identity (inode, size,
 * mtime), so a config that did not change is never read or decoded twice, and concurrent reads
 * of the same version share one decode. The CLI replaces `.claude.json` and `.mcp.json` by
 * rename, so each of its writes is a new inode even within one mtime tick.
 * Resolves `undefined` when the file does not exist. Failures are not cached: a file fixed
 * without changing its identity (e.g. by chmod) is read again on the next call.
 */
export function createCachedFileReader<T>(
  decode: (bytes: Buffer, path: string) => Promise<T>,
): (path: string) => Promise<T | undefined> {
  const cache = new Map<string, { identity: string; value: Promise<T> }>();

  return async (path) => {
    const identity = await identityOf(path);
    if (identity === undefined) {
      cache.delete(path);
      return undefined;
    }
    const cached = cache.get(path);
    if (cached?.identity === identity) return cached.value;

    // Stat before read: if the file changes in between, the next stat differs and reads again.
    const value = readBytes(path).then((bytes) => decode(bytes, path));
    const entry = { identity, value };
    cache.set(path, entry);
    value.catch(() => {
      if (cache.get(path) === entry) cache.delete(path);
    });
    return value;
  };
}

/** `ino:size:mtime` of the file, `undefined` when it does not exist. */
export async function identityOf(path: string): Promise<string | undefined> {
  try {
    const { ino, size, mtimeMs } = await stat(path);
    return `${ino}:${size}:${mtimeMs}`;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw unreadable(path, error);
  }
}

async function readBytes(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    throw unreadable(path, error);
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function unreadable(path: string, error: unknown): McpCoreError {
  const reason = error instanceof Error ? error.message : String(error);
  return new McpCoreError('CONFIG_UNREADABLE', `Cannot read ${path}: ${reason}`, { cause: error });
}
