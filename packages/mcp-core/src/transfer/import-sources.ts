/**
 * The documents on this machine that servers can be imported from: Claude Desktop's config and
 * the `.mcp.json` of every project `.claude.json` knows. Only these paths are ever read for an
 * import, each with the readers' safe way (a regular file, bounded in size and time): a cloned
 * repository's `.mcp.json` is untrusted input.
 */
import { lstat } from 'node:fs/promises';
import { basename, dirname, join, win32 } from 'node:path';
import { listProjects } from '../config';
import { readClaudeConfig } from '../config';
import { MiB, readConfigFile, type ConfigFileLimits } from '../config';
import { isMcpCoreError } from '../errors';
import type { KnownProject } from '../config';
import { ImportDocumentError, readImportDocument } from './import-document';

export interface ImportSourceLocation {
  /** Claude Desktop's config (its servers are the user's, for every project) or a project's `.mcp.json`. */
  kind: 'desktop' | 'project';
  /** What the document is, e.g. `Claude Desktop` or `Project my-app`. */
  label: string;
  path: string;
}

export interface ImportSource extends ImportSourceLocation {
  /** The names of its servers, in text order. */
  servers: string[];
  /** Why it cannot be read, when it cannot; `servers` is then empty. */
  error?: string;
}

export interface DesktopConfigLocation {
  platform: NodeJS.Platform;
  homeDir: string;
  /** `%APPDATA%`, where Claude Desktop keeps its config on Windows. */
  appData: string | undefined;
}

/** As for a `.mcp.json` the list reads: a source is a few server entries. */
const SOURCE_LIMITS: ConfigFileLimits = { maxBytes: 1 * MiB, readTimeoutMs: 5_000 };

/**
 * Projects looked at per listing, those last seen with a `.mcp.json` first: a config can know a
 * million projects, and this is about a third of a second of file checks.
 */
const MAX_PROJECTS_LOOKED_AT = 10_000;
/** Files looked at at once, so other reads do not wait behind thousands. */
const CONCURRENT_LOOKS = 32;

const DESKTOP_LABEL = 'Claude Desktop';

/** Where Claude Desktop keeps `claude_desktop_config.json` on this platform. */
export function claudeDesktopConfigPath({
  platform,
  homeDir,
  appData,
}: DesktopConfigLocation): string | undefined {
  const file = 'claude_desktop_config.json';
  if (platform === 'win32') return appData === undefined ? undefined : win32.join(appData, 'Claude', file);
  if (platform === 'darwin') return join(homeDir, 'Library', 'Application Support', 'Claude', file);
  return join(homeDir, '.config', 'Claude', file);
}

/** Every source that exists (as anything: what it is shows when it is read), each with its servers or its error. */
export async function listImportSources(
  configPath: string,
  desktopConfigPath: string | undefined,
): Promise<ImportSource[]> {
  const candidates: ImportSourceLocation[] = [
    ...(desktopConfigPath === undefined
      ? []
      : [{ kind: 'desktop' as const, label: DESKTOP_LABEL, path: desktopConfigPath }]),
    ...projectsToLookAt(await listProjects(configPath)).map(({ path }) => projectSource(path)),
  ];
  const sources = await mapConcurrently(candidates, async (location) =>
    (await isPresent(location.path)) ? describeImportSource(location, desktopConfigPath) : undefined,
  );
  return sources.filter((source) => source !== undefined);
}

/** The source at `path` if it is one: Claude Desktop's config or a known project's `.mcp.json`. */
export async function findImportSource(
  configPath: string,
  desktopConfigPath: string | undefined,
  path: string,
): Promise<ImportSourceLocation | undefined> {
  if (path === desktopConfigPath) return { kind: 'desktop', label: DESKTOP_LABEL, path };
  if (basename(path) !== '.mcp.json') return undefined;
  const { projects } = await readClaudeConfig(configPath);
  return projects.has(dirname(path)) ? projectSource(dirname(path)) : undefined;
}

/**
 * The text of a source. Throws CONFIG_UNREADABLE (naming the path and why) for what is not a
 * readable regular file, and ImportDocumentError for bytes that are not UTF-8 or for a project's
 * `.mcp.json` that is a link: a repository can link it to any file of the user's. Claude Desktop's
 * config is the user's own, and may be a link of theirs (dotfiles).
 */
export async function readImportSourceText(
  path: string,
  desktopConfigPath: string | undefined,
): Promise<string> {
  if (path !== desktopConfigPath && (await isLink(path))) {
    throw new ImportDocumentError(
      'is a symbolic link: only a regular .mcp.json inside its project is read, never what a link leads to',
    );
  }
  const snapshot = await readConfigFile(path, SOURCE_LIMITS);
  if (snapshot === undefined) throw new ImportDocumentError('does not exist');
  try {
    // A byte order mark, as Windows editors write, is dropped: it is not part of the JSON.
    return new TextDecoder('utf-8', { fatal: true }).decode(snapshot.bytes);
  } catch {
    throw new ImportDocumentError('is not UTF-8 text');
  }
}

async function describeImportSource(
  location: ImportSourceLocation,
  desktopConfigPath: string | undefined,
): Promise<ImportSource> {
  try {
    const servers = readImportDocument(await readImportSourceText(location.path, desktopConfigPath));
    return { ...location, servers: servers.map(({ name }) => name) };
  } catch (error) {
    if (error instanceof ImportDocumentError) {
      return { ...location, servers: [], error: `${location.path} ${error.message}` };
    }
    if (isMcpCoreError(error) && error.code === 'CONFIG_UNREADABLE') {
      return { ...location, servers: [], error: error.message };
    }
    throw error;
  }
}

function projectSource(dir: string): ImportSourceLocation {
  return { kind: 'project', label: `Project ${basename(dir) || dir}`, path: join(dir, '.mcp.json') };
}

/** In path order: the first MAX_PROJECTS_LOOKED_AT, taking those last seen with a `.mcp.json` first. */
export function projectsToLookAt(projects: readonly KnownProject[]): KnownProject[] {
  if (projects.length <= MAX_PROJECTS_LOOKED_AT) return [...projects];
  const withFile = projects.filter(({ hasMcpJson }) => hasMcpJson).slice(0, MAX_PROJECTS_LOOKED_AT);
  const others = projects.filter(({ hasMcpJson }) => !hasMcpJson);
  const chosen = new Set([...withFile, ...others.slice(0, MAX_PROJECTS_LOOKED_AT - withFile.length)]);
  return projects.filter((project) => chosen.has(project));
}

async function mapConcurrently<T, R>(items: readonly T[], map: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      results[index] = await map(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_LOOKS }, worker));
  return results;
}

// lstat: a symlink counts as present even when its target is missing, so it is listed with its error.
async function isPresent(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code !== 'ENOENT' && code !== 'ENOTDIR';
  }
}

async function isLink(path: string): Promise<boolean> {
  try {
    return (await lstat(path)).isSymbolicLink();
  } catch {
    // Not there, or not to be looked at: the read says which.
    return false;
  }
}
