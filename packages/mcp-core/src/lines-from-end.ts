/**
 * Reading a line file of MCP Admin's own (the history journal) newest line first, in chunks from
 * its end, so that a reader wanting the last few lines reads only those, whatever the file's size,
 * and the event loop is free between two chunks. Only a regular file is read (opened without
 * blocking and without following a link); a line longer than `maxLineBytes` is reported as such,
 * never held whole.
 */
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { McpCoreError } from './errors';
import { errorText } from './error-text';

/** One line, without its newline; `text` undefined when it was over the limit and dropped. */
export interface LineFromEnd {
  /** Where the line starts in the file, in bytes. */
  offset: number;
  text: string | undefined;
}

export interface LinesFromEndOptions {
  chunkBytes: number;
  maxLineBytes: number;
  signal?: AbortSignal | undefined;
}

const NEWLINE = 0x0a;
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY | constants.O_NOFOLLOW;

/**
 * The newline-ended lines of `path`, last first; nothing when there is no such file. What follows
 * the last newline (a line still being written, or cut off) is not a line yet and is left out. Empty
 * lines are left out. Throws CONFIG_UNREADABLE naming the file when it cannot be read.
 */
export async function* linesFromEnd(path: string, options: LinesFromEndOptions): AsyncGenerator<LineFromEnd> {
  let handle: FileHandle;
  try {
    handle = await open(path, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    throw cannotRead(path, code === 'ELOOP' ? 'it is a symbolic link, not a regular file' : error);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw cannotRead(path, 'it is not a regular file');
    yield* linesOf(handle, path, stats.size, options);
  } finally {
    await handle.close();
  }
}

async function* linesOf(
  handle: FileHandle,
  path: string,
  size: number,
  { chunkBytes, maxLineBytes, signal }: LinesFromEndOptions,
): AsyncGenerator<LineFromEnd> {
  // The start of the line being gathered, read so far: pieces in file order, and their length.
  let pieces: Buffer[] = [];
  let gathered = 0;
  let oversized = false;
  let ended = false;
  // The gathered line, unless it is the unended tail or blank.
  const line = (offset: number): LineFromEnd | undefined => {
    if (!ended) return undefined;
    if (oversized) return { offset, text: undefined };
    const text = Buffer.concat(pieces, gathered).toString('utf8');
    return text.trim() === '' ? undefined : { offset, text };
  };
  const gather = (piece: Buffer): void => {
    if (oversized) return;
    if (gathered + piece.length > maxLineBytes) {
      oversized = true;
      pieces = [];
      return;
    }
    pieces.unshift(piece);
    gathered += piece.length;
  };
  for (let end = size; end > 0;) {
    signal?.throwIfAborted();
    const start = Math.max(0, end - chunkBytes);
    const chunk = await readAt(handle, path, start, end - start);
    let lineEnd = chunk.length;
    for (let newline = lastNewline(chunk, lineEnd); newline !== -1; newline = lastNewline(chunk, newline)) {
      gather(chunk.subarray(newline + 1, lineEnd));
      const found = line(start + newline + 1);
      if (found !== undefined) yield found;
      pieces = [];
      gathered = 0;
      oversized = false;
      ended = true;
      lineEnd = newline;
    }
    // A copy: the chunk's buffer is not kept alive by a small piece of it.
    gather(Buffer.from(chunk.subarray(0, lineEnd)));
    end = start;
  }
  const first = line(0);
  if (first !== undefined) yield first;
}

/** The last newline in `chunk` before `before`, or -1. */
function lastNewline(chunk: Buffer, before: number): number {
  return before === 0 ? -1 : chunk.lastIndexOf(NEWLINE, before - 1);
}

async function readAt(handle: FileHandle, path: string, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(length);
  for (let read = 0; read < length;) {
    const { bytesRead } = await handle.read(buffer, read, length - read, position + read);
    if (bytesRead === 0) throw cannotRead(path, 'it was cut short while it was read');
    read += bytesRead;
  }
  return buffer;
}

function cannotRead(path: string, cause: unknown): McpCoreError {
  const reason = errorText(cause);
  return new McpCoreError('CONFIG_UNREADABLE', `Cannot read ${path}: ${reason}`, { cause });
}
