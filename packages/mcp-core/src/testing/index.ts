/**
 * Test support shared by every package's tests: throwaway worlds (a config dir and a project
 * that is a git repo with a subdirectory) and the guard that keeps tests off the real config.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, relative, isAbsolute } from 'node:path';

/** Throws unless `dir` is outside the real home directory (read from passwd, not from HOME). */
export function assertThrowawayConfigDir(dir: string): void {
  const realHome = realpathSync(userInfo().homedir);
  const resolved = realpathSync(dir);
  const inside = relative(realHome, resolved);
  if (inside === '' || (!inside.startsWith('..') && !isAbsolute(inside))) {
    throw new Error(`refusing to use ${resolved}: tests must never touch the real home ${realHome}`);
  }
}

export interface TestWorld {
  /** Throwaway `CLAUDE_CONFIG_DIR`. */
  configDir: string;
  configPath: string;
  /** A git repository: the CLI keys local scope by its root. */
  projectDir: string;
  /** `projectDir/sub/deeper`, inside the same repository. */
  nestedDir: string;
  /** A plain directory outside any git repository. */
  plainDir: string;
  remove(): void;
}

export function createTestWorld(): TestWorld {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-admin-world-')));
  const configDir = join(root, 'config');
  const projectDir = join(root, 'repo');
  const nestedDir = join(projectDir, 'sub', 'deeper');
  const plainDir = join(root, 'plain');
  for (const dir of [configDir, nestedDir, plainDir]) mkdirSync(dir, { recursive: true });
  execFileSync('git', ['init', '--quiet', projectDir]);
  assertThrowawayConfigDir(configDir);
  return {
    configDir,
    configPath: join(configDir, '.claude.json'),
    projectDir,
    nestedDir,
    plainDir,
    remove: () => {
      rmSync(root, { recursive: true, force: true });
    },
  };
}
