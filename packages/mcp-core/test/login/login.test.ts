/**
 * OAuth sign-in through the real CLI (`claude mcp login` under a pseudo-terminal) against a local
 * authorization server and protected MCP endpoint: the sign-in, the pasted redirect, its time limit,
 * its end when nobody waits, an expired token. Shared steps: ../support/oauth-world.ts.
 */
import { startRemoteMcpServer } from '@mcp-admin/core/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

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
  storedTokens,
} from '../support/oauth-world';

const oauth = useOAuthWorld();

describe('mcp.login with the real CLI', () => {
  it('signs in: check needs-auth, the URL streamed, the redirect, then check ok with the protected tools, signed-in, and logout signs out', async () => {
    writeUserServers(oauth, { guarded: protectedServer(oauth) });
    const service = adminOf(oauth);
    const before = await service.check({ name: 'guarded', scope: 'user' });
    expect(before.status).toBe('needs-auth');
    expect((await service.list()).servers[0]?.auth).toBe('signed-out');

    const events = await startLogin(service, 'guarded');
    const open = await openEvent(events);
    expect(new URL(open.url).origin).toBe(oauth.remote.origin);
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
    const tokens = storedTokens(oauth);
    expect(tokens).toHaveLength(2);
    const logout = await service.logout({ name: 'guarded' });
    expect(logout).toEqual({
      ok: true,
      message: 'Signed out of "guarded". Run `claude mcp login guarded` to authenticate again.',
    });
    const audit = readFileSync(join(oauth.world.configDir, '.mcp-admin', 'audit.jsonl'), 'utf8');
    const answers = JSON.stringify([open, done.value, after, listed, logout]) + audit;
    for (const token of tokens) expect(answers).not.toContain(token);
    expect(audit).toContain('"procedure":"mcp.login"');

    expect((await service.list()).servers[0]?.auth).toBe('signed-out');
    expect((await service.check({ name: 'guarded', scope: 'user' })).status).toBe('needs-auth');
    await expectNoWorldProcess(oauth);
  });

  it('hands a pasted redirect URL to the waiting CLI, and refuses a second sign-in to the server meanwhile', async () => {
    writeUserServers(oauth, { guarded: protectedServer(oauth) });
    const service = adminOf(oauth);
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
    writeUserServers(oauth, { guarded: protectedServer(oauth) });
    // Long enough for the real CLI to open the sign-in on a busy machine (1.5 s was not, at a load of 5 to 12).
    const events = await startLogin(adminOf(oauth, { loginTimeoutMs: 4_000 }), 'guarded');
    await openEvent(events);
    expect(worldProcesses(oauth)).not.toEqual([]);
    expect((await events.next()).value).toEqual({
      state: 'done',
      ok: false,
      message: 'Sign-in to "guarded" was not finished within 4 s and was stopped.',
    });
    await expectNoWorldProcess(oauth);
  });

  it('kills the sign-in when its subscriber goes away, and when its signal aborts', async () => {
    writeUserServers(oauth, { guarded: protectedServer(oauth) });
    const service = adminOf(oauth);
    const events = await startLogin(service, 'guarded');
    await openEvent(events);
    expect(worldProcesses(oauth)).not.toEqual([]);
    await events.return?.();
    await expectNoWorldProcess(oauth);

    const stop = new AbortController();
    const again = await startLogin(service, 'guarded', stop.signal);
    await openEvent(again);
    stop.abort();
    expect((await again.next()).value).toEqual({
      state: 'done',
      ok: false,
      message: 'Sign-in to "guarded" was stopped.',
    });
    await expectNoWorldProcess(oauth);
  });

  it('says a stored token expired when the server refuses it', async () => {
    await oauth.remote.stop();
    oauth.remote = await startRemoteMcpServer({ oauth: { tokenLifetimeS: 1 } });
    writeUserServers(oauth, { guarded: protectedServer(oauth) });
    const service = adminOf(oauth);
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
