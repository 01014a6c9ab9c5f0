/**
 * A small JSON file of a folder anyone may put things in (the own lock's owner and waiting line,
 * Claude Code's session files): read only when it is a regular file of at most `maxBytes`, never
 * through a link, never blocking on a FIFO.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

// O_NOFOLLOW: a planted link is not read; O_NONBLOCK: a FIFO swapped in after a listing does not block the open.
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY | constants.O_NOFOLLOW;

/** What the file holds, parsed; undefined when it is missing, not a regular file, larger than `maxBytes`, or not JSON. */
export async function readSmallJsonFile(path: string, maxBytes: number): Promise<unknown> {
  let handle;
  try {
    handle = await open(path, OPEN_FLAGS);
  } catch {
    return undefined;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size > maxBytes) return undefined;
    const buffer = Buffer.alloc(Math.min(stats.size, maxBytes));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return JSON.parse(buffer.subarray(0, bytesRead).toString('utf8')) as unknown;
  } catch {
    return undefined;
  } finally {
    await handle.close().catch(() => undefined);
  }
}
