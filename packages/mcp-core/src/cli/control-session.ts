/**
 * One request to Claude Code's control protocol (`claude -p --input-format stream-json
 * --output-format stream-json`): the `mcp_toggle` that Claude Code's own `/mcp` makes, which
 * writes `projects[<key>].disabledMcpServers` of `.claude.json` itself. Spawned as the runner
 * spawns (argv array, no shell, its own process group killed when it ends or at the deadline);
 * stdout is read a bounded line at a time, and nothing thrown in a listener can escape.
 *
 * The session is started without the model's credentials: it never calls the model, and an
 * authenticated session first waits for Anthropic's remote managed settings, retried for about
 * 17 s when offline, before it answers any control request (measured; see
 * packages/mcp-core/test/cli/control-session.test.ts).
 *
 * Print mode skips Claude Code's trust dialog, and the session runs in the project (its cwd keys
 * the toggle as local scope is keyed), so it must load nothing the repository provides: only the
 * user's settings (`--setting-sources user`: no project or local settings, hence none of their
 * hooks, helpers, env or plugins) and, for a user server, no MCP server at start
 * (`--strict-mcp-config` with no `--mcp-config`: no `.mcp.json` server runs, approved or not; the
 * toggle still finds a user server by name). A plugin's or a managed server is found only without
 * it, so the service toggles those only in a trusted folder. Proven in
 * packages/mcp-core/test/service/switches/untrusted-project-toggle.test.ts.
 */
import { spawn } from 'node:child_process';
import { childEnvironment } from '../child-environment';
import { McpCoreError } from '../errors';
import { errorText } from '../error-text';
import { cannotRunMessage, killProcessGroup } from './runner';
import type { CliRunnerOptions } from './runner';

/** The credentials that make a session wait for remote managed settings; a toggle needs none. */
const MODEL_CREDENTIALS = new Set(['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'CLAUDE_CODE_OAUTH_TOKEN']);

/** A line of the protocol past this is not an answer to a toggle: the session is stopped. */
const MAX_LINE_BYTES = 1024 * 1024;
/** Stdout past this without the answer: the session is stopped. */
const MAX_OUTPUT_BYTES = 8 * 1024 * 1024;
/** After its answer the session is asked to end (stdin closed); past this it is killed. */
const EXIT_GRACE_MS = 5_000;

export const CONTROL_ARGV = [
  '-p',
  '--input-format',
  'stream-json',
  '--output-format',
  'stream-json',
  '--verbose',
  '--setting-sources',
  'user',
] as const;

/** The argv of a session: with `--strict-mcp-config` unless it must see plugins' and managed servers. */
export function controlArgv({ mcpServersAtStart }: Pick<McpToggleRequest, 'mcpServersAtStart'>): string[] {
  return mcpServersAtStart ? [...CONTROL_ARGV] : [...CONTROL_ARGV, '--strict-mcp-config'];
}

export interface ControlSessionOptions {
  bin: string;
  /** The environment of the session, `CLAUDE_CONFIG_DIR` pinned already (see cliEnvironment). */
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** Told of the spawn before it (what it runs), then of its pid, then that it has ended (see CliRunnerOptions). */
  beforeSpawn?: CliRunnerOptions['beforeSpawn'];
}

export interface McpToggleRequest {
  /** The project: the session's cwd, so Claude Code keys the toggle as it keys local scope. */
  cwd: string;
  serverName: string;
  enabled: boolean;
  /**
   * Load the MCP servers Claude Code would (plugins', managed, and `.mcp.json` ones the user's
   * settings approve): only a plugin's or a managed server needs it. False: none is loaded.
   */
  mcpServersAtStart: boolean;
}

/** Claude Code's answer: success, or its own error text (e.g. `Server not found: x`). */
export type ControlOutcome = { ok: true } | { ok: false; message: string };

/** The environment of a control session: the child environment of `env` without the model's credentials. */
export function controlEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(childEnvironment(env)).filter(([name]) => !MODEL_CREDENTIALS.has(name)),
  );
}

