/**
 * Replacing a file so that a reader, or a crash, sees either the old bytes or the new ones, never a
 * part: the text goes to a temporary file in the same directory, is synced to disk, and is renamed
 * over the file; the directory is synced too, so the rename itself survives a power cut.
 */
import { randomUUID } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `text` to `path` atomically. `mode` is set exactly (whatever the umask); without it a new
 * file gets the process's default mode.
 */
export async function writeFileAtomically(path: string, text: string, mode?: number): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${randomUUID()}.tmp`);
  // `wx`: never follows or reuses something already at the temporary path.
  const handle = await open(temp, 'wx', mode ?? 0o666);
  try {
    try {
      await handle.writeFile(text);
      if (mode !== undefined) await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  const directory = await open(dir, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}
