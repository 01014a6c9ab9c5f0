/**
 * `claude --version`, asked once per binary. A probe is a whole CLI process (about 300 MB), so
 * the answer is kept under the identity of the file that would run (its real path, inode, size
 * and mtime): replacing or upgrading the CLI is noticed on the next call. Callers that arrive
 * while a probe runs share it, so there is never more than one in flight.
 */
import { constants } from 'node:fs';
import { access, realpath, stat } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

import type { CliOutcome, CliRunner } from './runner';

export interface CliVersionCache {
  /** The CLI's answer to `--version`; throws what the runner throws (not found, timeout). */
  current(): Promise<CliOutcome>;
}

export function createCliVersionCache(
  runner: Pick<CliRunner, 'bin' | 'version'>,
  { path }: { /** The PATH a spawn searches for a bare `bin`. */ path: string },
): CliVersionCache {
  let cached: { identity: string; outcome: CliOutcome } | undefined;
  let inFlight: Promise<CliOutcome> | undefined;

  // Only an answer the CLI gave is kept: a timeout or a missing binary may be gone next time.
  async function probe(identity: string | undefined): Promise<CliOutcome> {
    const outcome = await runner.version();
    if (identity !== undefined) cached = { identity, outcome };
    return outcome;
  }

  return {
    async current() {
      const identity = await binaryIdentity(runner.bin, path);
      if (identity !== undefined && cached?.identity === identity) return cached.outcome;
      inFlight ??= probe(identity).finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
  };
}

/** The file a spawn of `bin` would run, as a string that changes when the file does; undefined when none. */
async function binaryIdentity(bin: string, path: string): Promise<string | undefined> {
  const candidates = bin.includes('/')
    ? [bin]
    : path
        .split(delimiter)
        .filter((dir) => dir !== '')
        .map((dir) => join(dir, bin));
  for (const candidate of candidates) {
    try {
      const file = await realpath(candidate);
      await access(file, constants.X_OK);
      const { ino, size, mtimeMs } = await stat(file);
      return JSON.stringify([file, ino, size, mtimeMs]);
    } catch {
      // Not this one: a spawn would try the next PATH entry too.
    }
  }
  return undefined;
}
