/**
 * The one way the readers take in a config file they did not write. A path may name anything: a
 * cloned repository can commit `.mcp.json` as a symlink to `/dev/zero` or a FIFO, which a plain
 * `readFile` would read forever or wait on forever, holding one of libuv's four threads. Here only
 * a regular file is ever read, never more than its kind's size limit, and never for longer than its
 * time limit; anything else is a CONFIG_UNREADABLE error whose message names the path and why.
 * A link the user made (dotfiles kept elsewhere) is read through, but what is opened is what was
 * checked: the link is resolved first, the file it leads to checked without following anything,
 * then opened with O_NOFOLLOW, so a link swapped in after the check is refused, never followed; a
 * file renamed over it since (as Claude Code writes) is read only if its handle is a regular file too.
 */
import { constants, type Stats } from 'node:fs';
import { lstat, open, realpath, stat, type FileHandle } from 'node:fs/promises';
import { formatDuration, withDeadline, withWaitingDeadline, type WaitWithin } from '../deadline';
import { McpCoreError, isMcpCoreError } from '../errors';
import { FilePieces } from './file-pieces';
import {
  isJsonSyntaxError,
  parseJsonChunks,
  parseJsonSubset,
  type JsonSyntaxError,
  type MemberSelector,
} from './json-subset';
import { errorText } from '../error-text';

export interface ConfigFileLimits {
  /** A larger file is refused without being read. */
  maxBytes: number;
  /** Checking and reading the file may take this long. */
  readTimeoutMs: number;
}

/** The bytes of one version of a file, and that version's identity (see `identityOf`). */
export interface ConfigFileSnapshot {
  bytes: Buffer;
  identity: string;
}

export const MiB = 1024 * 1024;

// A FIFO cannot block the open; a terminal device opened here never becomes the controlling one;
// a link put where the checked file was is not followed (ELOOP).
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY | constants.O_NOFOLLOW;
/** Reads are issued in pieces of at most this, so a deadline that passed stops the read soon. */
const READ_CHUNK_BYTES = 8 * MiB;
/** The first buffer for a file whose size says nothing (`/proc` files say 0). */
const MIN_BUFFER_BYTES = 64 * 1024;
/** A file rewritten in place while it is read is read again, this many times at most. */
const MAX_READS = 5;
/** `readConfigFile` keeps its time limit with a deadline of its own. */
const noWait: WaitWithin = (op) => op;

/**
 * The file's bytes, or `undefined` when nothing is at `path`. Throws CONFIG_UNREADABLE when it is
 * not a regular file, is over `maxBytes`, cannot be read within `readTimeoutMs`, or the OS refuses.
 */
export function readConfigFile(
  path: string,
  limits: ConfigFileLimits,
): Promise<ConfigFileSnapshot | undefined> {
  return withDeadline(
    (signal) => readSnapshot(path, limits, signal),
    limits.readTimeoutMs,
    () => unreadable(path, `could not be read within ${formatDuration(limits.readTimeoutMs)}`),
  );
}

/**
 * The JSON document in a file MCP Admin writes itself (or edits, like a project's
 * settings.local.json), `undefined` when there is no such file. One that cannot be read or is not
 * JSON throws CONFIG_UNREADABLE naming it, the message ending with `consequence`.
 */
export async function readJsonDocument(
  path: string,
  limits: ConfigFileLimits,
  consequence: string,
): Promise<unknown> {
  const snapshot = await readConfigFile(path, limits);
  if (snapshot === undefined) return undefined;
  try {
    // Not JSON.parse: its message quotes the text, and the file may be anyone's secret.
    return await parseJsonSubset(snapshot.bytes, () => 'whole');
  } catch (error) {
    if (!isJsonSyntaxError(error)) throw error;
    throw new McpCoreError('CONFIG_UNREADABLE', `${path} is not valid JSON: ${error.message}${consequence}`, {
      cause: error,
    });
  }
}

/** What one version of a file scanned as it was read holds, or where it is not JSON. */
export type ScannedVersion = { identity: string } & ({ value: unknown } | { syntaxError: JsonSyntaxError });

/**
 * `parseJsonSubset` of the file at `path`, scanned as it is read so that it is never held whole,
 * or `undefined` when nothing is there. Refuses what `readConfigFile` refuses, as it does; the time
 * limit counts the waits on the file, not the scanning.
 */
export function scanConfigFile(
  path: string,
  limits: ConfigFileLimits,
  select: MemberSelector,
): Promise<ScannedVersion | undefined> {
  return withWaitingDeadline(
    (waitWithin) => scanVersion(path, limits, select, waitWithin),
    limits.readTimeoutMs,
    () => unreadable(path, `could not be read within ${formatDuration(limits.readTimeoutMs)}`),
  );
}

/** `ino:size:mtime` of the file, `undefined` when it does not exist. */
export async function identityOf(path: string): Promise<string | undefined> {
  const stats = await statOrMissing(path);
  return stats === undefined ? undefined : identityFrom(stats);
}

async function readSnapshot(
  path: string,
  limits: ConfigFileLimits,
  signal: AbortSignal,
): Promise<ConfigFileSnapshot | undefined> {
  const handle = await openChecked(path, limits, noWait);
  if (handle === undefined) return undefined;
  try {
    for (let reads = 1; ; reads++) {
      // What was opened is what counts: the path may have been replaced since the stat.
      const before = await handle.stat();
      refuseUnlessReadable(path, before, limits);
      const bytes = await readAll(handle, path, before.size, limits.maxBytes, signal);
      const identity = identityFrom(await handle.stat());
      if (identity === identityFrom(before)) return { bytes, identity };
      if (reads === MAX_READS) throw unreadable(path, `kept changing while it was read (${reads} times)`);
    }
  } catch (error) {
    throw isMcpCoreError(error) || signal.aborted ? error : cannotRead(path, error);
  } finally {
    await handle.close();
  }
}

