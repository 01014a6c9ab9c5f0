/** The one mutation queue behind every change, and the refusals made before it spawns anything. */
import { createTestWorld, FAKE_CLAUDE, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZodError } from 'zod';
import { McpCoreError } from '../../../src/errors';
import type { AddServerInput } from '../../../src/schemas';
import { adminInWorld, fixture, type AdminArgs } from '../../support/world-admin';
import { livingGroupMembers } from '../../support/process-group';

let world: TestWorld;
// Our code is the subject: the fake CLI (core/cli/fake-claude-contract.test.ts) stores what the real one would.
beforeEach(() => {
  world = createTestWorld({ claudeBin: FAKE_CLAUDE });
});
afterEach(() => {
  world.remove();
});

function adminFor(...args: AdminArgs) {
  return adminInWorld(world, ...args);
}

describe('the mutation queue in the service', () => {
  it('runs two dozen mutations fired at once one after another, in order of arrival', async () => {
    const log = join(world.plainDir, 'cli.log');
    const admin = adminFor(fixture('start-end-logging-claude.sh'), { CLI_LOG: log });
    const scopes = ['user', 'local', 'project'] as const;
    const names = Array.from({ length: 16 }, (_, i) => `s${String(i).padStart(2, '0')}`);
    const results = await Promise.all([
      ...names.map((name, i) =>
        admin.add({ name, scope: scopes[i % 3] ?? 'user', command: 'node', args: [name] }),
      ),
      ...names.slice(0, 8).map((name) => admin.remove({ name })),
    ]);
    expect(results.map((result) => result.ok)).toEqual(Array(24).fill(true));

    const lines = readFileSync(log, 'utf8').trimEnd().split('\n');
    const pids = lines.filter((line) => line.startsWith('start ')).map((line) => line.slice('start '.length));
    expect(new Set(pids).size).toBe(24);
    expect(lines).toEqual(pids.flatMap((pid) => [`start ${pid}`, `end ${pid}`]));
    const { servers } = await admin.list();
    expect(servers.map((server) => server.name).sort()).toEqual(names.slice(8));
  });

  it('kills a hanging CLI with its whole process group, and the next call still runs', async () => {
    const pidFile = join(world.plainDir, 'hang.pid');
    // Waited out; long enough for the next call's fake CLI (a Node start) at a load of 8 on CI.
    const admin = adminFor(fixture('hanging-claude.sh'), { HANG_PID_FILE: pidFile }, { cliTimeoutMs: 2000 });
    const hanging = admin.add({ name: 'hang-1', scope: 'user', command: 'node' });
    const next = admin.add({ name: 'after', scope: 'user', command: 'node' });
    await expect(hanging).rejects.toEqual(
      new McpCoreError(
        'CLI_TIMEOUT',
        'The Claude CLI did not finish within 2000 ms and was stopped (MCP_ADMIN_CLI_TIMEOUT_MS sets the limit).',
      ),
    );
    const pgid = Number(readFileSync(pidFile, 'utf8'));
    await vi.waitFor(() => {
      expect(livingGroupMembers(pgid)).toEqual([]);
    });
    await expect(next).resolves.toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Added stdio MCP server after to user config`,
    });
  });

  it('ends a read-back that finds a FIFO with VERIFY_FAILED naming it, and the next call still runs', async () => {
    const admin = adminFor(fixture('fifo-writing-claude.sh'));
    const fifoAdd = admin.add({ name: 'fifo-1', scope: 'project', command: 'node' });
    // In another dir: the real CLI, run beside the FIFO, could wait on it itself.
    const next = admin.add({ name: 'after', scope: 'user', command: 'node', projectPath: world.plainDir });
    const fifo = join(world.projectDir, '.mcp.json');

    await expect(fifoAdd).rejects.toEqual(
      new McpCoreError(
        'VERIFY_FAILED',
        `The CLI reported success, but the change could not be confirmed: ${fifo} is a FIFO, not a regular file\nWhether "fifo-1" was stored in ${fifo} could not be read back (${fifo} is a FIFO, not a regular file); if it was, undo this change in History to remove it.`,
      ),
    );
    await expect(next).resolves.toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Added stdio MCP server after to user config`,
    });
  });

  it('refuses a mutation with QUEUE_FULL once 64 wait behind the running one', async () => {
    const gate = join(world.plainDir, 'gate');
    const admin = adminFor(fixture('failing-after-gate-claude.sh'), { GATE_FILE: gate });
    const accepted = Array.from({ length: 65 }, (_, i) =>
      admin.add({ name: `q${i}`, scope: 'user', command: 'node' }).catch((error: unknown) => error),
    );
    // Each change checks its project before it joins the queue, so they may join in any order:
    // the 66th is sent once the 65 hold the CLI and the queue, or it could take a place and wait forever.
    await vi.waitFor(() => {
      expect(admin.health().waiting).toBe(64);
    });
    await expect(admin.add({ name: 'one-too-many', scope: 'user', command: 'node' })).rejects.toEqual(
      new McpCoreError(
        'QUEUE_FULL',
        'The queue of changes is full (64 waiting); try again when they are done.',
      ),
    );
    writeFileSync(gate, '');
    expect(await Promise.all(accepted)).toEqual(
      Array(65).fill(new McpCoreError('CLI_FAILED', 'gate opened')),
    );
  });

  it('reports in health() how long the running change has run and how many wait, against the CLI timeout', async () => {
    const gate = join(world.plainDir, 'gate');
    const admin = adminFor(
      fixture('failing-after-gate-claude.sh'),
      { GATE_FILE: gate },
      { cliTimeoutMs: 20_000 },
    );
    const idle = admin.health();
    const changes = [
      admin.add({ name: 'a', scope: 'user', command: 'node' }),
      admin.add({ name: 'b', scope: 'user', command: 'node' }),
      admin.add({ name: 'c', scope: 'user', command: 'node' }),
    ].map((change) => change.catch((error: unknown) => error));
    // The first is held by the CLI; the other two have been checked and wait in the queue.
    await vi.waitFor(() => {
      expect({ held: existsSync(`${gate}.held`), waiting: admin.health().waiting }).toEqual({
        held: true,
        waiting: 2,
      });
    });

    const busy = admin.health();
    writeFileSync(gate, '');
    await Promise.all(changes);

    expect({ idle, busy, after: admin.health() }).toEqual({
      idle: { runningForMs: null, waiting: 0, cliTimeoutMs: 20_000 },
      busy: { runningForMs: expect.any(Number) as unknown, waiting: 2, cliTimeoutMs: 20_000 },
      after: { runningForMs: null, waiting: 0, cliTimeoutMs: 20_000 },
    });
  });

  it('on close, lets the running mutation finish and refuses the waiting ones and new ones', async () => {
    const gate = join(world.plainDir, 'gate');
    const admin = adminFor(fixture('failing-after-gate-claude.sh'), { GATE_FILE: gate });
    const running = admin
      .add({ name: 'files', scope: 'user', command: 'node' })
      .catch((error: unknown) => error);
    // Each change is checked before it queues, so the second starts only once the first is held.
    await vi.waitFor(() => {
      expect(existsSync(`${gate}.held`)).toBe(true);
    });
    const waiting = admin
      .add({ name: 'next', scope: 'user', command: 'node' })
      .catch((error: unknown) => error);
    await vi.waitFor(() => {
      expect({ held: existsSync(`${gate}.held`), waiting: admin.health().waiting }).toEqual({
        held: true,
        waiting: 1,
      });
    });
    const closed = admin.close();
    const shuttingDown = new McpCoreError(
      'QUEUE_FULL',
      'MCP Admin is shutting down and accepts no more changes.',
    );
    await expect(admin.remove({ name: 'files', scope: 'user' })).rejects.toEqual(shuttingDown);
    await expect(waiting).resolves.toEqual(shuttingDown);
    writeFileSync(gate, '');
    await expect(running).resolves.toEqual(new McpCoreError('CLI_FAILED', 'gate opened'));
    await closed;
  });
});

