/** `checkServer` against real MCP servers: fixture scripts over stdio, streamable HTTP and SSE. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, onTestFinished, vi } from 'vitest';

import { checkServer } from '../../src/check/check-server';
import type { Server } from '../../src/config';
import { REDACTED } from '../../src/config';
import { MCP_SERVER_SCRIPTS, startRemoteMcpServer } from '../../src/testing';
import { expectGroupGone } from '../support/process-group';

const anyLatency = expect.any(Number) as unknown as number;

function useTempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-admin-check-'));
  onTestFinished(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

async function useRemote(requiredAuthorization?: string) {
  const remote = await startRemoteMcpServer({ requiredAuthorization });
  onTestFinished(() => remote.stop());
  return remote;
}

/** The verdict on every entry here: the check does not read it. */
const loaded = { status: 'active', statusReason: 'Listed for the test.' } as const;

function stdio(command: string, args: string[] = [], env?: Record<string, string>): Server {
  return {
    name: 'fixture',
    scope: 'user',
    transport: 'stdio',
    command,
    args,
    ...(env && { env }),
    ...loaded,
  };
}

function remoteEntry(transport: 'http' | 'sse', url: string, headers?: Record<string, string>): Server {
  return { name: 'fixture', scope: 'user', transport, url, ...(headers && { headers }), ...loaded };
}

const options = (env: NodeJS.ProcessEnv = {}) => ({
  env: { ...process.env, ...env },
  cwd: tmpdir(),
  timeoutMs: 10_000,
});

