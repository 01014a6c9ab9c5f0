/**
 * Appending one line to a file of MCP Admin's own (`.mcp-admin/history.jsonl`, `audit.jsonl`).
 * Anyone with the user's rights can have put something else at that path: a FIFO would block a
 * plain `appendFile` in `open()` for good (and with it the queue turn that records a change), a
 * link would send the line, secrets included, to another file. So the open never blocks and never
 * follows a link, only a regular file is written, and the whole append has a deadline. A line
 * cut off by an earlier write (disk full, a kill) is ended first, so the new one starts fresh.
 */
import { constants, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { formatDuration, withDeadline } from './deadline';
import { McpCoreError } from './errors';
import { makeOwnDir, OWN_FILE_MODE, writeFailed } from './own-files';

/** What an append found: whether the file ended in a line cut off mid-write (ended before this one). */
export interface AppendOutcome {
  endedCutLine: boolean;
}

/** Appending one line takes this long at most; a stuck filesystem is an error, not a stuck turn. */
export const APPEND_TIMEOUT_MS = 5_000;

const NEWLINE = 0x0a;

// Read and write, so the last byte can be looked at; O_APPEND puts every write at the end.
const APPEND_FLAGS =
  constants.O_RDWR |
  constants.O_APPEND |
  constants.O_CREAT |
  constants.O_NONBLOCK |
  constants.O_NOCTTY |
  constants.O_NOFOLLOW;

/**
 * Appends `line` and a newline to `path` (created with mode 0600, its folder 0700). Throws
 * WRITE_FAILED naming the file when it is not a regular file, is a link, cannot be written, or the
 * append does not finish within `timeoutMs`.
 */
export function appendLine(
  path: string,
  line: string,
  timeoutMs: number = APPEND_TIMEOUT_MS,
): Promise<AppendOutcome> {
  return withDeadline(
    (signal) => appendWithin(path, line, signal),
    timeoutMs,
    () => writeFailed(path, `not written within ${formatDuration(timeoutMs)}`),
  );
}

async function appendWithin(path: string, line: string, signal: AbortSignal): Promise<AppendOutcome> {
  let handle: FileHandle;
  try {
    await makeOwnDir(path);
    handle = await open(path, APPEND_FLAGS, OWN_FILE_MODE);
  } catch (error) {
    throw cannotWrite(path, error);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw cannotWrite(path, `it is ${kindOf(stats)}, not a regular file`);
    const endedCutLine = stats.size > 0 && (await lastByte(handle, stats.size)) !== NEWLINE;
    const text = Buffer.from(`${endedCutLine ? '\n' : ''}${line}\n`, 'utf8');
    for (let written = 0; written < text.length;) {
      signal.throwIfAborted();
      const { bytesWritten } = await handle.write(text, written, text.length - written);
      written += bytesWritten;
    }
    return { endedCutLine };
  } catch (error) {
    throw error instanceof McpCoreError || signal.aborted ? error : cannotWrite(path, error);
  } finally {
    await handle.close();
  }
}

async function lastByte(handle: FileHandle, size: number): Promise<number | undefined> {
  const byte = Buffer.alloc(1);
  const { bytesRead } = await handle.read(byte, 0, 1, size - 1);
  return bytesRead === 1 ? byte[0] : undefined;
}

function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isSocket()) return 'a socket';
  if (stats.isDirectory()) return 'a directory';
  return 'something else';
}

function cannotWrite(path: string, cause: unknown): McpCoreError {
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ELOOP'
    ? writeFailed(path, 'it is a symbolic link, not a regular file')
    : writeFailed(path, cause);
}
