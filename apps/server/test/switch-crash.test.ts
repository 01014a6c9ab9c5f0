/**
 * The switch's two steps (stash, then CLI) with the server process really killed in between, then
 * started again on the same files: whatever the cut, the entry is whole in `.claude.json` or in the
 * stash, and the restarted server settles which. The subject is our recovery: the world's CLI is the fake.
 */
import { addJsonArgv, runCliAsAnotherTerminal, type TestWorld } from '@mcp-admin/core/testing';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished, vi } from 'vitest';

import { spawnMainProcess, type StartLine } from '../src/testing/main-process';

import { PATIENTLY, json, trpcMutation, trpcQuery, useTestWorld, worldEnv } from './support';

const CRASH_POINT_CLAUDE = fileURLToPath(new URL('fixtures/crash-point-claude.sh', import.meta.url));
const GATED_CLAUDE = fileURLToPath(
  new URL('../../../packages/mcp-core/test/fixtures/gated-name-claude.sh', import.meta.url),
);

const WEB = {
  type: 'http',
  url: 'https://example.test/mcp',
  headers: { Authorization: 'Bearer s3cret' },
  headersHelper: '/usr/local/bin/mcp-headers',
  oauth: { clientId: 'mcp-admin', callbackPort: 8765 },
  timeout: 20_000,
  alwaysLoad: true,
};

/** The built server (vitest.global-setup.ts), killed if a test leaves it running. */
function startMain(env: NodeJS.ProcessEnv) {
  const main = spawnMainProcess(env, { built: true });
  onTestFinished(() => {
    if (main.child.exitCode === null) main.child.kill('SIGKILL');
  });
  return main;
}

const stashPath = (world: TestWorld) => join(world.configDir, '.mcp-admin', 'disabled.json');
const stashed = (world: TestWorld) =>
  (
    JSON.parse(readFileSync(stashPath(world), 'utf8')) as { servers: { name: string; entry: unknown }[] }
  ).servers.map(({ name, entry }) => ({ name, entry }));
const userServers = (world: TestWorld) =>
  (JSON.parse(readFileSync(world.configPath, 'utf8')) as { mcpServers?: unknown }).mcpServers;

/**
 * A server whose CLI call `mcp <subcommand>` (of the server `name` when given) is held before or
 * after the real CLI runs it; `run` makes the calls, and once that one is held the server is
 * SIGKILLed, and the held call's group too.
 */
async function killedAt(
  world: TestWorld,
  subcommand: 'remove' | 'add-json',
  when: 'before' | 'after',
  run: (server: StartLine) => Promise<unknown>,
  name?: string,
) {
  const holdFile = join(world.plainDir, 'held.pid');
  const main = startMain(
    worldEnv(world, {
      CLAUDE_BIN: CRASH_POINT_CLAUDE,
      REAL_CLAUDE_BIN: world.claudeBin,
      HOLD_SUBCOMMAND: subcommand,
      HOLD_WHEN: when,
      HOLD_FILE: holdFile,
      ...(name === undefined ? {} : { HOLD_NAME: name }),
    }),
  );
  const calls = run(await main.started()).catch((error: unknown) => error);
  await vi.waitFor(() => {
    expect(existsSync(holdFile)).toBe(true);
  }, PATIENTLY);
  main.child.kill('SIGKILL');
  process.kill(-Number(readFileSync(holdFile, 'utf8')), 'SIGKILL');
  await main.exited;
  await calls;
}

/** The server started again on the world, with the world's CLI. */
async function restarted(world: TestWorld) {
  const main = startMain(worldEnv(world));
  return main.started();
}

async function statuses(server: StartLine) {
  const { result } = json(await trpcQuery(server, 'mcp.list', {})) as {
    result: { data: { servers: { name: string; status: string }[] } };
  };
  return result.data.servers.map(({ name, status }) => ({ name, status }));
}

const disableWeb = (server: StartLine) => trpcMutation(server, 'mcp.disable', { name: 'web', scope: 'user' });
const enableWeb = (server: StartLine) => trpcMutation(server, 'mcp.enable', { name: 'web', scope: 'user' });

/** The CLIs the lock's owner file names: those a killed MCP Admin leaves running. */
function lockHelpers(world: TestWorld): unknown[] {
  try {
    const owner = JSON.parse(readFileSync(join(world.configDir, '.mcp-admin', 'lock', 'owner'), 'utf8')) as {
      helpers?: unknown[];
    };
    return owner.helpers ?? [];
  } catch {
    return [];
  }
}

