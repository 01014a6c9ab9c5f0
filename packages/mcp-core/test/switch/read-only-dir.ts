/**
 * A directory no process of the test's user can write to. Root ignores modes, so there the
 * directory is made immutable instead (`chattr +i`, which root cannot write through either).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Makes `dir` read-only and returns what undoes it; throws if the directory can still be written. */
export function makeReadOnly(dir: string): () => void {
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chattr', ['+i', dir]);
  else chmodSync(dir, 0o500);
  const restore = () => {
    if (asRoot) execFileSync('chattr', ['-i', dir]);
    else chmodSync(dir, 0o700);
  };
  const probe = join(dir, 'probe');
  try {
    writeFileSync(probe, '');
  } catch {
    return restore;
  }
  rmSync(probe);
  restore();
  throw new Error(`${dir} could not be made read-only`);
}
