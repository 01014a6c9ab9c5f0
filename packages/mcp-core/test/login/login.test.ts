/**
 * OAuth sign-in through the real CLI (`claude mcp login` under a pseudo-terminal) against a local
 * authorization server and protected MCP endpoint (the OAuth mode of the remote fixture server).
 */
import {
  createTestWorld,
  processesWithEnvironment,
  startRemoteMcpServer,
  type RemoteMcpServer,
  type TestWorld,
} from '@mcp-admin/core/testing';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { McpCoreError } from '../../src/errors';
import type { LoginEvent } from '../../src/login';
import type { McpAdminOptions } from '../../src/service/mcp-admin';
import { adminInWorld, fixture } from '../support/world-admin';

let world: TestWorld;
let remote: RemoteMcpServer;

beforeEach(async () => {
  world = createTestWorld();
  remote = await startRemoteMcpServer({ oauth: {} });
});
afterEach(async () => {
  await remote.stop();
  world.remove();
});

/** The world's config with user-scope servers, as Claude Code keeps it. */
function writeUserServers(servers: Record<string, unknown>) {
  writeFileSync(world.configPath, JSON.stringify({ mcpServers: servers }));
}

// A header too: Claude Code files the tokens under a hash of the URL and the headers.
const protectedServer = () => ({ type: 'http', url: `${remote.origin}/mcp`, headers: { 'X-Team': 'blue' } });

function admin(options: Partial<McpAdminOptions> = {}, claudeBin?: string) {
  return adminInWorld(world, claudeBin, {}, options);
}

/** The sign-in's events, one by one. */
async function startLogin(
  service: ReturnType<typeof admin>,
  name: string,
  signal = new AbortController().signal,
) {
  return (await service.login({ name }, signal))[Symbol.asyncIterator]();
}

async function openEvent(events: AsyncIterator<LoginEvent>) {
  const event: unknown = (await events.next()).value;
  expect(event).toEqual({
    state: 'open',
    loginId: expect.any(String) as string,
    url: expect.any(String) as string,
  });
  return event as Extract<LoginEvent, { state: 'open' }>;
}

/** What a browser does with the authorization URL: follows every redirect, to the CLI's callback. */
async function playBrowser(url: string) {
  const response = await fetch(url);
  expect(response.ok).toBe(true);
}

/** The CLI's processes of this world (script, the CLI and what it started), found by their environment. */
const worldProcesses = () => processesWithEnvironment(`CLAUDE_CONFIG_DIR=${world.configDir}`);

async function expectNoWorldProcess() {
  await vi.waitFor(
    () => {
      expect(worldProcesses()).toEqual([]);
    },
    { timeout: 5_000, interval: 20 },
  );
}

function storedTokens() {
  const store = JSON.parse(readFileSync(join(world.configDir, '.credentials.json'), 'utf8')) as {
    mcpOAuth: Record<string, { accessToken: string; refreshToken: string }>;
  };
  return Object.values(store.mcpOAuth).flatMap(({ accessToken, refreshToken }) => [
    accessToken,
    refreshToken,
  ]);
}

