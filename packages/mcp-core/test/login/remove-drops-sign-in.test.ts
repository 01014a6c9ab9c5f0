/**
 * Whether `claude mcp remove` drops a server's stored OAuth tokens: signed in through the real CLI
 * against the OAuth fixture server, then turned off for good (stash + remove) by MCP Admin.
 */
import {
  createTestWorld,
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

it('turning a signed-in server off for good drops its sign-in (claude mcp remove clears the tokens), and the answer says so', async () => {
  world = createTestWorld();
  remote = await startRemoteMcpServer({ oauth: { tokenLifetimeS: 3600 } });
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
  expect(storedSignInKeys(world.configDir)).toHaveLength(1);

  const disabled = await admin.disable({ name: 'guarded', scope: 'user' });
  expect(storedSignInKeys(world.configDir)).toEqual([]);
  expect(disabled.warning).toBe(
    'Claude Code forgot the sign-in of "guarded" when it was removed: sign in again after turning it back on.',
  );

  await admin.enable({ name: 'guarded', scope: 'user' });
  expect((await admin.list()).servers.find(({ name }) => name === 'guarded')?.auth).toBe('signed-out');
});
