/**
 * MCP Admin's own files (stash, profiles, history, audit log): one folder, `.mcp-admin/` beside
 * `.claude.json`, private to the user because the stash and the journal hold secrets (folder 0700,
 * files 0600), each file replaced atomically or appended to (`append-line.ts`).
 */
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeFileAtomically } from './atomic-write';
import { McpCoreError } from './errors';
import { errorText } from './error-text';

export const OWN_DIR_MODE = 0o700;
export const OWN_FILE_MODE = 0o600;

/** Where MCP Admin keeps its file `fileName` for the Claude Code config at `configPath`. */
export function ownFilePath(configPath: string, fileName: string): string {
  return join(dirname(configPath), '.mcp-admin', fileName);
}

/** Makes the folder of the own file `path` (0700) if it is missing. */
export async function makeOwnDir(path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: OWN_DIR_MODE });
}

/** Replaces the own file `path` with `text` atomically (mode 0600). Throws WRITE_FAILED naming it. */
export async function writeOwnFile(path: string, text: string): Promise<void> {
  try {
    await makeOwnDir(path);
    await writeFileAtomically(path, text, OWN_FILE_MODE);
  } catch (error) {
    throw writeFailed(path, error);
  }
}

/** WRITE_FAILED naming the file MCP Admin could not write and why (`cause`: a reason or the error). */
export function writeFailed(path: string, cause: unknown): McpCoreError {
  return new McpCoreError('WRITE_FAILED', `Cannot write ${path}: ${errorText(cause)}`, { cause });
}
