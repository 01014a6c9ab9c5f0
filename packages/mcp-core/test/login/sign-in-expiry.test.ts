/**
 * When a sign-in expires, from Claude Code's own token store, and what Claude Code does with the
 * refresh token when it connects: signed in through the real CLI against the OAuth fixture server.
 */
import {
  createTestWorld,
  runCliAsAnotherTerminal,
  startRemoteMcpServer,
  type RemoteMcpServer,
  type TestWorld,
} from '@mcp-admin/core/testing';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';

import type { LoginEvent } from '../../src/login';
import { adminInWorld } from '../support/world-admin';

let world: TestWorld | undefined;
let remote: RemoteMcpServer | undefined;

afterEach(async () => {
  await remote?.stop();
  world?.remove();
});

interface StoredSignIn {
  accessToken: string;
  expiresAt: number;
}

function storedSignIn(configDir: string): StoredSignIn {
  const store = JSON.parse(readFileSync(join(configDir, '.credentials.json'), 'utf8')) as {
    mcpOAuth: Record<string, StoredSignIn>;
  };
  const [entry] = Object.values(store.mcpOAuth);
  if (entry === undefined) throw new Error('no sign-in stored');
  return entry;
}

/** A signed-in user-scope http server `guarded` on an OAuth server whose tokens live `lifetimeS`. */
async function signedIn(lifetimeS: number) {
  world = createTestWorld();
  remote = await startRemoteMcpServer({ oauth: { tokenLifetimeS: lifetimeS } });
  writeFileSync(
    world.configPath,
    JSON.stringify({ mcpServers: { guarded: { type: 'http', url: `${remote.origin}/mcp` } } }),
  );
  const admin = adminInWorld(world);
  const events = (await admin.login({ name: 'guarded' }, new AbortController().signal))[
    Symbol.asyncIterator
  ]();
  const open = (await events.next()).value as Extract<LoginEvent, { state: 'open' }>;
  expect((await fetch(open.url)).ok).toBe(true);
  expect((await events.next()).value).toMatchObject({ state: 'done', ok: true });
  return { admin, world };
}

it('lists when a sign-in expires, as the token store says, and never a token', async () => {
  const before = Date.now();
  const { admin, world } = await signedIn(3600);
  const stored = storedSignIn(world.configDir);
  expect(stored.expiresAt).toBeGreaterThanOrEqual(before + 3_590_000);

  const listed = await admin.list({ reveal: true });
  expect(listed.servers[0]).toMatchObject({
    name: 'guarded',
    auth: 'signed-in',
    authExpiresAt: stored.expiresAt,
    authRefreshable: true,
  });
  expect(JSON.stringify(listed)).not.toContain(stored.accessToken);
});

it('Claude Code uses the refresh token when it connects past expiry: a new token and a later expiry are stored', async () => {
  const { admin, world } = await signedIn(2);
  const first = storedSignIn(world.configDir);
  await delay(Math.max(0, first.expiresAt - Date.now()) + 500);
  expect((await admin.list()).servers[0]?.authExpiresAt).toBeLessThan(Date.now());

  const report = await runCliAsAnotherTerminal(world, world.projectDir, ['mcp', 'get', 'guarded']);
  expect(report).toContain('Connected');
  const refreshed = storedSignIn(world.configDir);
  expect(refreshed.accessToken).not.toBe(first.accessToken);
  expect(refreshed.expiresAt).toBeGreaterThan(first.expiresAt);
  expect((await admin.list()).servers[0]?.authExpiresAt).toBe(refreshed.expiresAt);
});
