/**
 * What the server tests share: a started server in a throwaway world, raw HTTP requests (full
 * control over Host, Origin and body, which fetch does not give), and fixture paths.
 * The server's subject is HTTP, so a world drives the fake CLI (held to the real one by
 * core/cli/fake-claude-contract.test.ts) unless a test sets CLAUDE_BIN.
 */
import { createApiContext, createCaller } from '@mcp-admin/api';
import type { McpCoreErrorCode } from '@mcp-admin/core';
import { createMcpAdmin } from '@mcp-admin/core';
import type { TestWorld } from '@mcp-admin/core/testing';
import { ARGV_LOGGING_CLAUDE, createTestWorld, FAKE_CLAUDE } from '@mcp-admin/core/testing';
import { once } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { expect, onTestFinished } from 'vitest';

import type { RunningServer, StartServerOptions } from '../src';
import { startServer } from '../src';
import { loadServerSettings } from '../src/http/settings';

const fixture = (name: string) => fileURLToPath(new URL(`fixtures/${name}`, import.meta.url));

/** For `vi.waitFor` on things that take real processes: starting Node, spawning the CLI. */
export const PATIENTLY = { timeout: 30_000, interval: 50 };

export const TEST_WEB_DIST = fixture('web-dist');

/** A throwaway world on the fake CLI, removed when the test ends. */
export function useTestWorld(): TestWorld {
  const world = createTestWorld({ claudeBin: FAKE_CLAUDE });
  onTestFinished(() => {
    world.remove();
  });
  return world;
}

/** The env a server in `world` runs with: any free port, the world's CLI, config dir, managed folder and project. */
export function worldEnv(world: TestWorld, overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    CLAUDE_BIN: world.claudeBin,
    CLAUDE_CONFIG_DIR: world.configDir,
    MCP_ADMIN_MANAGED_DIR: world.managedDir,
    MCP_ADMIN_HOST: '127.0.0.1',
    MCP_ADMIN_PORT: '0',
    MCP_ADMIN_PROJECT: world.projectDir,
    MCP_ADMIN_TOKEN: undefined,
    ...overrides,
  };
}

/** The env for CLAUDE_BIN=argv-logging-claude.sh (held until `gateFile` exists, when given) in front of the world's CLI, logging each spawn to the returned `cliLog`. */
export function gatedCliEnv(world: TestWorld, gateFile?: string) {
  const cliLog = join(world.configDir, 'cli.log');
  const env = {
    CLAUDE_BIN: ARGV_LOGGING_CLAUDE,
    CLI_LOG: cliLog,
    REAL_CLAUDE_BIN: world.claudeBin,
    GATE_FILE: gateFile,
  };
  return { env, cliLog };
}

/**
 * The API without HTTP, on a service configured from `world`'s env exactly as a server is: for
 * what the server's settings decide (the API's own tests are in packages/api).
 */
export function callerFor(world: TestWorld, { env = {} }: { env?: NodeJS.ProcessEnv } = {}) {
  const spawnEnv = worldEnv(world, env);
  const admin = createMcpAdmin({ ...loadServerSettings(spawnEnv, world.projectDir), spawnEnv });
  return createCaller(createApiContext({ admin }));
}

/** A started server, closed when the test ends. */
export async function useServer(
  world: TestWorld,
  overrides: NodeJS.ProcessEnv = {},
  { connectionLimits }: Pick<StartServerOptions, 'connectionLimits'> = {},
): Promise<RunningServer> {
  const server = await startServer({
    env: worldEnv(world, overrides),
    webDist: TEST_WEB_DIST,
    connectionLimits,
  });
  onTestFinished(() => server.close());
  return server;
}