/** A port of 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Each tool's tokens: test/check/tool-tokens.test.ts.
const anyTokens = expect.any(Number) as unknown as number;
const REMOTE_TOOLS = [
  {
    name: 'remote_search',
    description: 'Searches the remote',
    inputSchema: { type: 'object', properties: {} },
    tokens: anyTokens,
  },
  { name: 'remote_fetch', inputSchema: { type: 'object', properties: {} }, tokens: anyTokens },
];

describe('checkServer over stdio', () => {
  it('starts the command as Claude Code would: ${VAR} and ${VAR:-default} expanded in command, args and env, every tools/list page read', async () => {
    const script = MCP_SERVER_SCRIPTS.toolsFromEnv;
    const server = stdio('${NODE_BIN}', [`\${FIXTURE_DIR}/${basename(script)}`], {
      TOOL_NAMES: '${FIRST_TOOL},${UNSET_TOOL:-second_from_default},third,fourth,fifth',
    });

    const result = await checkServer(
      server,
      options({
        NODE_BIN: process.execPath,
        FIXTURE_DIR: dirname(script),
        FIRST_TOOL: 'first_from_user_env',
        UNSET_TOOL: undefined,
      }),
    );

    expect(result).toEqual({
      status: 'ok',
      latencyMs: anyLatency,
      serverInfo: { name: 'tools-from-env', version: '1.2.3' },
      tools: ['first_from_user_env', 'second_from_default', 'third', 'fourth', 'fifth'].map((name) => ({
        name,
        description: `Tool ${name}`,
        inputSchema: { type: 'object' },
        tokens: anyTokens,
      })),
      tokens: anyTokens,
    });
  });

  it("declares the client capabilities Claude Code declares, and answers each tool's title and input schema as the server listed them", async () => {
    const initFile = join(useTempDir(), 'initialize.json');
    const server = stdio(process.execPath, [MCP_SERVER_SCRIPTS.byClientCapabilities], {
      INIT_FILE: initFile,
    });

    const result = await checkServer(server, options());

    const inputSchema = {
      type: 'object',
      properties: { path: { type: 'string', description: 'Where' }, depth: { type: 'integer' } },
      required: ['path'],
    };
    expect(result.tools).toEqual(
      ['always', 'roots', 'elicitation', 'elicitation_form', 'elicitation_url'].map((name) => ({
        name,
        title: `The ${name} tool`,
        description: `Offered for ${name}`,
        inputSchema,
        tokens: anyTokens,
      })),
    );
    expect(JSON.parse(readFileSync(initFile, 'utf8'))).toMatchObject({
      capabilities: { roots: { listChanged: true }, elicitation: { form: {}, url: {} } },
    });
  });

  it('answers roots/list with the directory it runs the server in and cancels an elicitation, as Claude Code does', async () => {
    const projectDir = useTempDir();
    const server = stdio(process.execPath, [MCP_SERVER_SCRIPTS.byClientCapabilities], { ASK_CLIENT: '1' });

    const result = await checkServer(server, { ...options(), cwd: projectDir });

    expect(result.status).toBe('ok');
    expect(result.tools?.find((tool) => tool.name === 'asked')?.description).toBe(
      `roots: ${pathToFileURL(projectDir).href}; elicitation: cancel`,
    );
  });

  it('answers a tool whose input schema is over 16 KiB of JSON without it, saying how large it is, and still counts all of it in its tokens', async () => {
    const server = stdio(process.execPath, [MCP_SERVER_SCRIPTS.byClientCapabilities], {
      SCHEMA_CHARS: '20000',
    });

    const result = await checkServer(server, options());

    const sentSchema = {
      type: 'object',
      properties: { path: { type: 'string', description: 'x'.repeat(20_000) }, depth: { type: 'integer' } },
      required: ['path'],
    };
    const chars = JSON.stringify(sentSchema).length.toLocaleString('en-US');
    const [always, roots] = result.tools ?? [];
    expect(always).toEqual({
      name: 'always',
      title: 'The always tool',
      description: 'Offered for always',
      inputSchemaCut: `Its input schema is ${chars} characters of JSON, over the 16 KiB a check keeps of one tool's.`,
      tokens: anyTokens,
    });
    expect(always?.tokens).toBeGreaterThan(20_000 / 3);
    // The others keep theirs.
    expect(roots?.inputSchema).toMatchObject({ required: ['path'] });
  });

  it('reports a server that exits with its exit code and the last 4 KB of its stderr, secrets redacted', async () => {
    const secret = 'tok-9f8e7d6c5b4a';
    const server = stdio(process.execPath, [MCP_SERVER_SCRIPTS.stderrThenExit], { API_TOKEN: secret });

    const result = await checkServer(server, options());

    let written = '';
    for (let line = 1; line <= 200; line++) written += `noise line ${line} of 200\n`;
    written += `fatal: token ${REDACTED} was refused\n`;
    const bytes = Buffer.from(written);
    expect(result).toEqual({
      status: 'failed',
      latencyMs: anyLatency,
      error: 'The server exited with code 3 before it answered initialize.',
      stderr: bytes.subarray(bytes.length - 4096).toString(),
    });
    expect(result.stderr).not.toContain(secret);
  });

  it('names a command that is not on PATH', async () => {
    const result = await checkServer(stdio('no-such-mcp-server-command'), options());

    expect(result).toEqual({
      status: 'failed',
      latencyMs: anyLatency,
      error: 'Command not found: no-such-mcp-server-command (not on PATH)',
    });
  });

  it('times out a server that never answers and kills its whole process group, grandchildren included', async () => {
    const pidFile = join(useTempDir(), 'pids');
    const server = stdio(process.execPath, [MCP_SERVER_SCRIPTS.hangsWithGrandchild], { PID_FILE: pidFile });

    const result = await checkServer(server, { ...options(), timeoutMs: 1_000 });

    expect(result).toEqual({
      status: 'timeout',
      latencyMs: anyLatency,
      error: 'Timed out after 1 s waiting for the answer to initialize.',
    });
    // The fixture's child runs in its group and ignores SIGTERM: only killing the group ends it.
    const [leader = 0] = readFileSync(pidFile, 'utf8').split(' ').map(Number);
    await expectGroupGone(leader);
  });

  it('stops when its caller goes away, throwing the reason and leaving no process behind', async () => {
    const pidFile = join(useTempDir(), 'pids');
    const server = stdio(process.execPath, [MCP_SERVER_SCRIPTS.hangsWithGrandchild], { PID_FILE: pidFile });
    const caller = new AbortController();

    const check = checkServer(server, { ...options(), signal: caller.signal });
    // Two Node starts: more than waitFor's default second on a busy machine.
    await vi.waitFor(() => {
      expect(existsSync(pidFile) && readFileSync(pidFile, 'utf8').includes(' ')).toBe(true);
    }, 10_000);
    caller.abort(new Error('the client went away'));

    await expect(check).rejects.toThrow('the client went away');
    const [leader = 0] = readFileSync(pidFile, 'utf8').split(' ').map(Number);
    await expectGroupGone(leader);
  });
});

describe('checkServer over HTTP', () => {
  it('reaches a streamable HTTP server with the entry headers, ${VAR} expanded in URL and headers', async () => {
    const remote = await useRemote('Bearer let-me-in');
    const server = remoteEntry('http', '${REMOTE_ORIGIN}/mcp', { Authorization: 'Bearer ${REMOTE_TOKEN}' });

    const result = await checkServer(
      server,
      options({ REMOTE_ORIGIN: remote.origin, REMOTE_TOKEN: 'let-me-in' }),
    );

    expect(result).toEqual({
      status: 'ok',
      latencyMs: anyLatency,
      serverInfo: { name: 'remote', version: '2.0.0' },
      tools: REMOTE_TOOLS,
      tokens: anyTokens,
    });
  });

  it('reaches a server over the SSE transport when the entry says sse', async () => {
    const remote = await useRemote();

    const result = await checkServer(remoteEntry('sse', `${remote.origin}/sse`), options());

    expect(result).toEqual({
      status: 'ok',
      latencyMs: anyLatency,
      serverInfo: { name: 'remote', version: '2.0.0' },
      tools: REMOTE_TOOLS,
      tokens: anyTokens,
    });
  });

  it('calls a 401 needs-auth, over streamable HTTP and over SSE', async () => {
    const remote = await useRemote('Bearer let-me-in');
    const needsAuth = {
      status: 'needs-auth',
      latencyMs: anyLatency,
      error:
        'The server answered 401 Unauthorized: it needs authentication (sign in, or the headers it expects).',
    };

    const results = await Promise.all([
      checkServer(remoteEntry('http', `${remote.origin}/mcp`, { Authorization: 'Bearer wrong' }), options()),
      checkServer(remoteEntry('sse', `${remote.origin}/sse`), options()),
    ]);

    expect(results).toEqual([needsAuth, needsAuth]);
  });

  it('says a connection was refused, over streamable HTTP and over SSE', async () => {
    const port = await closedPort();
    const refused = {
      status: 'failed',
      latencyMs: anyLatency,
      error: `Connection refused by 127.0.0.1:${port}.`,
    };

    const results = await Promise.all([
      checkServer(remoteEntry('http', `http://127.0.0.1:${port}/mcp`), options()),
      checkServer(remoteEntry('sse', `http://127.0.0.1:${port}/sse`), options()),
    ]);

    expect(results).toEqual([refused, refused]);
  });

  it('says a TLS handshake failed (https to a plain HTTP server)', async () => {
    const remote = await useRemote();
    const url = new URL('/mcp', remote.origin.replace('http:', 'https:'));

    const result = await checkServer(remoteEntry('http', url.href), options());

    expect(result).toEqual({
      status: 'failed',
      latencyMs: anyLatency,
      error: `TLS error connecting to ${url.host}: wrong version number.`,
    });
  });

  it('reports an HTTP error status other than 401/403 as a failure naming it', async () => {
    const remote = await useRemote();

    const result = await checkServer(remoteEntry('http', `${remote.origin}/not-mcp`), options());

    expect(result).toEqual({
      status: 'failed',
      latencyMs: anyLatency,
      error: 'The server answered initialize with HTTP 404 Not Found.',
    });
  });
});

it('fails an entry of a transport Claude Code would not start, without trying', async () => {
  const server: Server = {
    name: 'ws-server',
    scope: 'user',
    transport: 'unknown',
    url: 'ws://127.0.0.1:1/',
    ...loaded,
  };

  await expect(checkServer(server, options())).resolves.toEqual({
    status: 'failed',
    latencyMs: 0,
    error: 'This entry has no command or URL that Claude Code would start (transport unknown).',
  });
});
