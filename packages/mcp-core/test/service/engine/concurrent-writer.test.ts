import { createTestWorld, PINNED_CLAUDE_BIN, worldAdminOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createMcpAdmin } from '../../../src/service/mcp-admin';

const fixture = (name: string) => join(import.meta.dirname, '..', '..', 'fixtures', name);

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

it('loses nothing and reports no failure while .claude.json is rewritten every few ms, by rename and in place', async () => {
  const mutex = join(world.plainDir, 'config.mutex');
  const stop = join(world.plainDir, 'stop');
  writeFileSync(world.configPath, '{"numStartups": 1}\n');
  const writer = spawn(process.execPath, [fixture('rewrite-like-claude-code.mjs')], {
    env: { ...process.env, CONFIG: world.configPath, MUTEX: mutex, STOP: stop },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const rewrites = once(writer.stdout, 'data') as Promise<[Buffer]>;
  const defaults = worldAdminOptions(world);
  const admin = createMcpAdmin({
    ...defaults,
    claudeBin: fixture('claude-holding-mutex.sh'),
    spawnEnv: { ...defaults.spawnEnv, REAL_CLAUDE_BIN: PINNED_CLAUDE_BIN, MUTEX: mutex },
  });

  // The panel keeps listing meanwhile.
  const listFailures: unknown[] = [];
  const stopListing = new AbortController();
  const lister = (async () => {
    while (!stopListing.signal.aborted) {
      await admin.list({ projectPath: world.nestedDir }).catch((error: unknown) => listFailures.push(error));
      await sleep(5);
    }
  })();
  const outcomes: unknown[] = [];
  try {
    for (const change of [
      () => admin.add({ name: 'u', scope: 'user', command: 'user-cmd' }),
      () => admin.add({ name: 'l', scope: 'local', command: 'local-cmd', projectPath: world.nestedDir }),
      () => admin.add({ name: 'p', scope: 'project', command: 'project-cmd' }),
      () => admin.add({ name: 'kept', scope: 'user', url: 'https://kept.example/mcp' }),
      () => admin.remove({ name: 'u', scope: 'user' }),
      () => admin.remove({ name: 'l', scope: 'local', projectPath: world.nestedDir }),
    ]) {
      outcomes.push(
        await change().then(
          ({ ok }) => ok,
          (error: unknown) => error,
        ),
      );
    }
  } finally {
    stopListing.abort();
    await lister;
    writeFileSync(stop, '');
    await once(writer, 'exit');
  }

  expect(outcomes).toEqual([true, true, true, true, true, true]);
  expect(listFailures).toEqual([]);
  expect(Number((await rewrites)[0].toString())).toBeGreaterThan(20);
  await expect(admin.list({ projectPath: world.nestedDir })).resolves.toEqual({
    configPath: world.configPath,
    projectPath: world.nestedDir,
    servers: [
      {
        name: 'p',
        scope: 'project',
        source: join(world.projectDir, '.mcp.json'),
        transport: 'stdio',
        command: 'project-cmd',
        args: [],
        env: {},
        approval: 'pending',
        status: 'pending',
        statusReason:
          '"p" is in no enabledMcpjsonServers or disabledMcpjsonServers of the settings files: run claude in the project to approve it.',
      },
      {
        name: 'kept',
        scope: 'user',
        source: world.configPath,
        transport: 'http',
        url: 'https://kept.example/mcp',
        auth: 'signed-out',
        status: 'active',
        statusReason: `"kept" is in mcpServers of ${world.configPath}.`,
      },
    ],
    problems: [],
  });
  const stored = JSON.parse(readFileSync(world.configPath, 'utf8')) as {
    numStartups: unknown;
    mcpServers: unknown;
    projects: Record<string, { mcpServers: unknown }>;
  };
  expect(stored.numStartups).toBe(1);
  expect(stored.mcpServers).toEqual({ kept: { type: 'http', url: 'https://kept.example/mcp' } });
  expect(stored.projects[world.projectDir]?.mcpServers).toEqual({});
});