describe('mcp.login with the real CLI', () => {
  it('signs in: check needs-auth, the URL streamed, the redirect, then check ok with the protected tools, signed-in, and logout signs out', async () => {
    writeUserServers({ guarded: protectedServer() });
    const service = admin();
    const before = await service.check({ name: 'guarded', scope: 'user' });
    expect(before.status).toBe('needs-auth');
    expect((await service.list()).servers[0]?.auth).toBe('signed-out');

    const events = await startLogin(service, 'guarded');
    const open = await openEvent(events);
    expect(new URL(open.url).origin).toBe(remote.origin);
    expect(new URL(open.url).pathname).toBe('/authorize');
    await playBrowser(open.url);
    const done = await events.next();
    expect(done.value).toEqual({
      state: 'done',
      ok: true,
      message: 'Authenticated with "guarded". Its tools are now available in Claude Code.',
    });
    expect((await events.next()).done).toBe(true);

    const after = await service.check({ name: 'guarded', scope: 'user' });
    expect(after).toMatchObject({ status: 'ok', serverInfo: { name: 'remote', version: '2.0.0' } });
    expect(after.tools?.map(({ name }) => name)).toEqual(['remote_search', 'remote_fetch']);
    const listed = await service.list({ reveal: true });
    expect(listed.servers[0]?.auth).toBe('signed-in');

    // The tokens stay on the server: in no answer, nor in the audit log.
    const tokens = storedTokens();
    expect(tokens).toHaveLength(2);
    const logout = await service.logout({ name: 'guarded' });
    expect(logout).toEqual({
      ok: true,
      message: 'Signed out of "guarded". Run `claude mcp login guarded` to authenticate again.',
    });
    const audit = readFileSync(join(world.configDir, '.mcp-admin', 'audit.jsonl'), 'utf8');
    const answers = JSON.stringify([open, done.value, after, listed, logout]) + audit;
    for (const token of tokens) expect(answers).not.toContain(token);
    expect(audit).toContain('"procedure":"mcp.login"');

    expect((await service.list()).servers[0]?.auth).toBe('signed-out');
    expect((await service.check({ name: 'guarded', scope: 'user' })).status).toBe('needs-auth');
    await expectNoWorldProcess();
  });

  it('hands a pasted redirect URL to the waiting CLI, and refuses a second sign-in to the server meanwhile', async () => {
    writeUserServers({ guarded: protectedServer() });
    const service = admin();
    const events = await startLogin(service, 'guarded');
    const open = await openEvent(events);

    await expect(service.login({ name: 'guarded' }, new AbortController().signal)).rejects.toMatchObject({
      code: 'LOGIN_IN_PROGRESS',
      message: 'A sign-in to "guarded" is already running: finish or cancel it first.',
    });
    // The browser elsewhere got as far as the redirect, which it could not follow.
    const redirect = (await fetch(open.url, { redirect: 'manual' })).headers.get('location') ?? '';
    const callback = new URL(redirect);
    const elsewhere = new URL(redirect);
    elsewhere.port = String(Number(callback.port) + 1);
    await expect(
      service.loginPaste({ loginId: open.loginId, redirectUrl: elsewhere.href }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: `redirectUrl is not this sign-in's callback: it goes to port ${callback.port}, path /callback`,
    });

    await expect(service.loginPaste({ loginId: open.loginId, redirectUrl: redirect })).resolves.toEqual({
      ok: true,
      message: 'The redirect URL was handed to the waiting sign-in.',
    });
    expect((await events.next()).value).toMatchObject({ state: 'done', ok: true });
    expect((await service.list()).servers[0]?.auth).toBe('signed-in');
    await expect(service.loginPaste({ loginId: open.loginId, redirectUrl: redirect })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'No sign-in with that id is waiting for its redirect.',
    });
  });

  it('stops a sign-in not finished in time and leaves no process behind', async () => {
    writeUserServers({ guarded: protectedServer() });
    const events = await startLogin(admin({ loginTimeoutMs: 1_500 }), 'guarded');
    await openEvent(events);
    expect(worldProcesses()).not.toEqual([]);
    expect((await events.next()).value).toEqual({
      state: 'done',
      ok: false,
      message: 'Sign-in to "guarded" was not finished within 1.5 s and was stopped.',
    });
    await expectNoWorldProcess();
  });

  it('kills the sign-in when its subscriber goes away, and when its signal aborts', async () => {
    writeUserServers({ guarded: protectedServer() });
    const service = admin();
    const events = await startLogin(service, 'guarded');
    await openEvent(events);
    expect(worldProcesses()).not.toEqual([]);
    await events.return?.();
    await expectNoWorldProcess();

    const stop = new AbortController();
    const again = await startLogin(service, 'guarded', stop.signal);
    await openEvent(again);
    stop.abort();
    expect((await again.next()).value).toEqual({
      state: 'done',
      ok: false,
      message: 'Sign-in to "guarded" was stopped.',
    });
    await expectNoWorldProcess();
  });

  it('says a stored token expired when the server refuses it', async () => {
    await remote.stop();
    remote = await startRemoteMcpServer({ oauth: { tokenLifetimeS: 1 } });
    writeUserServers({ guarded: protectedServer() });
    const service = admin();
    const events = await startLogin(service, 'guarded');
    await playBrowser((await openEvent(events)).url);
    expect((await events.next()).value).toMatchObject({ state: 'done', ok: true });
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    const result = await service.check({ name: 'guarded', scope: 'user' });
    expect(result.status).toBe('needs-auth');
    expect(result.error).toMatch(
      /^The server answered 401 Unauthorized: it needs authentication \(sign in, or the headers it expects\)\. The stored access token expired at \d{4}-\d\d-\d\dT[\d:.]+Z \(Claude Code refreshes it when it connects; else sign in again\)\.$/,
    );
  });
});

