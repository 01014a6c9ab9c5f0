/**
 * Runs the Claude CLI (docs/api.md#how-a-change-runs): an argv array and never a shell, stdin closed (or, for
 * `add-json`, the entry and nothing else),
 * `CLAUDE_CONFIG_DIR` pinned, and a timeout that kills the whole process group, because the
 * CLI can leave children behind. An exit code is an outcome, returned as data with the CLI's
 * own text; only a binary that cannot run and a timeout are thrown.
 */
import { execa } from 'execa';
import { tmpdir } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { childEnvironment } from '../child-environment';
import { McpCoreError } from '../errors';

export const DEFAULT_CLI_TIMEOUT_MS = 30_000;

/** Result of one CLI call that ran to completion: the CLI's own text either way. */
export type CliOutcome = { ok: true; message: string } | { ok: false; message: string };

export interface CliRunnerOptions {
  bin: string;
  /** Pinned as `CLAUDE_CONFIG_DIR` on every spawn; absent, the CLI uses the home directory. */
  configDir?: string | undefined;
  timeoutMs: number;
  /** The environment every spawn inherits (`CLAUDE_CONFIG_DIR` is replaced by `configDir`). */
  env: NodeJS.ProcessEnv;
  /**
   * Told of each spawn before it, with what it runs; what it returns is told the spawn's pid
   * (`undefined`: it could not start), and what that returns is called once that CLI has exited.
   */
  beforeSpawn?: (bin: string, args: readonly string[]) => (pid: number | undefined) => () => void;
}

/** An argv and the text the CLI reads on stdin. */
export interface CliCommandWithStdin {
  argv: readonly string[];
  stdin: string;
}

/** What to run: an argv (stdin closed), or an argv with its stdin. */
export type CliCommand = readonly string[] | CliCommandWithStdin;

export function argvOf(command: CliCommand): readonly string[] {
  return 'argv' in command ? command.argv : command;
}

export interface CliRunner {
  readonly bin: string;
  run(command: CliCommand, options: { cwd: string }): Promise<CliOutcome>;
  /** `claude --version`, e.g. `2.1.332 (Claude Code)`. */
  version(): Promise<CliOutcome>;
}

/**
 * The environment of a CLI spawn: the child environment of `env` (no `MCP_ADMIN_*`) with
 * `CLAUDE_CONFIG_DIR` pinned to `configDir` (or removed).
 */
export function cliEnvironment(env: NodeJS.ProcessEnv, configDir: string | undefined): NodeJS.ProcessEnv {
  const spawnEnv = childEnvironment(env);
  delete spawnEnv.CLAUDE_CONFIG_DIR;
  if (configDir !== undefined) spawnEnv.CLAUDE_CONFIG_DIR = configDir;
  return spawnEnv;
}

export function createCliRunner({
  bin,
  configDir,
  timeoutMs,
  env,
  beforeSpawn,
}: CliRunnerOptions): CliRunner {
  const spawnEnv = cliEnvironment(env, configDir);

  async function run(command: CliCommand, { cwd }: { cwd: string }): Promise<CliOutcome> {
    // Detached, the CLI leads its own process group. On timeout execa kills the CLI itself; when
    // it exits, for whatever reason, the rest of its group goes too, so nothing it started lingers
    // or holds its output pipes open.
    const spawned = beforeSpawn?.(bin, argvOf(command));
    let subprocess;
    try {
      subprocess = execa(bin, argvOf(command), {
        cwd,
        env: spawnEnv,
        extendEnv: false,
        ...('stdin' in command ? { input: command.stdin } : { stdin: 'ignore' as const }),
        detached: true,
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
        reject: false,
      });
    } catch (error) {
      spawned?.(undefined);
      throw error;
    }
    const { pid } = subprocess;
    const exited = spawned?.(pid);
    if (pid !== undefined) {
      subprocess.once('exit', () => {
        killProcessGroup(pid);
        exited?.();
      });
    }
    const result = await subprocess;

    if (result.timedOut) {
      throw new McpCoreError(
        'CLI_TIMEOUT',
        `The Claude CLI did not finish within ${timeoutMs} ms and was stopped (MCP_ADMIN_CLI_TIMEOUT_MS sets the limit).`,
      );
    }
    if (result.exitCode === undefined && result.signal === undefined) {
      throw new McpCoreError('CLI_NOT_FOUND', cannotRunMessage(bin, result.cause), { cause: result.cause });
    }
    if (result.exitCode === 0) return { ok: true, message: plainText(result.stdout) };
    const text = plainText(result.stderr) || plainText(result.stdout);
    return {
      ok: false,
      message:
        text ||
        `The Claude CLI failed with ${result.signal ?? `exit code ${result.exitCode}`} and printed nothing.`,
    };
  }

  return {
    bin,
    run,
    version: () => run(['--version'], { cwd: tmpdir() }),
  };
}

// The CLI colours its messages whenever FORCE_COLOR is set (Playwright sets it, and so do
// many shells), even into a pipe; they are shown as text, where colour codes are garbage.
function plainText(output: string): string {
  return stripVTControlCharacters(output).trim();
}

/** Kills a detached CLI with every process it started. */
export function killProcessGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

export function cannotRunMessage(bin: string, cause: unknown): string {
  const reason = cause instanceof Error && 'code' in cause ? ` (${String(cause.code)})` : '';
  return `Cannot run the Claude CLI at "${bin}"${reason}. Install Claude Code or set CLAUDE_BIN to the path of a working claude executable.`;
}