describe('refusals before any spawn', () => {
  it('refuses a projectPath that is not an existing directory, and spawns nothing', async () => {
    const log = join(world.plainDir, 'cli.log');
    const admin = adminFor(fixture('start-end-logging-claude.sh'), { CLI_LOG: log });
    const missing = join(world.plainDir, 'missing');
    const file = join(world.plainDir, 'file');
    writeFileSync(file, '');
    await expect(
      admin.add({ name: 'files', scope: 'local', command: 'node', projectPath: missing }),
    ).rejects.toEqual(
      new McpCoreError('INVALID_INPUT', `projectPath "${missing}" is not an existing directory`),
    );
    await expect(admin.remove({ name: 'files', scope: 'project', projectPath: file })).rejects.toEqual(
      new McpCoreError('INVALID_INPUT', `projectPath "${file}" is not an existing directory`),
    );
    await expect(admin.list({ projectPath: missing })).rejects.toEqual(
      new McpCoreError('INVALID_INPUT', `projectPath "${missing}" is not an existing directory`),
    );
    expect(existsSync(log)).toBe(false);
  });

  it('refuses every change (add, remove, each imported server) while a managed-mcp.json exists, naming it, and spawns nothing', async () => {
    await runCliAsAnotherTerminal(world, world.projectDir, [
      'mcp',
      'add',
      '--scope',
      'user',
      'files',
      '--',
      'node',
    ]);
    const before = readFileSync(world.configPath, 'utf8');
    const log = join(world.plainDir, 'cli.log');
    const admin = adminFor(fixture('start-end-logging-claude.sh'), { CLI_LOG: log });
    const managed = join(world.managedDir, 'managed-mcp.json');
    mkdirSync(world.managedDir);
    writeFileSync(managed, JSON.stringify({ mcpServers: { company: { command: 'company-server' } } }));
    const refusal = new McpCoreError(
      'MANAGED_CONFIG',
      `${managed} has exclusive control over MCP servers: Claude Code loads only its servers, so none can be added or removed here.`,
    );

    await expect(admin.add({ name: 'web', scope: 'user', url: 'https://example.test/mcp' })).rejects.toEqual(
      refusal,
    );
    await expect(admin.remove({ name: 'files', scope: 'user' })).rejects.toEqual(refusal);
    await expect(admin.remove({ name: 'files' })).rejects.toEqual(refusal);
    await expect(
      admin.importServers({
        json: '{"mcpServers": {"web": {"url": "https://example.test/mcp"}}}',
        scope: 'user',
      }),
    ).resolves.toEqual([{ name: 'web', outcome: 'failed', message: refusal.message }]);
    expect({ spawned: existsSync(log), config: readFileSync(world.configPath, 'utf8') }).toEqual({
      spawned: false,
      config: before,
    });
    await expect(admin.info()).resolves.toEqual({
      version: '0.1.0',
      configPath: world.configPath,
      defaultProject: world.projectDir,
      cli: { path: fixture('start-end-logging-claude.sh'), version: '2.1.332 (Claude Code)' },
      managed: { path: managed, exclusive: true },
      keychain: expect.objectContaining({ backend: 'Secret Service' }) as unknown,
    });
  });

  it('parses every input again and lets the ZodError out, spawning nothing', async () => {
    const log = join(world.plainDir, 'cli.log');
    const admin = adminFor(fixture('start-end-logging-claude.sh'), { CLI_LOG: log });
    const unchecked = { name: '-rf', scope: 'user', command: 'node' } as AddServerInput;
    await expect(admin.add(unchecked)).rejects.toBeInstanceOf(ZodError);
    await expect(admin.remove({ name: 'files', projectPath: 'relative/dir' })).rejects.toBeInstanceOf(
      ZodError,
    );
    expect(existsSync(log)).toBe(false);
  });

  it('reports CLI_NOT_FOUND for a missing binary, in mutations and in info', async () => {
    const bin = join(world.plainDir, 'no-such-claude');
    const admin = adminFor(bin);
    const message = `Cannot run the Claude CLI at "${bin}" (ENOENT). Install Claude Code or set CLAUDE_BIN to the path of a working claude executable.`;
    await expect(admin.add({ name: 'files', scope: 'user', command: 'node' })).rejects.toEqual(
      new McpCoreError('CLI_NOT_FOUND', message),
    );
    await expect(admin.info()).resolves.toEqual({
      version: '0.1.0',
      configPath: world.configPath,
      defaultProject: world.projectDir,
      cli: { error: message },
      managed: null,
      keychain: expect.objectContaining({ backend: 'Secret Service' }) as unknown,
    });
  });
});