/** The request line `toggleMcpServer` of the Agent SDK sends. */
export function mcpToggleLine({ serverName, enabled }: McpToggleRequest, requestId: string): string {
  const request = { subtype: 'mcp_toggle', serverName, enabled };
  return `${JSON.stringify({ type: 'control_request', request_id: requestId, request })}\n`;
}

/** Sends one `mcp_toggle` and resolves with Claude Code's answer once the session has ended. */
export function toggleMcpServer(
  options: ControlSessionOptions,
  request: McpToggleRequest,
): Promise<ControlOutcome> {
  const requestId = `mcp-admin-${process.pid}-${Date.now()}`;
  return new Promise((resolve, reject) => {
    const argv = controlArgv(request);
    // Named before the spawn: a session outlives a killed MCP Admin long enough to write the toggle.
    const spawned = options.beforeSpawn?.(options.bin, argv);
    const child = spawn(options.bin, argv, {
      cwd: request.cwd,
      env: controlEnvironment(options.env),
      stdio: ['pipe', 'pipe', 'ignore'],
      detached: true,
    });
    const exited = spawned?.(child.pid);
    let answer: ControlOutcome | undefined;
    let failure: Error | undefined;
    let pending = '';
    let seen = 0;
    const deadline = setTimeout(() => {
      stop(
        new McpCoreError(
          'CLI_TIMEOUT',
          `Claude Code did not answer the toggle within ${options.timeoutMs} ms and was stopped (MCP_ADMIN_CLI_TIMEOUT_MS sets the limit).`,
        ),
      );
    }, options.timeoutMs);
    let grace: NodeJS.Timeout | undefined;

    function stop(error?: Error): void {
      if (error !== undefined && failure === undefined && answer === undefined) failure = error;
      killGroup(child.pid);
    }

    function onLine(line: string): void {
      const message = parsedLine(line);
      if (message?.type !== 'control_response') return;
      const response = message.response as Record<string, unknown> | undefined;
      if (response?.request_id !== requestId) return;
      answer =
        response.subtype === 'success'
          ? { ok: true }
          : {
              ok: false,
              message:
                typeof response.error === 'string' ? response.error : 'Claude Code refused the toggle.',
            };
      // The toggle is written before the answer; the session ends by itself once stdin closes.
      child.stdin.end();
      grace = setTimeout(() => {
        stop();
      }, EXIT_GRACE_MS);
    }

    child.stdout.on('data', (chunk: Buffer) => {
      try {
        seen += chunk.length;
        pending += chunk.toString('utf8');
        if (seen > MAX_OUTPUT_BYTES)
          throw new Error(`printed over ${MAX_OUTPUT_BYTES} bytes without answering`);
        let newline = pending.indexOf('\n');
        while (newline !== -1) {
          const line = pending.slice(0, newline);
          pending = pending.slice(newline + 1);
          if (answer === undefined) onLine(line);
          newline = pending.indexOf('\n');
        }
        if (pending.length > MAX_LINE_BYTES) throw new Error(`printed a line over ${MAX_LINE_BYTES} bytes`);
      } catch (error) {
        stop(new McpCoreError('CLI_FAILED', `Claude Code's control session ${errorText(error)}.`));
      }
    });
    // A session that exits before reading its request makes stdin fail with EPIPE: its exit says why.
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => {
      clearTimeout(deadline);
      reject(new McpCoreError('CLI_NOT_FOUND', cannotRunMessage(options.bin, error), { cause: error }));
    });
    child.on('close', (code, signal) => {
      clearTimeout(deadline);
      clearTimeout(grace);
      killGroup(child.pid);
      exited?.();
      if (answer !== undefined) resolve(answer);
      else
        reject(
          failure ??
            new McpCoreError(
              'CLI_FAILED',
              `Claude Code's control session ended (${signal ?? `exit code ${code}`}) without answering the toggle.`,
            ),
        );
    });
    child.stdin.write(mcpToggleLine(request, requestId));
  });
}

function parsedLine(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function killGroup(pid: number | undefined): void {
  if (pid !== undefined) killProcessGroup(pid);
}
