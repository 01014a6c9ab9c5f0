/**
 * Which entry a sign-in is for, how many run at once, and until when (close() stops them), through
 * the real CLI against a local OAuth server (../support/oauth-world.ts).
 */
import { FAKE_CLAUDE, processesWithEnvironment } from '@mcp-admin/core/testing';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

import { McpCoreError } from '../../src/errors';
import {
  useOAuthWorld,
  writeUserServers,
  protectedServer,
  adminOf,
  startLogin,
  openEvent,
  playBrowser,
  worldProcesses,
  expectNoWorldProcess,
} from '../support/oauth-world';

const oauth = useOAuthWorld();

describe('which sign-in, how many, and until when', () => {
  it('without a scope signs in to and out of the entry Claude Code loads, never a pending .mcp.json or a disabled local row of that name', async () => {
    writeUserServers(oauth, { guarded: protectedServer(oauth) });
    writeFileSync(
      join(oauth.world.projectDir, '.mcp.json'),
      JSON.stringify({ mcpServers: { guarded: { type: 'http', url: 'http://127.0.0.1:9/team' } } }),
    );
    // The disabled local row is made through the verified fake CLI: how it got there is not the subject.
    const seeding = adminOf(oauth, {}, FAKE_CLAUDE);
    await seeding.add({ name: 'guarded', scope: 'local', transport: 'http', url: 'http://127.0.0.1:9/mine' });
    await seeding.disable({ name: 'guarded', scope: 'local' });
    await seeding.close();
    const service = adminOf(oauth);
    const statuses = async () =>
      (await service.list()).servers.map(({ scope, status, auth }) => ({ scope, status, auth }));
    expect(await statuses()).toEqual([
      { scope: 'local', status: 'disabled', auth: undefined },
      { scope: 'project', status: 'pending', auth: 'signed-out' },
      { scope: 'user', status: 'active', auth: 'signed-out' },
    ]);

    const events = await startLogin(service, 'guarded');
    const open = await openEvent(events);
    expect(new URL(open.url).origin).toBe(oauth.remote.origin);
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
      oauth,
      Object.fromEntries(
        names.map((name) => [name, { ...protectedServer(oauth), headers: { 'X-Team': name } }]),
      ),
    );
    const service = adminOf(oauth);
    const running = await Promise.all(
      names.slice(0, 4).map(async (name) => {
        const events = await startLogin(service, name);
        await openEvent(events);
        return events;
      }),
    );
    const processes = worldProcesses(oauth).length;

    await expect(service.login({ name: 'five' }, new AbortController().signal)).rejects.toEqual(
      new McpCoreError(
        'TOO_MANY_SIGN_INS',
        '4 sign-ins are running already, the most at once: finish or cancel one first.',
      ),
    );
    expect(worldProcesses(oauth)).toHaveLength(processes);

    await running[0]?.return?.();
    const fifth = await startLogin(service, 'five');
    await openEvent(fifth);
    for (const events of [...running.slice(1), fifth]) await events.return?.();
    await expectNoWorldProcess(oauth);
  });

  it('close() stops the running sign-ins and checks itself, leaving no process, and starts no more', async () => {
    writeUserServers(oauth, {
      guarded: protectedServer(oauth),
      // Never answers initialize: its check would run for a minute.
      silent: { command: 'node', args: ['-e', 'setInterval(() => {}, 1000)'] },
    });
    const service = adminOf(oauth);
    const events = await startLogin(service, 'guarded');
    await openEvent(events);
    // Its outcome taken at once: it settles while close() runs.
    const check = service
      .check({ name: 'silent', scope: 'user', timeoutMs: 60_000 })
      .catch((error: unknown) => error);
    const everyProcess = () => processesWithEnvironment(`HOME=${oauth.world.configDir}`);
    await vi.waitFor(
      () => {
        expect(everyProcess().length).toBeGreaterThan(worldProcesses(oauth).length);
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
