#!/usr/bin/env node
/**
 * `pnpm test:fast`, the contributor's inner loop: ESLint and Prettier on the files changed since
 * main (committed or not), the typecheck, and the unit tests that never start the real Claude CLI.
 * `pnpm test` (the whole suite, real CLI and browser included) is what CI runs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/** Stops at the first failing step, with its exit code. */
function step(title, command, args) {
  console.log(`\n▶ ${title}`);
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}

// Changed since the branch left main (or since HEAD on main itself), plus untracked files.
let base = 'HEAD';
try {
  base = git('merge-base', 'HEAD', 'main');
} catch {
  // No main branch here (a shallow or detached clone): compare with HEAD.
}
const changed = [
  ...git('diff', '--name-only', '--diff-filter=d', base).split('\n'),
  ...git('ls-files', '--others', '--exclude-standard').split('\n'),
].filter((file) => file && existsSync(resolve(root, file)));
const linted = [...new Set(changed.filter((file) => /\.(ts|tsx|js|mjs|cjs)$/.test(file)))];
const formatted = [
  ...new Set(changed.filter((file) => /\.(ts|tsx|js|mjs|cjs|json|md|css|html|ya?ml)$/.test(file))),
];

if (linted.length > 0)
  step(`ESLint on ${linted.length} changed files`, 'pnpm', ['exec', 'eslint', '--max-warnings=0', ...linted]);
if (formatted.length > 0)
  step(`Prettier on ${formatted.length} changed files`, 'pnpm', [
    'exec',
    'prettier',
    '--check',
    '--ignore-unknown',
    ...formatted,
  ]);
step('Typecheck', 'pnpm', ['typecheck']);
const unitTests = execFileSync('node', ['scripts/unit-tests-without-cli.mjs'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);
step(`Unit tests without the real CLI (${unitTests.length} files)`, 'pnpm', [
  'exec',
  'vitest',
  'run',
  ...unitTests,
]);