describe('which sign-in, how many, and until when', () => {
  it('without a scope signs in to and out of the entry Claude Code loads, never a pending .mcp.json or a disabled local row of that name', async () => {
    writeUserServers({ guarded: protectedServer() });
    writeFileSync(
      join(world.projectDir, '.mcp.json'),
      JSON.stringify({ mcpServers: { guarded: { type: 'http', url: 'http://127.0.0.1:9/team' } } }),
    );
    const service = admin();
    await service.add({ name: 'guarded', scope: 'local', transport: 'http', url: 'http://127.0.0.1:9/mine' });
    await service.disable({ name: 'guarded', scope: 'local' });
    const statuses = async () =>
      (await service.list()).servers.map(({ scope, status, auth }) => ({ scope, status, auth }));
    expect(await statuses()).toEqual([
      { scope: 'local', status: 'disabled', auth: undefined },
      { scope: 'project', status: 'pending', auth: 'signed-out' },
      { scope: 'user', status: 'active', auth: 'signed-out' },
    ]);

    const events = await startLogin(service, 'guarded');
    const open = await openEvent(events);
    expect(new URL(open.url).origin).toBe(remote.origin);
    // The same token slot as the user-scope entry's: a second sign-in to it waits its turn.
    await expect(
      service.login({ name: 'guarded', scope: 'user' }, new AbortController().signal),
    ).rejects.toEqual(
      new McpCoreError(
        'LOGIN_IN_PROGRESS',
        'A sign-in to "guarded" is already running: finish or cancel it first.',
      ),
    );
    await playBrowser(open.url);
    expect((await events.next()).value).toMatchObject({ state: 'done', ok: true });
    expect((await statuses()).map(({ auth }) => auth)).toEqual([undefined, 'signed-out', 'signed-in']);

    await service.logout({ name: 'guarded' });
    expect((await statuses()).map(({ auth }) => auth)).toEqual([undefined, 'signed-out', 'signed-out']);
  });

  it('refuses a fifth sign-in at once (TOO_MANY_SIGN_INS) before the CLI starts, and takes it once one ends', async () => {
    const names = ['one', 'two', 'three', 'four', 'five'];
    // A header each: five token slots.
    writeUserServers(
      Object.fromEntries(names.map((name) => [name, { ...protectedServer(), headers: { 'X-Team': name } }])),
    );
    const service = admin();
    const running = await Promise.all(
      names.slice(0, 4).map(async (name) => {
        const events = await startLogin(service, name);
        await openEvent(events);
        return events;
      }),
    );
    const processes = worldProcesses().length;

    await expect(service.login({ name: 'five' }, new AbortController().signal)).rejects.toEqual(
      new McpCoreError(
        'TOO_MANY_SIGN_INS',
        '4 sign-ins are running already, the most at once: finish or cancel one first.',
      ),
    );
    expect(worldProcesses()).toHaveLength(processes);

    await running[0]?.return?.();
    const fifth = await startLogin(service, 'five');
    await openEvent(fifth);
    for (const events of [...running.slice(1), fifth]) await events.return?.();
    await expectNoWorldProcess();
  });

  it('close() stops the running sign-ins and checks itself, leaving no process, and starts no more', async () => {
    writeUserServers({
      guarded: protectedServer(),
      // Never answers initialize: its check would run for a minute.
      silent: { command: 'node', args: ['-e', 'setInterval(() => {}, 1000)'] },
    });
    const service = admin();
    const events = await startLogin(service, 'guarded');
    await openEvent(events);
    // Its outcome taken at once: it settles while close() runs.
    const check = service
      .check({ name: 'silent', scope: 'user', timeoutMs: 60_000 })
      .catch((error: unknown) => error);
    const everyProcess = () => processesWithEnvironment(`HOME=${world.configDir}`);
    await vi.waitFor(
      () => {
        expect(everyProcess().length).toBeGreaterThan(worldProcesses().length);
      },
      { timeout: 10_000, interval: 50 },
    );

    await service.close();
    expect((await events.next()).value).toEqual({
      state: 'done',
      ok: false,
      message: 'MCP Admin is shutting down: the sign-in was stopped.',
    });
    expect(await check).toEqual(
      new McpCoreError('QUEUE_FULL', 'MCP Admin is shutting down: the check was stopped.'),
    );
    await vi.waitFor(
      () => {
        expect(everyProcess()).toEqual([]);
      },
      { timeout: 5_000, interval: 20 },
    );
    await expect(service.login({ name: 'guarded' }, new AbortController().signal)).rejects.toEqual(
      new McpCoreError('QUEUE_FULL', 'MCP Admin is shutting down and starts no more sign-ins.'),
    );
    await expect(service.check({ name: 'silent', scope: 'user' })).rejects.toEqual(
      new McpCoreError('QUEUE_FULL', 'MCP Admin is shutting down and starts no more checks.'),
    );
  });
});

