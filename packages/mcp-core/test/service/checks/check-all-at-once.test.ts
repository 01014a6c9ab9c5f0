/**
 * How many checks start their server at once: all of them (up to 32), so servers that wait on the
 * network wait together, while a check slowed only by the others' CPU work is given back the time
 * its processes waited for a core (src/check/fair-deadline.ts), so it does not time out for it.
 * That the time given back is bounded (10 times the timeout) is proven in test/check/fair-deadline.test.ts.
 */
import { createTestWorld, MCP_SERVER_SCRIPTS, worldAdminOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { existsSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createMcpAdmin } from '../../../src/service/mcp-admin';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

function writeUserServers(servers: Record<string, unknown>) {
  writeFileSync(world.configPath, JSON.stringify({ mcpServers: servers, projects: {} }));
}

const names = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, n) => `${prefix}-${n + 1}`);

describe('checks at once', () => {
  it('starts every stdio server of a Check all before the first one answers (servers that wait cost no CPU)', async () => {
    const servers = names(20, 'waiting');
    const startedFile = (name: string) => join(world.plainDir, `${name}.started`);
    // No server can answer before this file exists: the old gate (2 starts at a time) would start 2
    // and wait for an answer that never comes. Written once all 20 started, whatever the machine's load.
    const answerOnce = join(world.plainDir, 'answer-once');
    writeUserServers(
      Object.fromEntries(
        servers.map((name) => [
          name,
          {
            command: process.execPath,
            args: [MCP_SERVER_SCRIPTS.answersAfterDelay],
            env: { ANSWER_ONCE_FILE: answerOnce, STARTED_FILE: startedFile(name) },
          },
        ]),
      ),
    );
    const admin = createMcpAdmin(worldAdminOptions(world));

    const statuses: string[] = [];
    const checking = (async () => {
      for await (const event of await admin.checkAll(undefined, new AbortController().signal)) {
        statuses.push(event.result.status);
      }
    })();
    const started = () => servers.filter((name) => existsSync(startedFile(name)));
    await vi.waitFor(() => {
      expect(started()).toEqual(servers);
    }, 20_000);
    expect(statuses).toEqual([]);
    writeFileSync(answerOnce, '');
    await checking;

    expect(statuses).toEqual(servers.map(() => 'ok'));
  });

  it('gives each check the time its server waited for a core: 4 servers per core, each needing 0.5 s of CPU, all answer within a 1 s timeout', async () => {
    const servers = names(Math.min(32, 4 * availableParallelism()), 'busy');
    writeUserServers(
      Object.fromEntries(
        servers.map((name) => [
          name,
          { command: process.execPath, args: [MCP_SERVER_SCRIPTS.busyStart], env: { CPU_MS: '500' } },
        ]),
      ),
    );
    const admin = createMcpAdmin(worldAdminOptions(world));

    const results = await Promise.all(
      servers.map((name) => admin.check({ name, scope: 'user', timeoutMs: 1000 })),
    );

    expect(results.map((result) => [result.status, result.error])).toEqual(
      servers.map(() => ['ok', undefined]),
    );
  });
});
