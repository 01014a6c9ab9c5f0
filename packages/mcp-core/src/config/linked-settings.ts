/**
 * A project's settings file belongs to the repository, and a clone can make it, or `.claude/`, a
 * link to any file of the user's (`~/.docker/config.json`). Reading through the link and renaming a
 * new file over it would copy that file into the working tree, where `git commit -a` publishes it.
 * So the file is read and written only when it is a regular file with one name (or absent) and no
 * folder between the project and it is a link leading out of the project. Claude Code refuses the
 * same (`SymlinkWriteRefusedError`).
 *
 * The user's own settings file (`settings.json` in CLAUDE_CONFIG_DIR, else ~/.claude) is another
 * matter: dotfiles kept with GNU stow make it a link into `~/dotfiles`, which the user made. It is
 * read and written through a symbolic link (or a chain of them) when the file it leads to is a
 * regular file with one name, owned by the user MCP Admin runs as; the link itself stays.
 */
import type { Stats } from 'node:fs';
import { lstat, readlink, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { McpCoreError } from '../errors';
import { errorText } from '../error-text';

/** Throws LINKED_FILE naming the link when `path`, a file of the project `projectDir`, is reached through one. */
export async function refuseLinkedSettingsFile(path: string, projectDir: string): Promise<void> {
  let folder = projectDir;
  for (const part of relative(projectDir, dirname(path)).split(sep).filter(Boolean)) {
    folder = join(folder, part);
    const stats = await lstatOrMissing(folder);
    // mkdir makes the rest: real folders of the project.
    if (stats === undefined) break;
    if (stats.isSymbolicLink()) {
      const target = await realpath(folder).catch(() => undefined);
      if (target === undefined || !isInside(projectDir, target)) {
        throw linked(
          `${path} is under ${folder}, a link leading out of the project${target === undefined ? '' : ` (to ${target})`}`,
        );
      }
    }
  }
  const file = await lstatOrMissing(path);
  if (file?.isSymbolicLink() === true) {
    throw linked(`${path} is a symbolic link (to ${await readlink(path)})`);
  }
  if (file?.isFile() === true && file.nlink > 1) {
    throw linked(`${path} is a hard link (one of ${file.nlink} names of the same file)`);
  }
}

/**
 * The file to read and write for the user's own settings file `path`: `path` itself, or, when it is
 * a symbolic link, the file it leads to if that is a regular file with one name owned by this
 * process's user; LINKED_FILE naming the link otherwise. A missing file is `path` (it is made there).
 */
export async function userSettingsFileTarget(path: string): Promise<string> {
  const stats = await lstatOrMissing(path);
  if (stats === undefined) return path;
  if (!stats.isSymbolicLink()) {
    if (stats.isFile() && stats.nlink > 1) {
      throw linkedUserFile(`${path} is a hard link (one of ${stats.nlink} names of the same file)`);
    }
    return path;
  }
  const target = await realpath(path).catch(() => undefined);
  const targetStats = target === undefined ? undefined : await lstatOrMissing(target);
  if (target === undefined || targetStats === undefined) {
    throw linkedUserFile(`${path} is a link to ${await readlink(path)}, which is not there`);
  }
  if (!targetStats.isFile() || targetStats.nlink > 1) {
    throw linkedUserFile(`${path} is a link to ${target}, which is not a regular file with one name`);
  }
  const uid = process.getuid?.();
  if (uid !== undefined && targetStats.uid !== uid) {
    throw linkedUserFile(
      `${path} is a link to ${target}, which belongs to another user (uid ${targetStats.uid})`,
    );
  }
  return target;
}

function isInside(dir: string, path: string): boolean {
  const inside = relative(dir, path);
  return inside !== '..' && !inside.startsWith(`..${sep}`) && !isAbsolute(inside);
}

async function lstatOrMissing(path: string): Promise<Stats | undefined> {
  try {
    return await lstat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    const reason = errorText(error);
    throw new McpCoreError('CONFIG_UNREADABLE', `Cannot look at ${path}: ${reason}`, { cause: error });
  }
}

function linked(what: string): McpCoreError {
  return new McpCoreError(
    'LINKED_FILE',
    `${what}: MCP Admin neither reads nor writes a project's settings through a link, which would copy what it leads to into the project; nothing was written.`,
  );
}

function linkedUserFile(what: string): McpCoreError {
  return new McpCoreError(
    'LINKED_FILE',
    `${what}: MCP Admin follows a link from your settings only to a regular file of yours; nothing was written.`,
  );
}
