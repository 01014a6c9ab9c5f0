/**
 * Two MCP Admins on one config (issue 42, findings 3–6): what each one's answer says landed is
 * there afterwards. Both run in this process, but they share nothing but the config folder and
 * its lock file, as two `mcp-admin` started in two projects do.
 */
import { createTestWorld, FAKE_CLAUDE, worldAdminOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createMcpAdmin } from '../../../src/service/mcp-admin';
import type { McpAdmin } from '../../../src/service/mcp-admin';
import { createLastChecks } from '../../../src/service/checks/last-checks';
import { lastChecksPath } from '../../../src/config';
import type { Server } from '../../../src/config';
import { createOwnLock, ownLockPath } from '../../../src/own-lock';

const GATED_CLAUDE = join(import.meta.dirname, '..', '..', 'fixtures', 'gated-name-claude.sh');

let world: TestWorld;
let admins: McpAdmin[];
beforeEach(() => {
  world = createTestWorld({ claudeBin: FAKE_CLAUDE });
  admins = [];
});
afterEach(async () => {
  await Promise.all(admins.map((admin) => admin.close()));
  world.remove();
});

function startAdmin(overrides: Parameters<typeof worldAdminOptions>[1] = {}): McpAdmin {
  const admin = createMcpAdmin(worldAdminOptions(world, { logWarning: () => undefined, ...overrides }));
  admins.push(admin);
  return admin;
}

/** An MCP Admin whose CLI call naming `name` waits until `gate` exists (`gate`.held says it waits). */
function startGatedAdmin(name: string, gate: string): McpAdmin {
  return startAdmin({
    claudeBin: GATED_CLAUDE,
    spawnEnv: {
      ...worldAdminOptions(world).spawnEnv,
      REAL_CLAUDE_BIN: FAKE_CLAUDE,
      GATED_NAME: name,
      GATE_FILE: gate,
    },
  });
}

async function heldAt(gate: string): Promise<void> {
  while (!existsSync(`${gate}.held`)) await sleep(20);
}

const STDIO = (command: string) => ({
  type: 'stdio',
  command,
  args: [],
  env: { TOKEN: `${command}-secret` },
});

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

it('keeps all 40 deny rules that two MCP Admins answered for at once in settings.local.json', async () => {
  const [first, second] = [startAdmin(), startAdmin()];
  const servers = Array.from({ length: 40 }, (_, index) => `server${index}`);
  const answers = await Promise.all(
    servers.map((server, index) =>
      (index % 2 === 0 ? first : second).setPermission({ server, kind: 'deny', file: 'project-local' }),
    ),
  );

  expect(
    answers.map((answer, index) => answer.message.startsWith(`Denied mcp__${servers[index] ?? ''} in`)),
  ).toEqual(servers.map(() => true));
  const settings = readJson(join(world.projectDir, '.claude', 'settings.local.json'));
  const deny = (settings.permissions as { deny: string[] }).deny;
  expect([...deny].sort()).toEqual(servers.map((server) => `mcp__${server}`).sort());
});

it('keeps all 40 profiles that two MCP Admins answered "Saved profile" for at once', async () => {
  const [first, second] = [startAdmin(), startAdmin()];
  const names = Array.from({ length: 40 }, (_, index) => `profile${index}`);
  const answers = await Promise.all(
    names.map((name, index) => (index % 2 === 0 ? first : second).saveProfile({ name, servers: [] })),
  );

  expect(answers.map((answer) => answer.message.startsWith('Saved profile'))).toEqual(names.map(() => true));
  const kept = (await first.profiles()).map((profile) => profile.name);
  expect([...kept].sort()).toEqual([...names].sort());
});

it('keeps a server being disabled in the stash when a second MCP Admin starts and settles the stash in the middle of the disable', async () => {
  const gate = join(world.plainDir, 'gate');
  writeFileSync(
    world.configPath,
    JSON.stringify({
      mcpServers: { kept: { type: 'stdio', command: 'kept-cmd', args: [], env: { TOKEN: 's3cret' } } },
    }),
  );
  const first = startGatedAdmin('kept', gate);
  const disabled = first.disable({ name: 'kept', scope: 'user' });
  // The stash is written and the remove is held: the middle of the disable.
  await heldAt(gate);

  const second = startAdmin();
  const settled = second.settleDisabled();
  await sleep(300);
  writeFileSync(gate, '');
  await Promise.all([disabled, settled]);

  expect((await disabled).ok).toBe(true);
  expect(readJson(world.configPath).mcpServers).toEqual({});
  const stash = readJson(join(world.configDir, '.mcp-admin', 'disabled.json'));
  expect(stash.servers).toEqual([
    expect.objectContaining({
      scope: 'user',
      name: 'kept',
      entry: { type: 'stdio', command: 'kept-cmd', args: [], env: { TOKEN: 's3cret' } },
    }),
  ]);
});

