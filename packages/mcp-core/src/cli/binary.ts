/**
 * Which Claude CLI to drive (docs/api.md#server-settings): `CLAUDE_BIN`, else a `claude` on PATH, else the native
 * binary of the pinned `@anthropic-ai/claude-code` where it is installed: the workspace's dev
 * dependency, for its tests and `pnpm start`. The installed `mcp-admin` package brings no CLI: it
 * drives the user's Claude Code, and refuses to start without one (minimum-version.ts).
 */
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, delimiter, dirname, join } from 'node:path';

const CLAUDE_PACKAGE = '@anthropic-ai/claude-code';

export interface ClaudeBinSettings {
  /**
   * `CLAUDE_BIN` as given: a path (made absolute by the caller, since every call runs in its
   * project's directory) or a bare name left to PATH.
   */
  configured?: string | undefined;
  /** The PATH to search for `claude` when nothing is configured. */
  path: string;
}

export function resolveClaudeBin({ configured, path }: ClaudeBinSettings): string {
  return configured ?? findOnPath('claude', path) ?? bundledClaudeBin();
}

/**
 * The first executable `command` in the PATH directories, skipping `node_modules/.bin`: pnpm puts
 * those on PATH in scripts, and their `claude` is a shell shim around the npm package's
 * `bin/claude.exe`, which stays a non-working placeholder when the package's postinstall did not run.
 * The bundled fallback below reaches the same pinned CLI without the shim.
 */
export function findOnPath(command: string, path: string): string | undefined {
  return path
    .split(delimiter)
    .filter((dir) => dir !== '' && !isPackageManagerBinDir(dir))
    .map((dir) => join(dir, command))
    .find(isExecutableFile);
}

function isPackageManagerBinDir(dir: string): boolean {
  return basename(dir) === '.bin' && basename(dirname(dir)) === 'node_modules';
}

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The platform package is an optional dependency of `@anthropic-ai/claude-code`, so it is
 * resolved from that package's own directory. Where neither is installed (the `mcp-admin`
 * package) or on a platform without one, the bare name is returned and the first spawn reports
 * CLI_NOT_FOUND with how to set CLAUDE_BIN.
 */
function bundledClaudeBin(): string {
  try {
    const packageJson = createRequire(import.meta.url).resolve(`${CLAUDE_PACKAGE}/package.json`);
    return createRequire(packageJson).resolve(`${CLAUDE_PACKAGE}-${process.platform}-${process.arch}/claude`);
  } catch {
    return 'claude';
  }
}