describe('a server killed inside a switch', () => {
  it('before the CLI removed a server being disabled: on restart it is on, whole, and no longer kept as disabled', async () => {
    const world = useTestWorld();
    await runCliAsAnotherTerminal(world, world.projectDir, addJsonArgv('web', 'user', WEB));
    const before = userServers(world);

    await killedAt(world, 'remove', 'before', disableWeb);
    // The cut left it in both places.
    expect({ stash: stashed(world), config: userServers(world) }).toEqual({
      stash: [{ name: 'web', entry: WEB }],
      config: before,
    });

    const server = await restarted(world);
    expect({ list: await statuses(server), stash: stashed(world), config: userServers(world) }).toEqual({
      list: [{ name: 'web', status: 'active' }],
      stash: [],
      config: before,
    });
  });

  it('after the CLI removed a server being disabled: on restart it is disabled, and enabling it brings it back whole', async () => {
    const world = useTestWorld();
    await runCliAsAnotherTerminal(world, world.projectDir, addJsonArgv('web', 'user', WEB));
    const before = userServers(world);

    await killedAt(world, 'remove', 'after', disableWeb);

    const server = await restarted(world);
    expect({ list: await statuses(server), stash: stashed(world), config: userServers(world) }).toEqual({
      list: [{ name: 'web', status: 'disabled' }],
      stash: [{ name: 'web', entry: WEB }],
      config: {},
    });
    expect((await enableWeb(server)).status).toBe(200);
    expect({ stash: stashed(world), config: userServers(world) }).toEqual({ stash: [], config: before });
  });

  it('after the CLI re-added a server being enabled: on restart it is on, whole, and no longer kept as disabled', async () => {
    const world = useTestWorld();
    await runCliAsAnotherTerminal(world, world.projectDir, addJsonArgv('web', 'user', WEB));
    const before = userServers(world);

    await killedAt(world, 'add-json', 'after', async (server) => {
      expect((await disableWeb(server)).status).toBe(200);
      return enableWeb(server);
    });
    expect({ stash: stashed(world), config: userServers(world) }).toEqual({
      stash: [{ name: 'web', entry: WEB }],
      config: before,
    });

    const server = await restarted(world);
    expect({ list: await statuses(server), stash: stashed(world), config: userServers(world) }).toEqual({
      list: [{ name: 'web', status: 'active' }],
      stash: [],
      config: before,
    });
  });
});

describe('a server killed inside a disable whose CLI remove still runs', () => {
  it('restarted at once: its start waits for that CLI before settling the stash, so the server stays disabled, whole in the stash', async () => {
    const world = useTestWorld();
    await runCliAsAnotherTerminal(world, world.projectDir, addJsonArgv('web', 'user', WEB));
    const gate = join(world.plainDir, 'gate');
    const main = startMain(
      worldEnv(world, {
        CLAUDE_BIN: GATED_CLAUDE,
        REAL_CLAUDE_BIN: world.claudeBin,
        GATED_NAME: 'web',
        GATE_FILE: gate,
      }),
    );
    const disabling = disableWeb(await main.started()).catch((error: unknown) => error);
    await vi.waitFor(() => {
      expect(existsSync(`${gate}.held`)).toBe(true);
    }, PATIENTLY);
    // The server names the CLI in the lock just after spawning it; the kill comes once it has (under
    // load the held CLI can run before that line, and a kill in between is a case this does not cover).
    await vi.waitFor(() => {
      expect(lockHelpers(world)).toHaveLength(1);
    }, PATIENTLY);
    // The server dies; its CLI, about to remove "web", lives on.
    main.child.kill('SIGKILL');
    await main.exited;
    await disabling;

    const again = startMain(worldEnv(world));
    const restarting = again.started();
    // Without waiting for that CLI, a restart settles the stash and listens within this time.
    const listenedFirst = await Promise.race([restarting.then(() => true), sleep(3_000).then(() => false)]);
    writeFileSync(gate, '');
    const server = await restarting;

    expect(listenedFirst).toBe(false);
    expect({ list: await statuses(server), stash: stashed(world), config: userServers(world) }).toEqual({
      list: [{ name: 'web', status: 'disabled' }],
      stash: [{ name: 'web', entry: WEB }],
      config: {},
    });
  });
});