it('keeps a server another MCP Admin disabled while this one enabled another: the stash is never written back from before the add', async () => {
  const gate = join(world.plainDir, 'gate');
  writeFileSync(
    world.configPath,
    JSON.stringify({ mcpServers: { on: STDIO('on-cmd'), off: STDIO('off-cmd') } }),
  );
  const first = startGatedAdmin('off', gate);
  const second = startAdmin();
  await second.disable({ name: 'off', scope: 'user' });

  const enabled = first.enable({ name: 'off', scope: 'user' });
  await heldAt(gate);
  const disabled = second.disable({ name: 'on', scope: 'user' });
  await sleep(300);
  writeFileSync(gate, '');
  const answers = await Promise.all([enabled, disabled]);

  expect(answers.map((answer) => answer.ok)).toEqual([true, true]);
  expect(readJson(world.configPath).mcpServers).toEqual({ off: STDIO('off-cmd') });
  const stash = readJson(join(world.configDir, '.mcp-admin', 'disabled.json'));
  expect(stash.servers).toEqual([
    expect.objectContaining({ scope: 'user', name: 'on', entry: STDIO('on-cmd') }),
  ]);
});

it('takes over a lock whose owner is gone (left untouched past its stale time) and makes the change', async () => {
  writeFileSync(world.configPath, JSON.stringify({ mcpServers: { gone: STDIO('gone-cmd') } }));
  const lockPath = ownLockPath(world.configPath);
  mkdirSync(lockPath, { recursive: true });
  const longAgo = new Date(Date.now() - 60_000);
  utimesSync(lockPath, longAgo, longAgo);

  const answer = await startAdmin().remove({ name: 'gone', scope: 'user' });

  expect(answer.ok).toBe(true);
  expect(readJson(world.configPath).mcpServers).toEqual({});
  expect(existsSync(lockPath)).toBe(false);
});

it('keeps the last checks two MCP Admins record at once, each over what the other wrote', async () => {
  const path = lastChecksPath(world.configPath);
  const writer = () =>
    createLastChecks(
      path,
      (error) => {
        throw error;
      },
      createOwnLock(world.configPath),
    );
  const [first, second] = [writer(), writer()];
  const server = (name: string): Server => ({
    name,
    scope: 'user',
    transport: 'stdio',
    command: `${name}-cmd`,
    status: 'active',
    statusReason: 'test',
  });
  const names = Array.from({ length: 20 }, (_, index) => `s${String(index)}`);

  await Promise.all(
    names.map((name, index) =>
      (index % 2 === 0 ? first : second).record(server(name), world.projectDir, {
        status: 'ok',
        latencyMs: 1,
      }),
    ),
  );

  const fresh = createLastChecks(path, () => undefined);
  const found = await Promise.all(names.map((name) => fresh.find(server(name), world.projectDir)));
  expect(found.map((check) => check?.status)).toEqual(names.map(() => 'ok'));
});

it('takes over at once a lock whose owner process has ended, though it was touched a moment ago', async () => {
  const lockPath = ownLockPath(world.configPath);
  mkdirSync(lockPath, { recursive: true });
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  writeFileSync(join(lockPath, 'owner'), JSON.stringify({ pid, startTime: 1 }));

  // Waiting a second for it, never the twenty a lock takes to go stale.
  const held = await createOwnLock(world.configPath, { waitMs: 1_000 }).hold(() =>
    Promise.resolve(JSON.parse(readFileSync(join(lockPath, 'owner'), 'utf8')) as unknown),
  );

  expect(held).toMatchObject({ pid: process.pid });
  expect(existsSync(lockPath)).toBe(false);
});

it('never takes a lock whose owner still runs: the change waits, then is refused with QUEUE_FULL', async () => {
  const lockPath = ownLockPath(world.configPath);
  mkdirSync(lockPath, { recursive: true });
  writeFileSync(join(lockPath, 'owner'), JSON.stringify({ pid: process.ppid, startTime: null }));

  const refused = await createOwnLock(world.configPath, { waitMs: 300 })
    .hold(() => Promise.resolve('ran'))
    .catch((error: unknown) => error);

  expect(refused).toMatchObject({ code: 'QUEUE_FULL' });
  expect(existsSync(join(lockPath, 'owner'))).toBe(true);
});

it('reads a lock owner that is a FIFO as no owner, without blocking on it: the change waits, then is refused with QUEUE_FULL', async () => {
  const lockPath = ownLockPath(world.configPath);
  mkdirSync(lockPath, { recursive: true });
  // A plain read of a FIFO with no writer never returns (this test's timeout).
  spawnSync('mkfifo', [join(lockPath, 'owner')]);

  const refused = await createOwnLock(world.configPath, { waitMs: 300 })
    .hold(() => Promise.resolve('ran'))
    .catch((error: unknown) => error);

  expect(refused).toMatchObject({ code: 'QUEUE_FULL' });
});
