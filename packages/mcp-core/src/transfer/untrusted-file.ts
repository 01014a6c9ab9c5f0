/**
 * Reads a file that anyone may have placed: another project's `.mcp.json` comes with a cloned
 * repository and can be a symlink to /dev/zero or a FIFO, which a plain read would follow
 * forever or wait on. Opened without blocking, it must be a regular file of bounded size.
 */
import { constants } from 'node:fs';
import type { Stats } from 'node:fs';
import { open } from 'node:fs/promises';

/** The first buffer for a file whose size says nothing (`/proc` files say 0). */
const MIN_BUFFER_BYTES = 64 * 1024;

/** Its message completes "The file …", e.g. "is not a regular file (a FIFO)". */
export class UntrustedFileError extends Error {
  override readonly name = 'UntrustedFileError';
}

export async function readUntrustedFile(path: string, maxBytes: number): Promise<string> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (error) {
    throw new UntrustedFileError(`cannot be opened (${errorCode(error)})`, { cause: error });
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new UntrustedFileError(`is not a regular file (${fileKind(stats)})`);
    const tooLarge = new UntrustedFileError(`is larger than ${maxBytes} bytes`);
    if (stats.size > maxBytes) throw tooLarge;
    // Read to the end rather than trusting the size (it can change, or lie, as in /proc); one byte
    // past the limit tells a file that fits from one that does not. Sized by the file, not the
    // limit: many sources are read at once.
    let buffer = Buffer.allocUnsafe(Math.min(Math.max(stats.size + 1, MIN_BUFFER_BYTES), maxBytes + 1));
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > maxBytes) break;
        const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > maxBytes) throw tooLarge;
    return decodeUtf8(buffer.subarray(0, length));
  } finally {
    await handle.close();
  }
}

function decodeUtf8(bytes: Buffer): string {
  try {
    // A byte order mark, as Windows editors write, is not part of the JSON.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UntrustedFileError('is not UTF-8 text');
  }
}

function fileKind(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a file';
}

function errorCode(error: unknown): string {
  return error instanceof Error && 'code' in error ? String(error.code) : String(error);
}
