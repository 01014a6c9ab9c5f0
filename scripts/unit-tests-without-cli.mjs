#!/usr/bin/env node
/**
 * Lists the vitest files that never start the real Claude CLI nor build or pack anything, for
 * `pnpm test:fast`.
 * A file counts as driving the CLI when it, or a test-support module it imports (followed
 * through relative imports), names one of the testing helpers that run the pinned CLI.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
// The testing helpers through which a test reaches the real CLI (packages/mcp-core/src/testing).
const REAL_CLI = /\b(PINNED_CLAUDE_BIN|worldAdminOptions|runCliAsAnotherTerminal)\b/;
// Tests that build the panel or pack a package (seconds of CPU each) are not unit tests either.
const BUILDS_OR_PACKS = /['"](build|pack)['"]/;
const TEST_DIRS = ['packages', 'apps'];

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** The .ts file a relative import names, if it is one. */
function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return undefined;
}

const verdicts = new Map();
/** Whether `file` reaches the real CLI, itself or through what it imports relatively. */
export function drivesRealCli(file, seen = new Set()) {
  if (verdicts.has(file)) return verdicts.get(file);
  if (seen.has(file)) return false;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  let verdict = REAL_CLI.test(text) || BUILDS_OR_PACKS.test(text);
  if (!verdict) {
    for (const [, specifier] of text.matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)) {
      const target = resolveImport(file, specifier);
      // Only test code counts: the product's own sources name no testing helper.
      if (target && /\/test\//.test(target) && drivesRealCli(target, seen)) {
        verdict = true;
        break;
      }
    }
  }
  verdicts.set(file, verdict);
  return verdict;
}

/** The unit test files, as paths relative to the repository root. */
export function unitTestFiles() {
  const tests = TEST_DIRS.flatMap((dir) => [...files(join(root, dir))])
    .filter((file) => /\/test\/.*\.test\.ts$/.test(file))
    .sort();
  return { all: tests, withoutCli: tests.filter((file) => !drivesRealCli(file)) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { all, withoutCli } = unitTestFiles();
  if (process.argv.includes('--count')) {
    console.log(`${withoutCli.length} of ${all.length} test files run without the real CLI`);
  } else {
    for (const file of withoutCli) console.log(relative(root, file));
  }
}