async function scanVersion(
  path: string,
  limits: ConfigFileLimits,
  select: MemberSelector,
  waitWithin: WaitWithin,
): Promise<ScannedVersion | undefined> {
  const handle = await openChecked(path, limits, waitWithin);
  if (handle === undefined) return undefined;
  try {
    for (let reads = 1; ; reads++) {
      // What was opened is what counts: the path may have been replaced since the stat.
      const before = await waitWithin(handle.stat());
      refuseUnlessReadable(path, before, limits);
      const pieces = new FilePieces(handle, {
        statedSize: before.size,
        maxBytes: limits.maxBytes,
        overLimit: () => unreadable(path, `is over the ${formatBytes(limits.maxBytes)} limit`),
        waitWithin,
      });
      const scanned = await parseJsonChunks(pieces, select).then(
        (value) => ({ value }),
        (error: unknown) => {
          if (isJsonSyntaxError(error)) return { syntaxError: error };
          throw error;
        },
      );
      const identity = identityFrom(await waitWithin(handle.stat()));
      if (identity === identityFrom(before)) return { identity, ...scanned };
      if (reads === MAX_READS) throw unreadable(path, `kept changing while it was read (${reads} times)`);
    }
  } catch (error) {
    throw isMcpCoreError(error) ? error : cannotRead(path, error);
  } finally {
    await handle.close();
  }
}

/**
 * The file at `path` opened for reading, `undefined` when nothing is there. What a link leads to is
 * checked (before opening too: opening a device can have effects of its own, a tape rewinds) and
 * opened by its resolved path; the open follows no link.
 */
async function openChecked(
  path: string,
  limits: ConfigFileLimits,
  waitWithin: WaitWithin,
): Promise<FileHandle | undefined> {
  const found = await waitWithin(lstatOrMissing(path));
  if (found === undefined) return undefined;
  const checked = found.isSymbolicLink() ? await waitWithin(statOrMissing(path)) : found;
  if (checked === undefined) return undefined;
  refuseUnlessReadable(path, checked, limits);
  let handle: FileHandle;
  try {
    const target = found.isSymbolicLink() ? await waitWithin(realpath(path)) : path;
    handle = await waitWithin(open(target, OPEN_FLAGS));
  } catch (error) {
    if (isMissing(error)) return undefined;
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') {
      throw unreadable(path, 'was replaced by a link after it was checked: not followed');
    }
    throw isMcpCoreError(error) ? error : cannotRead(path, error);
  }
  // A file renamed over it since (Claude Code rewrites .claude.json so all the time) is read: the
  // callers check the opened handle itself before reading it, so a FIFO or device is still refused.
  return handle;
}

/** Reads from the start to the end of the file, however long it turns out to be, up to `maxBytes`. */
async function readAll(
  handle: FileHandle,
  path: string,
  statedSize: number,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Buffer> {
  let buffer = Buffer.allocUnsafe(Math.min(Math.max(statedSize + 1, MIN_BUFFER_BYTES), maxBytes + 1));
  let length = 0;
  for (;;) {
    signal.throwIfAborted();
    if (length === buffer.length) {
      if (length > maxBytes) throw unreadable(path, `is over the ${formatBytes(maxBytes)} limit`);
      const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    const wanted = Math.min(buffer.length - length, READ_CHUNK_BYTES);
    const { bytesRead } = await handle.read(buffer, length, wanted, length);
    if (bytesRead === 0) return buffer.subarray(0, length);
    length += bytesRead;
  }
}

function refuseUnlessReadable(path: string, stats: Stats, { maxBytes }: ConfigFileLimits): void {
  if (!stats.isFile()) throw unreadable(path, `is ${kindOf(stats)}, not a regular file`);
  if (stats.size > maxBytes) {
    throw unreadable(path, `is ${formatBytes(stats.size)}, over the ${formatBytes(maxBytes)} limit`);
  }
}

function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  if (stats.isDirectory()) return 'a directory';
  return 'something else';
}

async function statOrMissing(path: string): Promise<Stats | undefined> {
  try {
    return await stat(path);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw cannotRead(path, error);
  }
}

async function lstatOrMissing(path: string): Promise<Stats | undefined> {
  try {
    return await lstat(path);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw cannotRead(path, error);
  }
}

function identityFrom({ ino, size, mtimeMs }: Stats): string {
  return `${ino}:${size}:${mtimeMs}`;
}

/** `3.1 GiB`, `512 MiB`, `900 bytes`. */
function formatBytes(bytes: number): string {
  const units = ['GiB', 'MiB', 'KiB'] as const;
  for (const [index, unit] of units.entries()) {
    const size = 1024 ** (units.length - index);
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function unreadable(path: string, reason: string): McpCoreError {
  return new McpCoreError('CONFIG_UNREADABLE', `${path} ${reason}`);
}

function cannotRead(path: string, error: unknown): McpCoreError {
  const reason = errorText(error);
  return new McpCoreError('CONFIG_UNREADABLE', `Cannot read ${path}: ${reason}`, { cause: error });
}
