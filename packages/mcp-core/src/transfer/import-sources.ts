/**
 * The documents on this machine that servers can be imported from: Claude Desktop's config and
 * the `.mcp.json` of every project `.claude.json` knows. Only these paths are ever read for an
 * import, and each as untrusted input.
 */
import { lstat } from 'node:fs/promises';
import { basename, join, win32 } from 'node:path';
import { readClaudeConfig } from '../config/claude-config';
import { IMPORT_LIMITS } from '../schemas';
import { ImportDocumentError, readImportDocument } from './import-document';
import { readUntrustedFile, UntrustedFileError } from './untrusted-file';

export interface ImportSourceLocation {
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

/** The candidate documents that exist (as anything: what they are is found out when read). */
export async function importSourceLocations(
  configPath: string,
  desktopConfigPath: string | undefined,
): Promise<ImportSourceLocation[]> {
  const { projects } = await readClaudeConfig(configPath);
  const candidates: ImportSourceLocation[] = [
    ...(desktopConfigPath === undefined ? [] : [{ label: 'Claude Desktop', path: desktopConfigPath }]),
    ...[...projects.keys()]
      .sort()
      .map((dir) => ({ label: `Project ${basename(dir) || dir}`, path: join(dir, '.mcp.json') })),
  ];
  const present = await Promise.all(candidates.map(({ path }) => isPresent(path)));
  return candidates.filter((_, index) => present[index]);
}

/** One source with the names of its servers, or the reason it cannot be read. */
export async function describeImportSource(location: ImportSourceLocation): Promise<ImportSource> {
  try {
    const servers = readImportDocument(await readImportSourceText(location.path));
    return { ...location, servers: servers.map(({ name }) => name) };
  } catch (error) {
    if (!(error instanceof UntrustedFileError || error instanceof ImportDocumentError)) throw error;
    return { ...location, servers: [], error: `The file ${error.message}` };
  }
}

/** The text of a source; at most what `mcp.import` takes. */
export function readImportSourceText(path: string): Promise<string> {
  return readUntrustedFile(path, IMPORT_LIMITS.json);
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
