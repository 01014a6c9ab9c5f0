/** The typed client against the real server; the CLI is the fake (the real one for the sign-in). */
import { createTestWorld, FAKE_CLAUDE, startRemoteMcpServer } from '@mcp-admin/core/testing';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, onTestFinished } from 'vitest';

import type { AppRouter } from '../src';
import { createMcpAdminClient } from '../src';
import { serverIn } from './support';

describe('createMcpAdminClient', () => {
  it('adds, lists and removes a server', async () => {
    const world = createTestWorld({ claudeBin: FAKE_CLAUDE });
    const server = await serverIn(world);
    const client = createMcpAdminClient({ url: server.url, token: server.token });

    const added = await client.mcp.add.mutate({
      name: 'docs',
      scope: 'local',
      url: 'https://example.test/mcp',
      headers: { 'X-Api-Key': 'k3y' },
    });
    const listed = await client.mcp.list.query({ reveal: true });
    const removed = await client.mcp.remove.mutate({ name: 'docs' });

    expect(added).toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: 'Added http MCP server docs to local config',
    });
    expect(listed).toEqual({
      configPath: world.configPath,
      projectPath: world.projectDir,
      servers: [
        {
          name: 'docs',
          scope: 'local',
          transport: 'http',
          auth: 'signed-out',
          url: 'https://example.test/mcp',
          headers: { 'X-Api-Key': 'k3y' },
          source: world.configPath,
          status: 'active',
          statusReason: `"docs" is in projects[${JSON.stringify(world.projectDir)}].mcpServers of ${world.configPath}.`,
        },
      ],
      problems: [],
    });
    expect(removed).toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Removed MCP server docs from local config\nFile modified: ${world.configPath} [project: ${world.projectDir}]`,
    });
    await expect(client.mcp.list.query()).resolves.toEqual({
      configPath: world.configPath,
      projectPath: world.projectDir,
      servers: [],
      problems: [],
    });
  });

  it('follows mcp.events: a change made through the API arrives as an event', async () => {
    const world = createTestWorld({ claudeBin: FAKE_CLAUDE });
    const server = await serverIn(world);
    const client = createMcpAdminClient({ url: server.url, token: server.token });
    const started = withResolvers<undefined>();
    const firstEvent = withResolvers<unknown>();
    const subscription = client.mcp.events.subscribe(
      {},
      {
        onStarted: () => {
          started.resolve(undefined);
        },
        onData: firstEvent.resolve,
        onError: firstEvent.resolve,
      },
    );
    onTestFinished(() => {
      subscription.unsubscribe();
    });

    await started.promise;
    await client.mcp.add.mutate({ name: 'docs', scope: 'user', command: 'node' });

    const anyId: unknown = expect.any(String);
    await expect(firstEvent.promise).resolves.toEqual({
      id: anyId,
      data: { file: world.configPath, exists: true },
    });
  });

  it('signs in through the mcp.login subscription and mcp.loginPaste, and out through mcp.logout', async () => {
    const remote = await startRemoteMcpServer({ oauth: {} });
    onTestFinished(() => remote.stop());
    const world = createTestWorld();
    writeFileSync(
      world.configPath,
      JSON.stringify({ mcpServers: { guarded: { type: 'http', url: `${remote.origin}/mcp` } } }),
    );
    const server = await serverIn(world);
    const client = createMcpAdminClient({ url: server.url, token: server.token });
    const done = withResolvers<unknown>();
    const subscription = client.mcp.login.subscribe(
      { name: 'guarded' },
      {
        onData: (event) => {
          if (event.state === 'done') done.resolve(event);
          else void handBack(event.loginId, event.url);
        },
        onError: done.resolve,
      },
    );
    onTestFinished(() => {
      subscription.unsubscribe();
    });
    // The browser elsewhere ends on the callback it cannot load; its URL comes back as pasted.
    const handBack = async (loginId: string, url: string) => {
      const redirectUrl = (await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '';
      await client.mcp.loginPaste.mutate({ loginId, redirectUrl });
    };

    await expect(done.promise).resolves.toEqual({
      state: 'done',
      ok: true,
      message: 'Authenticated with "guarded". Its tools are now available in Claude Code.',
    });
    expect((await client.mcp.list.query({})).servers[0]?.auth).toBe('signed-in');
    await client.mcp.logout.mutate({ name: 'guarded' });
    expect((await client.mcp.list.query({})).servers[0]?.auth).toBe('signed-out');
  });

  it('edits a server, lists the change in the history and undoes it', async () => {
    const world = createTestWorld({ claudeBin: FAKE_CLAUDE });
    const server = await serverIn(world);
    const client = createMcpAdminClient({ url: server.url, token: server.token });
    await client.mcp.add.mutate({ name: 'files', scope: 'user', command: 'node', args: ['old.js'] });

    await client.mcp.update.mutate({ name: 'files', scope: 'user', server: { args: ['new.js'] } });
    const [edit] = await client.mcp.history.query({ limit: 1 });
    await client.mcp.undo.mutate({ id: edit?.id ?? '' });

    expect(edit).toMatchObject({
      procedure: 'mcp.update',
      name: 'files',
      scope: 'user',
      ok: true,
      undoable: true,
    });
    const { servers } = await client.mcp.list.query();
    expect(servers.map(({ name, args }) => ({ name, args }))).toEqual([{ name: 'files', args: ['old.js'] }]);
  });

  it('surfaces API errors with their code and status', async () => {
    const server = await serverIn(createTestWorld({ claudeBin: FAKE_CLAUDE }));
    const client = createMcpAdminClient({ url: server.url, token: server.token });
    const signedOut = createMcpAdminClient({ url: server.url, token: 'wrong' });

    const invalid = await client.mcp.add
      .mutate({ name: '-x', scope: 'user', command: 'node' })
      .catch(errorOf);
    const unauthorized = await signedOut.mcp.list.query().catch(errorOf);

    expect([invalid, unauthorized]).toEqual([
      { message: 'name: name may not start with "-"', code: 'BAD_REQUEST', httpStatus: 400 },
      {
        message:
          'not signed in: open the address MCP Admin printed at start, or send "Authorization: Bearer <token>"',
        code: 'UNAUTHORIZED',
        httpStatus: 401,
      },
    ]);
  });
});

// Promise.withResolvers arrives in Node 22.
function withResolvers<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

function errorOf(error: unknown) {
  if (!(error instanceof TRPCClientError)) throw error;
  const { data } = error as TRPCClientError<AppRouter>;
  return { message: error.message, code: data?.code, httpStatus: data?.httpStatus };
}

describe('Claude Code logs through the typed client', () => {
  it("mcp.logs reads a server's log sessions where Claude Code keeps them, its secret values redacted", async () => {
    const world = createTestWorld({ claudeBin: FAKE_CLAUDE });
    const server = await serverIn(world);
    const client = createMcpAdminClient({ url: server.url, token: server.token });
    await client.mcp.add.mutate({
      name: 'db',
      scope: 'user',
      command: 'db-mcp',
      env: { DB_PASSWORD: 'hunter2-x' },
    });
    const home = process.env.HOME ?? '';
    const dir = join(
      home,
      '.cache',
      'claude-cli-nodejs',
      world.projectDir.replace(/[^a-zA-Z0-9]/g, '-'),
      'mcp-logs-db',
    );
    mkdirSync(dir, { recursive: true });
    onTestFinished(() => {
      rmSync(dir, { recursive: true, force: true });
    });
    const line = {
      error: 'Connection failed: password hunter2-x refused',
      timestamp: '2026-12-01T10:00:00.001Z',
    };
    writeFileSync(join(dir, '2026-12-01T10-00-00-000Z.jsonl'), `${JSON.stringify(line)}\n`);

    await expect(client.mcp.logs.query({ name: 'db' })).resolves.toEqual([
      {
        file: join(dir, '2026-12-01T10-00-00-000Z.jsonl'),
        time: '2026-12-01T10:00:00.000Z',
        lines: [{ time: line.timestamp, level: 'error', text: 'Connection failed: password •••••• refused' }],
        truncated: false,
      },
    ]);
  });
});

describe('profiles through the typed client', () => {
  it('saves a profile from the servers on now, lists it, applies another, undoes the apply and deletes both', async () => {
    const world = createTestWorld({ claudeBin: FAKE_CLAUDE });
    const server = await serverIn(world);
    const client = createMcpAdminClient({ url: server.url, token: server.token });
    await client.mcp.add.mutate({ name: 'alpha', scope: 'user', command: 'node', args: ['a.js'] });
    await client.mcp.add.mutate({ name: 'beta', scope: 'user', command: 'node', args: ['b.js'] });

    const saved = await client.mcp.saveProfile.mutate({ name: 'everything' });
    await client.mcp.saveProfile.mutate({ name: 'only-beta', servers: [{ name: 'beta', scope: 'user' }] });
    const listed = await client.mcp.profiles.query();
    const applied = await client.mcp.applyProfile.mutate({ name: 'only-beta' });
    const afterApply = (await client.mcp.list.query()).servers.map(({ name, status }) => ({ name, status }));
    const [change] = await client.mcp.history.query({ limit: 1 });
    await client.mcp.undo.mutate({ id: change?.id ?? '' });
    const afterUndo = (await client.mcp.list.query()).servers.map(({ name, status }) => ({ name, status }));
    await client.mcp.deleteProfile.mutate({ name: 'everything' });
    await client.mcp.deleteProfile.mutate({ name: 'only-beta' });

    expect({ saved, listed, applied, afterApply, change: change?.procedure, afterUndo }).toEqual({
      saved: {
        ok: true,
        message: `Saved profile "everything" with 2 servers in ${join(world.configDir, '.mcp-admin', 'profiles.json')}.`,
      },
      listed: [
        {
          name: 'everything',
          servers: [
            { name: 'alpha', scope: 'user' },
            { name: 'beta', scope: 'user' },
          ],
          active: true,
        },
        { name: 'only-beta', servers: [{ name: 'beta', scope: 'user' }], active: false },
      ],
      applied: {
        ok: true,
        changeId: expect.any(String) as unknown,
        message: 'Applied profile "only-beta": 1 switched off, 1 unchanged.',
        results: [
          { name: 'beta', scope: 'user', outcome: 'unchanged' },
          { name: 'alpha', scope: 'user', outcome: 'off', message: expect.any(String) as unknown },
        ],
      },
      afterApply: [
        { name: 'alpha', status: 'disabled' },
        { name: 'beta', status: 'active' },
      ],
      change: 'mcp.applyProfile',
      afterUndo: [
        { name: 'alpha', status: 'active' },
        { name: 'beta', status: 'active' },
      ],
    });
    await expect(client.mcp.profiles.query()).resolves.toEqual([]);
  });

  it('refuses a bad profile name with a 400 naming the field', async () => {
    const server = await serverIn(createTestWorld({ claudeBin: FAKE_CLAUDE }));
    const client = createMcpAdminClient({ url: server.url, token: server.token });

    await expect(client.mcp.applyProfile.mutate({ name: 'a b' }).catch(errorOf)).resolves.toEqual({
      message: 'name: name may only contain letters, digits, "_" and "-"',
      code: 'BAD_REQUEST',
      httpStatus: 400,
    });
  });
});
