/**
 * The throwaway world every test stands on: its project is a git repository of its own, as git
 * itself reads it (the CLI keys local scope by the repository's root).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createTestWorld, type TestWorld } from '../../src/testing';

const worlds: TestWorld[] = [];
afterEach(() => {
  for (const world of worlds.splice(0)) world.remove();
});

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

it("makes each world's project an empty git repository of its own, whose root git finds from the nested folder, and leaves the plain folder outside any", () => {
  const first = createTestWorld();
  const second = createTestWorld();
  worlds.push(first, second);

  expect(git(first.nestedDir, 'rev-parse', '--show-toplevel')).toBe(first.projectDir);
  expect(git(second.nestedDir, 'rev-parse', '--show-toplevel')).toBe(second.projectDir);
  expect(() => git(first.plainDir, 'rev-parse', '--show-toplevel')).toThrow(/not a git repository/);
  // Empty: no commit yet, nothing staged; and without sample hooks.
  expect(() => git(first.projectDir, 'rev-parse', '--verify', '--quiet', 'HEAD')).toThrow();
  expect(git(first.projectDir, 'status', '--porcelain')).toBe('');
  expect(existsSync(join(first.projectDir, '.git', 'hooks'))).toBe(false);
  // Their own: what one repository stores, the other does not see.
  git(first.projectDir, 'config', 'user.name', 'first only');
  expect(() => git(second.projectDir, 'config', '--local', 'user.name')).toThrow();
});
