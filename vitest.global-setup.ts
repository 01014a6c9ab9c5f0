/**
 * Runs once before any test file:
 * - builds the server (`apps/server/dist`) if what it is built from changed since its last build,
 *   as `pnpm start` does. The tests that start the server as a process start that build: plain
 *   Node loads it on a third of the CPU that tsx needs for the sources, and no test builds it again
 *   while another runs it;
 * - makes the folder that holds each test file's throwaway home (vitest.setup.ts), removed with
 *   all it holds once the run ends: a file whose tests are all skipped runs no `afterAll`, and its
 *   home would be left behind.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildChanged, START_TARGETS } from './apps/server/scripts/build-changed.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder every test file's throwaway home is made in. */
    testHomes: string;
  }
}

export default function setUpRun({ provide }: TestProject): () => void {
  buildChanged(
    undefined,
    START_TARGETS.filter(({ name }) => name === 'server'),
  );
  const testHomes = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-admin-test-homes-')));
  provide('testHomes', testHomes);
  return () => {
    rmSync(testHomes, { recursive: true, force: true });
  };
}
