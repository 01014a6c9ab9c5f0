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
  return dirChain(await realProjectDir(projectPath));
}

/** `dir` and every dir above it, closest first. */
export function dirChain(dir: string): string[] {
  const dirs = [dir];
  for (let current = dir; dirname(current) !== current; current = dirname(current))
    dirs.push(dirname(current));
  return dirs;
}

/** The key of `projects` in `.claude.json` under which the CLI stores a dir's local scope: its git root, else the dir. */
export async function localProjectKey(dir: string): Promise<string> {
  return (await projectPlace(dir)).key;
}

/** Where a project is, as Claude Code sees it: its real dir and its local scope's key. */
export interface ProjectPlace {
  dir: string;
  key: string;
}

/**
 * The real dir and the key, resolved once: a read that needs both (the list) asks the
 * filesystem once instead of once per use.
 */
export async function projectPlace(projectPath: string): Promise<ProjectPlace> {
  const dir = await realProjectDir(projectPath);
  for (let current = dir; ; current = dirname(current)) {
    if (await exists(join(current, '.git'))) return { dir, key: current };
    if (dirname(current) === current) return { dir, key: dir };
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
