/**
 * The guard every test runs first (vitest.setup.ts): its own module, with nothing else of core, so
 * that importing it costs each test file nothing.
 */
import { realpathSync } from 'node:fs';
import { userInfo } from 'node:os';
import { isAbsolute, relative } from 'node:path';

/** Throws unless `dir` is outside the real home directory (read from passwd, not from HOME). */
export function assertThrowawayConfigDir(dir: string): void {
  const realHome = realpathSync(userInfo().homedir);
  const resolved = realpathSync(dir);
  const inside = relative(realHome, resolved);
  if (inside === '' || (!inside.startsWith('..') && !isAbsolute(inside))) {
    throw new Error(`refusing to use ${resolved}: tests must never touch the real home ${realHome}`);
  }
}