export interface HttpResult {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HttpRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export function httpRequest(url: string, { method = 'GET', headers = {}, body }: HttpRequestOptions = {}) {
  return new Promise<HttpResult>((resolve, reject) => {
    // No keep-alive agent: a pooled connection would hold a closing server open.
    const req = request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A bare TCP connection to the server, for requests sent byte by byte or not at all. */
export interface RawConnection {
  socket: Socket;
  /** Everything the server has sent so far. */
  received(): string;
  /** Everything the server sent, once the connection has closed. */
  closed: Promise<string>;
}

/** Connects to `url`'s host and port (`host` is the Host header to send); destroyed when the test ends. */
export async function openRawConnection(url: string): Promise<RawConnection & { host: string }> {
  const { hostname, port, host } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  onTestFinished(() => {
    socket.destroy();
  });
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  // A reset is one more way for the server to close the connection.
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => {
    socket.once('close', () => {
      resolve(received);
    });
  });
  await once(socket, 'connect');
  return { socket, host, received: () => received, closed };
}

/** What a call needs of a server: an in-process one, or a main.ts process's start line. */
type ServerAddress = Pick<RunningServer, 'url' | 'token'>;

export function bearer(server: ServerAddress): Record<string, string> {
  return { authorization: `Bearer ${server.token}` };
}

/** `GET /trpc/<path>?input=…`, signed in unless `headers` say otherwise. */
export function trpcQuery(
  server: ServerAddress,
  path: string,
  input?: unknown,
  headers: Record<string, string> = bearer(server),
) {
  const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return httpRequest(`${server.url}/trpc/${path}${search}`, { headers });
}

/** `POST /trpc/<path>` with a JSON body, signed in unless `headers` say otherwise. */
export function trpcMutation(
  server: ServerAddress,
  path: string,
  input: unknown,
  headers: Record<string, string> = bearer(server),
) {
  return httpRequest(`${server.url}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(input),
  });
}

export function json(result: HttpResult): unknown {
  return JSON.parse(result.body);
}

/** The bytes of each file (null when absent), to prove a refused request changed nothing. */
export function snapshotFiles(paths: string[]): Record<string, string | null> {
  return Object.fromEntries(
    paths.map((path) => [path, existsSync(path) ? readFileSync(path, 'latin1') : null]),
  );
}

/** The files a mutation can touch in `world`. */
export function worldFiles(world: TestWorld): string[] {
  return [world.configPath, join(world.projectDir, '.mcp.json')];
}

export function spawnedArgv(cliLog: string): string[] {
  return existsSync(cliLog) ? readFileSync(cliLog, 'utf8').split('\n').filter(Boolean) : [];
}

/** The body of a procedure's error as the API sends it. */
export function procedureErrorBody(
  code: TRPC_ERROR_CODE_KEY,
  httpStatus: number,
  path: string,
  message: string,
  causes: { coreCode?: McpCoreErrorCode; zodError?: unknown } = {},
) {
  return {
    error: {
      message,
      code: TRPC_ERROR_CODES_BY_KEY[code],
      data: { code, httpStatus, path, zodError: causes.zodError ?? null, coreCode: causes.coreCode ?? null },
    },
  };
}

/** The body of a refusal made before any procedure runs (401, 403, 413). */
export function refusalBody(code: TRPC_ERROR_CODE_KEY, httpStatus: number, message: string) {
  return {
    error: {
      message,
      code: TRPC_ERROR_CODES_BY_KEY[code],
      data: { code, httpStatus, zodError: null, coreCode: null },
    },
  };
}

/** A refused or failed call must leave the server answering. */
export async function expectStillServing(server: RunningServer): Promise<void> {
  const health = await httpRequest(`${server.url}/healthz`);
  expect({ status: health.status, body: health.body }).toEqual({ status: 200, body: 'ok' });
  expect((await trpcQuery(server, 'mcp.projects')).status).toBe(200);
}

/** One server-sent event; `data` parsed as JSON, undefined when empty. */
export interface ServerSentEvent {
  event?: string;
  id?: string;
  data: unknown;
}

export interface EventStream {
  status: number;
  headers: Headers;
  /** The next event, or undefined once the stream has ended. */
  next(): Promise<ServerSentEvent | undefined>;
  /** Leaves the stream, as a closed browser tab would. */
  close(): void;
}

/** `GET <url>` read as a stream of server-sent events (what tRPC's httpSubscriptionLink reads). */
export async function openEventStream(url: string, headers: Record<string, string>): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  const close = () => {
    controller.abort();
  };
  onTestFinished(close);
  return {
    status: response.status,
    headers: response.headers,
    close,
    async next() {
      while (!buffered.includes('\n\n')) {
        const chunk = await reader?.read();
        if (chunk === undefined || chunk.done) return undefined;
        buffered += chunk.value;
      }
      const end = buffered.indexOf('\n\n');
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2).replace(/^\n+/, '');
      return parseEvent(block);
    },
  };
}

function parseEvent(block: string): ServerSentEvent {
  const fields = new Map<string, string>();
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    fields.set(line.slice(0, colon), line.slice(colon + 1).replace(/^ /, ''));
  }
  const data = fields.get('data') ?? '';
  const event: ServerSentEvent = { data: data === '' ? undefined : JSON.parse(data) };
  const name = fields.get('event');
  const id = fields.get('id');
  if (name !== undefined) event.event = name;
  if (id !== undefined) event.id = id;
  return event;
}
