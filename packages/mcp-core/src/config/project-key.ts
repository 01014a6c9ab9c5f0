import { realpath, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/**
 * The directory as the CLI sees it when run there: its cwd is the real path. A directory that no
 * longer exists keeps its given path, so the servers of a deleted project stay listable.
 */
export async function realProjectDir(dir: string): Promise<string> {
  try {
    return await realpath(dir);
  } catch {
    return resolve(dir);
  }
}

/** The project's real dir and every dir above it, closest first: where Claude Code looks for `.mcp.json`. */
export async function projectDirChain(projectPath: string): Promise<string[]> {
  const dirs = [];
  for (let dir = await realProjectDir(projectPath); ; dir = dirname(dir)) {
    dirs.push(dir);
    if (dirname(dir) === dir) return dirs;
  }
}

/** The key of `projects` in `.claude.json` under which the CLI stores a dir's local scope: its git root, else the dir. */
export async function localProjectKey(dir: string): Promise<string> {
  const start = await realProjectDir(dir);
  for (let current = start; ; current = dirname(current)) {
    if (await exists(join(current, '.git'))) return current;
    if (dirname(current) === current) return start;
  }
}

// `.git` is a directory in a clone and a file in a worktree or submodule: either marks the root.
async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Whether `path` is an existing directory (following links); false when it cannot be looked at. */
export function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
}