describe('a server killed inside an edit', () => {
  it('between its remove and its add-json: the old entry was durable first, so on restart it is put back whole and the history says the edit was interrupted and put back', async () => {
    const world = useTestWorld();
    await runCliAsAnotherTerminal(world, world.projectDir, addJsonArgv('web', 'user', WEB));
    const before = userServers(world);

    await killedAt(world, 'add-json', 'before', (server) =>
      trpcMutation(server, 'mcp.update', {
        name: 'web',
        scope: 'user',
        server: { url: 'https://example.test/v2' },
      }),
    );
    // The cut left it in neither file: only the change's intent holds it.
    expect(userServers(world)).toEqual({});

    const server = await restarted(world);
    const { result } = json(await trpcQuery(server, 'mcp.history', {})) as {
      result: { data: { procedure: string; name: string; ok: boolean; interrupted?: string }[] };
    };
    expect({
      list: await statuses(server),
      config: userServers(world),
      history: result.data.map(({ procedure, name, ok, interrupted }) => ({
        procedure,
        name,
        ok,
        interrupted,
      })),
    }).toEqual({
      list: [{ name: 'web', status: 'active' }],
      config: before,
      history: [{ procedure: 'mcp.update', name: 'web', ok: false, interrupted: 'put back' }],
    });
  });
});

describe('a server killed inside a profile apply', () => {
  // "keep" stays on; applying the profile switches the three others off, in this order.
  const OTHERS = ['b', 'c', 'd'];
  const entryOf = (name: string) => ({
    type: 'http',
    url: `https://example.test/${name}`,
    headers: { Authorization: `Bearer ${name}` },
  });

  /** The servers written straight into the throwaway config: the subject is the apply's recovery, not the add. */
  function worldOfFour() {
    const world = useTestWorld();
    const config = existsSync(world.configPath)
      ? (JSON.parse(readFileSync(world.configPath, 'utf8')) as Record<string, unknown>)
      : {};
    const mcpServers = Object.fromEntries(['keep', ...OTHERS].map((name) => [name, entryOf(name)]));
    writeFileSync(world.configPath, JSON.stringify({ ...config, mcpServers }, null, 2));
    return world;
  }

  const applyOnlyKeep = async (server: StartLine) => {
    const saved = await trpcMutation(server, 'mcp.saveProfile', {
      name: 'only-keep',
      servers: [{ name: 'keep', scope: 'user' }],
    });
    expect(saved.status).toBe(200);
    return trpcMutation(server, 'mcp.applyProfile', { name: 'only-keep' });
  };

  /** After the restart: the apply is one interrupted record, completed; its undo puts every server back whole. */
  async function expectCompletedThenUndone(world: TestWorld, before: unknown) {
    const server = await restarted(world);
    const { result } = json(await trpcQuery(server, 'mcp.history', {})) as {
      result: { data: { id: string; procedure: string; name: string; interrupted?: string }[] };
    };
    expect({
      list: await statuses(server),
      config: Object.keys(userServers(world) as object),
      stash: stashed(world)
        .map(({ name }) => name)
        .sort(),
      history: result.data.map(({ procedure, name, interrupted }) => ({ procedure, name, interrupted })),
    }).toEqual({
      list: [...OTHERS.map((name) => ({ name, status: 'disabled' })), { name: 'keep', status: 'active' }],
      config: ['keep'],
      stash: OTHERS,
      history: [{ procedure: 'mcp.applyProfile', name: 'only-keep', interrupted: 'completed' }],
    });
    const [apply] = result.data;
    expect((await trpcMutation(server, 'mcp.undo', { id: apply?.id })).status).toBe(200);
    expect({ config: userServers(world), stash: stashed(world) }).toEqual({ config: before, stash: [] });
  }

  it('during its first switch (stash written, remove not run): on restart the apply is completed and recorded as interrupted, and its undo turns all three servers back on whole', async () => {
    const world = worldOfFour();
    const before = userServers(world);

    await killedAt(world, 'remove', 'before', applyOnlyKeep);
    // Cut in the first switch: nothing of the apply was in the history.
    expect(stashed(world).map(({ name }) => name)).toEqual(['b']);

    await expectCompletedThenUndone(world, before);
  });

  it('after its third switch landed, before it was recorded: on restart the apply is recorded as interrupted with all three switches, and its undo turns all three servers back on whole', async () => {
    const world = worldOfFour();
    const before = userServers(world);

    await killedAt(world, 'remove', 'after', applyOnlyKeep, 'd');
    // The third remove landed, and no record of the apply holds it.
    expect(Object.keys(userServers(world) as object)).toEqual(['keep']);

    await expectCompletedThenUndone(world, before);
  });
});