describe('auth', () => {
  it("follows Claude Code's token store: watched, keyed by name and entry, a refresh token enough, and left out where unreadable", async () => {
    const url = `${remote.origin}/mcp`;
    writeUserServers({
      guarded: protectedServer(),
      other: { type: 'http', url },
      local: { command: 'node' },
    });
    const service = admin();
    const stop = new AbortController();
    const changes = (await service.watch(undefined, stop.signal))[Symbol.asyncIterator]();
    const credentials = join(world.configDir, '.credentials.json');
    // `guarded` has a header: a token filed under its name but keyed without headers is not its own.
    // A refresh token alone is a sign-in, as for Claude Code (it gets an access token with it).
    const key = (name: string, entry: unknown) =>
      `${name}|${createHash('sha256').update(JSON.stringify(entry)).digest('hex').slice(0, 16)}`;
    writeFileSync(
      credentials,
      JSON.stringify({
        mcpOAuth: {
          [key('other', { type: 'http', url, headers: {} })]: { serverName: 'other', refreshToken: 'r1' },
          [key('guarded', { type: 'http', url, headers: {} })]: { serverName: 'guarded', accessToken: 'a2' },
        },
      }),
    );
    expect((await changes.next()).value).toMatchObject({ file: credentials, exists: true });
    const auths = async () => (await service.list()).servers.map(({ name, auth }) => [name, auth]);
    await expect(auths()).resolves.toEqual([
      ['guarded', 'signed-out'],
      ['local', undefined],
      ['other', 'signed-in'],
    ]);

    writeFileSync(credentials, '{ not json');
    const listed = await service.list();
    expect(listed.servers.map(({ auth }) => auth)).toEqual([undefined, undefined, undefined]);
    expect(listed.problems).toEqual([
      { file: credentials, message: expect.stringContaining(credentials) as string },
    ]);
    stop.abort();
  });
});

describe('mcp.login refusals', () => {
  it('never passes on an authorization URL that is not http(s), and stops the CLI', async () => {
    writeUserServers({ guarded: protectedServer() });
    const events = await startLogin(admin({}, fixture('javascript-url-claude.sh')), 'guarded');
    expect((await events.next()).value).toEqual({
      state: 'done',
      ok: false,
      message:
        'The CLI printed an authorization address that is not http or https (javascript:); it was not opened.',
    });
    await expectNoWorldProcess();
  });

  it('refuses (412) to sign in to a .mcp.json server nobody approved, before the CLI starts', async () => {
    writeFileSync(
      join(world.projectDir, '.mcp.json'),
      JSON.stringify({ mcpServers: { team: protectedServer() } }),
    );
    const service = admin({}, fixture('javascript-url-claude.sh'));
    await expect(service.login({ name: 'team' }, new AbortController().signal)).rejects.toEqual(
      new McpCoreError(
        'NEEDS_CONFIRMATION',
        `Project server "team" from ${join(world.projectDir, '.mcp.json')} is not approved yet: Claude Code does not connect to it, so there is nothing to sign in to. Approve it in Claude Code first.`,
      ),
    );
    expect(worldProcesses()).toEqual([]);
  });

  it('refuses a stdio server, an unknown one and any under a managed config before the CLI starts', async () => {
    writeUserServers({ local: { command: 'node', args: [] }, guarded: protectedServer() });
    // The fixture would report a sign-in as done: a refusal comes before any spawn.
    const service = admin({}, fixture('javascript-url-claude.sh'));
    const signal = new AbortController().signal;
    await expect(service.login({ name: 'local' }, signal)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'name: "local" is a stdio server: only http and sse servers sign in with OAuth',
    });
    await expect(service.login({ name: 'nothing' }, signal)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'No MCP server named "nothing" in local, project or user scope.',
    });
    mkdirSync(world.managedDir);
    writeFileSync(join(world.managedDir, 'managed-mcp.json'), JSON.stringify({ mcpServers: {} }));
    await expect(service.login({ name: 'guarded' }, signal)).rejects.toMatchObject({
      code: 'MANAGED_CONFIG',
      message: `${join(world.managedDir, 'managed-mcp.json')} has exclusive control over MCP servers: Claude Code loads only its servers, so none can be added or removed here.`,
    });
    expect(worldProcesses()).toEqual([]);
  });
});
