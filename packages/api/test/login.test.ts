/** `mcp.login` and `mcp.logout` through `createCaller`, with the real CLI and a local OAuth server. */
import { processesWithEnvironment, startRemoteMcpServer } from '@mcp-admin/core/testing';
import type { RemoteMcpServer, TestWorld } from '@mcp-admin/core/testing';
import { writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { apiErrorOf, callerFor, PATIENTLY, REAL_CLI, useTestWorld } from './support';

let remote: RemoteMcpServer;
beforeEach(async () => {
  remote = await startRemoteMcpServer({ oauth: {} });
});
afterEach(async () => {
  await remote.stop();
});

function withProtectedServer(world: TestWorld) {
  writeFileSync(
    world.configPath,
    JSON.stringify({ mcpServers: { guarded: { type: 'http', url: `${remote.origin}/mcp` } } }),
  );
}

const worldProcesses = (world: TestWorld) => processesWithEnvironment(`CLAUDE_CONFIG_DIR=${world.configDir}`);

describe('mcp.login through createCaller', () => {
  it('streams the authorization URL, ends ok once the browser was redirected, and mcp.logout signs out', async () => {
    const world = useTestWorld();
    withProtectedServer(world);
    const api = callerFor(world, { admin: REAL_CLI });
    const events = (await api.mcp.login({ name: 'guarded' }))[Symbol.asyncIterator]();
    const open = (await events.next()).value as { state: string; url: string };
    expect(open.state).toBe('open');
    await fetch(open.url);
    expect((await events.next()).value).toEqual({
      state: 'done',
      ok: true,
      message: 'Authenticated with "guarded". Its tools are now available in Claude Code.',
    });
    expect((await api.mcp.list()).servers.map(({ auth }) => auth)).toEqual(['signed-in']);
    await expect(api.mcp.check({ name: 'guarded', scope: 'user' })).resolves.toMatchObject({ status: 'ok' });
    await api.mcp.logout({ name: 'guarded', scope: 'user' });
    expect((await api.mcp.list()).servers.map(({ auth }) => auth)).toEqual(['signed-out']);
  });

  it('refuses a second sign-in to the server while one runs with 409, and stops the first when the server closes', async () => {
    const world = useTestWorld();
    withProtectedServer(world);
    const closing = new AbortController();
    const api = callerFor(world, { admin: REAL_CLI, closing: closing.signal });
    const events = (await api.mcp.login({ name: 'guarded' }))[Symbol.asyncIterator]();
    expect((await events.next()).value).toMatchObject({ state: 'open' });

    await expect(apiErrorOf(api.mcp.login({ name: 'guarded' }))).resolves.toEqual({
      code: 'CONFLICT',
      message: 'A sign-in to "guarded" is already running: finish or cancel it first.',
      coreCode: 'LOGIN_IN_PROGRESS',
    });
    closing.abort();
    expect((await events.next()).value).toEqual({
      state: 'done',
      ok: false,
      message: 'Sign-in to "guarded" was stopped.',
    });
    await vi.waitFor(() => {
      expect(worldProcesses(world)).toEqual([]);
    }, PATIENTLY);
  });
});
