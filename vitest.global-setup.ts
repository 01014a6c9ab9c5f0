/**
 * Runs once before any test file:
 * - builds the server (`apps/server/dist`) if what it is built from changed since its last build,
 *   as `pnpm start` does. The tests that start the server as a process start that build: plain
 *   Node loads it on a third of the CPU that tsx needs for the sources, and no test builds it again
 *   while another runs it;
 * - makes the run's folder, removed with all it holds once the run ends: each test file's
 *   throwaway home (vitest.setup.ts) and what a worker keeps for the whole run go in it. A file
 *   whose tests are all skipped runs no `afterAll`, and vitest ends its workers without their
 *   `exit` listeners: what they made would be left behind.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildChanged, START_TARGETS } from './apps/server/scripts/build-changed.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder: each test file's throwaway home and each worker's empty repository go in it. */
    testRunDir: string;
  }
}

export default function setUpRun({ provide }: TestProject): () => void {
  buildChanged(
    undefined,
    START_TARGETS.filter(({ name }) => name === 'server'),
  );
  const testRunDir = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-admin-test-run-')));
  provide('testRunDir', testRunDir);
  return () => {
    rmSync(testRunDir, { recursive: true, force: true });
  };
}
