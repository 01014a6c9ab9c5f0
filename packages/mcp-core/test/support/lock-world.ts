/**
 * What the own lock's tests share: per test, a throwaway world (its config, where the lock lives),
 * the lock's module for the processes they start to take it as MCP Admin does, and one hold of it.
 */
import { createTestWorld, FAKE_CLAUDE, type TestWorld } from '@mcp-admin/core/testing';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createOwnLock } from '../../src/own-lock';

/** `src/own-lock.ts`, for a fixture process run with `node --import tsx` (its `OWN_LOCK`). */
export const OWN_LOCK_MODULE = join(import.meta.dirname, '..', '..', 'src', 'own-lock.ts');
/** A busy MCP Admin: takes the lock, lets it go and takes it again at once, in a loop. */
export const LOCK_TAKING_LOOP = join(import.meta.dirname, '..', 'fixtures', 'lock-taking-loop.mjs');

/** Registers the hooks that make and remove a world around each test. */
export function useLockWorld(): { world: TestWorld } {
  const current = {} as { world: TestWorld };
  beforeEach(() => {
    current.world = createTestWorld({ claudeBin: FAKE_CLAUDE });
  });
  afterEach(() => {
    current.world.remove();
  });
  return current;
}

/** Takes the lock on `world`'s config for a moment, waiting at most `waitMs`: 'ran', or the error that refused it. */
export function holdOnce(world: TestWorld, waitMs: number): Promise<unknown> {
  return createOwnLock(world.configPath, { waitMs })
    .hold(() => Promise.resolve('ran'))
    .catch((error: unknown) => error);
}
