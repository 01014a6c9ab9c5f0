import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const TEST_ROOTS = ['packages', 'apps'];

/** Test files under `packages/*\/test` and `apps/*\/test`, as the include globs below name them. */
function testFiles(): string[] {
  return TEST_ROOTS.flatMap((root) =>
    readdirSync(root).flatMap((name) => {
      const dir = join(root, name, 'test');
      try {
        return readdirSync(dir, { recursive: true, encoding: 'utf8' })
          .filter((file) => file.endsWith('.test.ts') && !file.includes('node_modules'))
          .map((file) => join(dir, file));
      } catch {
        return [];
      }
    }),
  );
}

// A file that mocks a module or stubs a global changes what the files after it in the same worker
// would see: it runs in a module world of its own; every other file shares its worker's modules
// (re-evaluating them for each of ~150 files cost about 45 s of a run).
const MOCKS = /\bvi\.(mock|doMock|spyOn|stubGlobal|stubEnv|useFakeTimers)\(/;
const mocking = testFiles().filter((file) => MOCKS.test(readFileSync(file, 'utf8')));

const include = ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts'];

export default defineConfig({
  test: {
    setupFiles: ['./vitest.setup.ts'],
    globalSetup: ['./vitest.global-setup.ts'],
    // Real CLI calls take about a second each and peak near 300 MB: two workers fit 2 cores.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared-modules',
          include,
          exclude: [...configDefaults.exclude, ...mocking],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: mocking } },
    ],
  },
});
