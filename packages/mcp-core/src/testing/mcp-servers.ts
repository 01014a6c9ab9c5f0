/**
 * Real MCP servers for tests (scripts in test/fixtures/mcp-servers, run with this Node): the
 * package's own tests, the API's and the browser tests check them.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

import { bundledFixture } from './bundled-fixture';

const script = (name: string) =>
  fileURLToPath(new URL(`../../test/fixtures/mcp-servers/${name}`, import.meta.url));

/**
 * Each fixture server's script; see the comment at the top of each. Those that import the MCP SDK
 * run from their bundled copy (bundled-fixture.ts), built on first use.
 */
export const MCP_SERVER_SCRIPTS = {
  /** stdio: tools named by $TOOL_NAMES, two per page; writes its pid to $STARTED_FILE if set. */
  get toolsFromEnv() {
    return bundledFixture(script('tools-from-env.mjs'));
  },
  /** stdio: 6 KB of stderr, then a line naming $API_TOKEN, then exit code 3. */
  stderrThenExit: script('stderr-then-exit.mjs'),
  /** stdio: never answers; its child ignores SIGTERM; writes "<pid> <child pid>" to $PID_FILE. */
  hangsWithGrandchild: script('hangs-with-grandchild.mjs'),
  /** stdio: never answers; its child calls setsid and has a child; writes the three pids to $PID_FILE. */
  setsidGrandchild: script('setsid-grandchild.mjs'),
  /** stdio, or HTTP with $HTTP=1: a huge answer or tools/list pages without end, per $HOSTILE. */
  hostile: script('hostile.mjs'),
  /** stdio: answers nothing until $DELAY_MS (default 2000) after it loaded, or until $ANSWER_ONCE_FILE exists, then one tool; writes its pid to $STARTED_FILE first. */
  answersAfterDelay: script('answers-after-delay.mjs'),
  /**
   * stdio: tools by the client's declared capabilities, each with a title and input schema; records
   * `initialize` to $INIT_FILE, answers it after $DELAY_MS; $ASK_CLIENT=1 asks for roots and an elicitation.
   */
  get byClientCapabilities() {
    return bundledFixture(script('by-client-capabilities.mjs'));
  },
  /** stdio: answers nothing until it has used $CPU_MS (default 500) of CPU, then one tool. */
  get busyStart() {
    return bundledFixture(script('busy-start.mjs'));
  },
  /**
   * HTTP: streamable at /mcp, SSE at /sse; 401 without $REQUIRED_AUTHORIZATION when set; with
   * $OAUTH=1 also its own OAuth authorization server, /mcp wanting a token it issued.
   */
  get remote() {
    return bundledFixture(script('remote.mjs'));
  },
} as const;

export interface RemoteMcpServer {
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  stop(): Promise<void>;
}

export interface RemoteMcpServerOptions {
  requiredAuthorization?: string;
  /** Protected by OAuth: metadata, client registration, authorize, token; see remote.mjs. */
  oauth?: { tokenLifetimeS?: number };
}

/** Starts the HTTP fixture server on a free port of 127.0.0.1. */
export function startRemoteMcpServer(options: RemoteMcpServerOptions = {}): Promise<RemoteMcpServer> {
  return startHttpFixture(MCP_SERVER_SCRIPTS.remote, {
    REQUIRED_AUTHORIZATION: options.requiredAuthorization,
    OAUTH: options.oauth === undefined ? undefined : '1',
    TOKEN_LIFETIME_S: options.oauth?.tokenLifetimeS?.toString(),
  });
}

/** Starts the hostile fixture as an HTTP server on a free port of 127.0.0.1; `env` says how it misbehaves. */
/**
 * A stand-in MCP registry on 127.0.0.1 (test/fixtures/registry/registry.mjs): the example answers,
 * $EXTRA_SERVERS generated ones, pagination, and faults under /slow, /trickle, /huge, /malformed,
 * /wrong-types, /too-many and /error.
 */
export function startRegistryFixture(env: Record<string, string> = {}): Promise<RemoteMcpServer> {
  return startHttpFixture(
    fileURLToPath(new URL('../../test/fixtures/registry/registry.mjs', import.meta.url)),
    env,
  );
}

export function startHostileHttpServer(env: Record<string, string>): Promise<RemoteMcpServer> {
  return startHttpFixture(MCP_SERVER_SCRIPTS.hostile, { ...env, HTTP: '1' });
}

async function startHttpFixture(
  script: string,
  env: Record<string, string | undefined>,
): Promise<RemoteMcpServer> {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
  };
  const [line] = (await Promise.race([once(child.stdout, 'data'), exited])) as unknown[];
  if (!(line instanceof Buffer))
    throw new Error(`the MCP fixture server ${script} exited before it listened`);
  return { origin: line.toString().trim(), stop };
}
