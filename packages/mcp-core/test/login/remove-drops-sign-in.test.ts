/**
 * Whether `claude mcp remove` drops a server's stored OAuth tokens: signed in through the real CLI
 * against the OAuth fixture server, then turned off for good (stash + remove) by MCP Admin, by a
 * profile applied, or edited (remove, then add-json); each answer says the sign-in was dropped.
 */
import {
  createTestWorld,
  FAKE_CLAUDE,
  startRemoteMcpServer,
  type RemoteMcpServer,
  type TestWorld,
} from '@mcp-admin/core/testing';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';

import type { LoginEvent } from '../../src/login';
import { adminInWorld } from '../support/world-admin';

let world: TestWorld | undefined;
let remote: RemoteMcpServer | undefined;

afterEach(async () => {
  await remote?.stop();
  world?.remove();
});

function storedSignInKeys(configDir: string): string[] {
  const store = JSON.parse(readFileSync(join(configDir, '.credentials.json'), 'utf8')) as {
    mcpOAuth?: Record<string, unknown>;
  };
  return Object.keys(store.mcpOAuth ?? {});
}

/** A world whose user server "guarded" (and, given, other user servers) is signed in through the real CLI. */
async function signedInAdmin(others: Record<string, unknown> = {}) {
  world = createTestWorld();
  remote = await startRemoteMcpServer({ oauth: { tokenLifetimeS: 3600 } });
  writeFileSync(
    world.configPath,
    JSON.stringify({ mcpServers: { guarded: { type: 'http', url: `${remote.origin}/mcp` }, ...others } }),
  );
  const admin = adminInWorld(world);
  const events = (await admin.login({ name: 'guarded' }, new AbortController().signal))[
    Symbol.asyncIterator
  ]();
  const open = (await events.next()).value as Extract<LoginEvent, { state: 'open' }>;
  expect((await fetch(open.url)).ok).toBe(true);
  expect((await events.next()).value).toMatchObject({ state: 'done', ok: true });
  expect(storedSignInKeys(world.configDir)).toHaveLength(1);
  return { admin, configDir: world.configDir, signedInWorld: world };
}

it('turning a signed-in server off for good drops its sign-in (claude mcp remove clears the tokens), and the answer says so', async () => {
  const { admin, configDir, signedInWorld } = await signedInAdmin();

  const disabled = await admin.disable({ name: 'guarded', scope: 'user' });
  expect(storedSignInKeys(configDir)).toEqual([]);
  expect(disabled.warning).toBe(
    'Claude Code forgot the sign-in of "guarded" when it was removed: sign in again after turning it back on.',
  );

  // On again through the verified fake CLI: the edit's test below shows a real add-json brings no token back.
  await adminInWorld(signedInWorld, FAKE_CLAUDE).enable({ name: 'guarded', scope: 'user' });
  expect((await admin.list()).servers.find(({ name }) => name === 'guarded')?.auth).toBe('signed-out');
});

it('applying a profile that turns a signed-in server off says in its warning that the sign-in was dropped', async () => {
  const { admin, configDir } = await signedInAdmin({
    plain: { type: 'stdio', command: 'node', args: [], env: {} },
  });
  await admin.saveProfile({ name: 'plain-only', servers: [{ name: 'plain', scope: 'user' }] });

  const applied = await admin.applyProfile({ name: 'plain-only' });

  expect({
    outcomes: applied.results.map(({ name, outcome }) => ({ name, outcome })),
    warning: applied.warning,
    keys: storedSignInKeys(configDir),
  }).toEqual({
    outcomes: [
      { name: 'plain', outcome: 'unchanged' },
      { name: 'guarded', outcome: 'off' },
    ],
    warning:
      'Claude Code forgot the sign-in of "guarded" when it was removed: sign in again after turning it back on.',
    keys: [],
  });
});

it('an edit of a signed-in server (remove, then add-json) drops its sign-in, and the answer says so', async () => {
  const { admin, configDir } = await signedInAdmin();

  const updated = await admin.update({
    name: 'guarded',
    scope: 'user',
    server: { headers: { 'X-Team': 'blue' } },
  });

  expect({ warning: updated.warning, keys: storedSignInKeys(configDir) }).toEqual({
    warning:
      'Claude Code forgot the sign-in of "guarded" when the edit removed it and added it back: sign in again.',
    keys: [],
  });
  expect((await admin.list()).servers.find(({ name }) => name === 'guarded')?.auth).toBe('signed-out');
});
