import { createTestWorld, PINNED_CLAUDE_BIN, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZodError } from 'zod';
import { REDACTED, findStoredEntries } from '../../src/config';
import { McpCoreError } from '../../src/errors';
import type { AddServerInput, Scope } from '../../src/schemas';
import { addArgv } from '../../src/cli/argv';
import { adminInWorld, fixture, storedConfigOf, type AdminArgs } from '../support/world-admin';
import { livingGroupMembers } from '../support/process-group';

const claude = PINNED_CLAUDE_BIN;

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

function adminFor(...args: AdminArgs) {
  return adminInWorld(world, ...args);
}

function storedConfig() {
  return storedConfigOf(world);
}

function storedEntries(name: string, projectPath = world.projectDir) {
  return findStoredEntries({ configPath: world.configPath, projectPath, name });
}

function auditRecords(): unknown[] {
  const path = join(world.configDir, '.mcp-admin', 'audit.jsonl');
  return readFileSync(path, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
}

const anyTime: unknown = expect.any(String);

/** The verdict on a user-scope entry nothing stops. */
const activeUser = (name: string) => ({
  status: 'active',
  statusReason: `"${name}" is in mcpServers of ${world.configPath}.`,
});

/** The verdict on a local-scope entry of the world's repository that nothing stops. */
const activeLocal = (name: string) => ({
  status: 'active',
  statusReason: `"${name}" is in projects[${JSON.stringify(world.projectDir)}].mcpServers of ${world.configPath}.`,
});

const pending = (name: string) => ({
  approval: 'pending',
  status: 'pending',
  statusReason: `"${name}" is in no enabledMcpjsonServers or disabledMcpjsonServers of the settings files: run claude in the project to approve it.`,
});

describe('add', () => {
  it('stores a stdio server in user scope exactly as asked', async () => {
    const admin = adminFor();
    const input: AddServerInput = {
      name: 'files',
      scope: 'user',
      command: 'npx',
      args: ['-y', '@scope/server', '--root=/tmp', ''],
      env: { API_KEY: 's3cret', constructor: 'c', prototype: 'p' },
    };
    await expect(admin.add(input)).resolves.toEqual({
      ok: true,
      message: `Added stdio MCP server files to user config`,
    });
    const entry = { type: 'stdio', command: 'npx', args: input.args, env: input.env };
    expect(storedConfig().mcpServers).toEqual({ files: entry });
    await expect(storedEntries('files')).resolves.toEqual([
      { scope: 'user', source: world.configPath, entry },
    ]);
    await expect(admin.list({ reveal: true })).resolves.toEqual({
      configPath: world.configPath,
      projectPath: world.projectDir,
      servers: [
        {
          name: 'files',
          scope: 'user',
          transport: 'stdio',
          source: world.configPath,
          command: 'npx',
          args: input.args,
          env: input.env,
          ...activeUser('files'),
        },
      ],
      problems: [],
    });
  });

  it('stores an http server with a header in user scope', async () => {
    const admin = adminFor();
    await expect(
      admin.add({
        name: 'web',
        scope: 'user',
        url: 'https://example.test/mcp',
        headers: { Authorization: 'Bearer -x' },
      }),
    ).resolves.toEqual({
      ok: true,
      message: `Added http MCP server web to user config`,
    });
    const entry = { type: 'http', url: 'https://example.test/mcp', headers: { Authorization: 'Bearer -x' } };
    await expect(storedEntries('web')).resolves.toEqual([{ scope: 'user', source: world.configPath, entry }]);
    await expect(admin.list()).resolves.toEqual({
      configPath: world.configPath,
      projectPath: world.projectDir,
      servers: [
        {
          name: 'web',
          scope: 'user',
          transport: 'http',
          auth: 'signed-out',
          source: world.configPath,
          url: 'https://example.test/mcp',
          headers: { Authorization: REDACTED },
          ...activeUser('web'),
        },
      ],
      problems: [],
    });
  });

  it('stores local scope from sub/deeper under the git root of the project', async () => {
    const admin = adminFor();
    const stdio: AddServerInput = {
      name: 'files',
      scope: 'local',
      command: 'node',
      args: ['--inspect', 'server.js'],
      projectPath: world.nestedDir,
    };
    const sse: AddServerInput = {
      name: 'events',
      scope: 'local',
      transport: 'sse',
      url: 'http://127.0.0.1:9/sse',
      projectPath: world.nestedDir,
    };
    await expect(admin.add(stdio)).resolves.toEqual({
      ok: true,
      message: `Added stdio MCP server files to local config`,
    });
    await expect(admin.add(sse)).resolves.toEqual({
      ok: true,
      message: `Added sse MCP server events to local config`,
    });
    const files = { type: 'stdio', command: 'node', args: ['--inspect', 'server.js'], env: {} };
    const events = { type: 'sse', url: 'http://127.0.0.1:9/sse' };
    expect(Object.keys(storedConfig().projects ?? {})).toEqual([world.projectDir]);
    expect(storedConfig().projects?.[world.projectDir]?.mcpServers).toEqual({ files, events });
    await expect(storedEntries('events', world.nestedDir)).resolves.toEqual([
      { scope: 'local', source: world.configPath, entry: events },
    ]);
    await expect(admin.list({ projectPath: world.nestedDir })).resolves.toEqual({
      configPath: world.configPath,
      projectPath: world.nestedDir,
      servers: [
        {
          name: 'events',
          scope: 'local',
          transport: 'sse',
          auth: 'signed-out',
          source: world.configPath,
          url: 'http://127.0.0.1:9/sse',
          ...activeLocal('events'),
        },
        {
          name: 'files',
          scope: 'local',
          transport: 'stdio',
          source: world.configPath,
          command: 'node',
          args: ['--inspect', 'server.js'],
          env: {},
          ...activeLocal('files'),
        },
      ],
      problems: [],
    });
    await expect(admin.projects()).resolves.toEqual([
      { path: world.projectDir, localCount: 2, hasMcpJson: false },
    ]);
  });

  it("stores project scope in the project dir's own .mcp.json", async () => {
    const admin = adminFor();
    await expect(
      admin.add({
        name: 'files',
        scope: 'project',
        command: 'node',
        args: ['server.js'],
        env: { LEVEL: '-1' },
      }),
    ).resolves.toEqual({
      ok: true,
      message: `Added stdio MCP server files to project config`,
    });
    await expect(
      admin.add({
        name: 'web',
        scope: 'project',
        url: 'https://example.test/mcp',
        headers: { 'X-Api-Key': 'k: v' },
        projectPath: world.nestedDir,
      }),
    ).resolves.toEqual({
      ok: true,
      message: `Added http MCP server web to project config`,
    });
    const files = { type: 'stdio', command: 'node', args: ['server.js'], env: { LEVEL: '-1' } };
    const web = { type: 'http', url: 'https://example.test/mcp', headers: { 'X-Api-Key': 'k: v' } };
    expect(JSON.parse(readFileSync(join(world.projectDir, '.mcp.json'), 'utf8'))).toEqual({
      mcpServers: { files },
    });
    expect(JSON.parse(readFileSync(join(world.nestedDir, '.mcp.json'), 'utf8'))).toEqual({
      mcpServers: { web },
    });
    await expect(storedEntries('web', world.nestedDir)).resolves.toEqual([
      { scope: 'project', source: join(world.nestedDir, '.mcp.json'), entry: web },
    ]);
    await expect(admin.list({ projectPath: world.nestedDir, reveal: true })).resolves.toEqual({
      configPath: world.configPath,
      projectPath: world.nestedDir,
      servers: [
        {
          name: 'files',
          scope: 'project',
          transport: 'stdio',
          source: join(world.projectDir, '.mcp.json'),
          command: 'node',
          args: ['server.js'],
          env: { LEVEL: '-1' },
          ...pending('files'),
        },
        {
          name: 'web',
          scope: 'project',
          transport: 'http',
          auth: 'signed-out',
          source: join(world.nestedDir, '.mcp.json'),
          url: web.url,
          headers: web.headers,
          ...pending('web'),
        },
      ],
      problems: [],
    });
  });

  it('refuses a __proto__ env key, which the CLI would silently drop, before any spawn', async () => {
    const admin = adminFor();
    const env = JSON.parse('{"__proto__":"x","KEPT":"y"}') as Record<string, string>;
    await expect(admin.add({ name: 'proto', scope: 'user', command: 'node', env })).rejects.toBeInstanceOf(
      ZodError,
    );
    expect(existsSync(world.configPath)).toBe(false);
  });

  it("refuses a duplicate with the CLI's own message and leaves the first one", async () => {
    const admin = adminFor();
    await admin.add({ name: 'files', scope: 'user', command: 'node' });
    await expect(admin.add({ name: 'files', scope: 'user', command: 'npx' })).rejects.toEqual(
      new McpCoreError('CLI_FAILED', 'MCP server files already exists in user config'),
    );
    await expect(storedEntries('files')).resolves.toEqual([
      {
        scope: 'user',
        source: world.configPath,
        entry: { type: 'stdio', command: 'node', args: [], env: {} },
      },
    ]);
  });
  it('fails verification when the CLI reports success and stores nothing', async () => {
    const admin = adminFor('/bin/true');
    await expect(admin.add({ name: 'files', scope: 'local', command: 'node' })).rejects.toEqual(
      new McpCoreError(
        'VERIFY_FAILED',
        'The CLI reported success, but no server "files" is stored in local scope.',
      ),
    );
  });
});

describe('list', () => {
  it("with a name, answers only the servers of that name, so reveal sends no other server's secrets", async () => {
    writeFileSync(
      world.configPath,
      JSON.stringify({
        mcpServers: {
          files: { command: 'node', env: { API_KEY: 'files-s3cret' } },
          other: { command: 'node', env: { API_KEY: 'other-s3cret' } },
        },
      }),
    );
    const list = await adminFor().list({ reveal: true, name: 'files' });
    expect({ servers: list.servers, leaks: JSON.stringify(list).includes('other-s3cret') }).toEqual({
      servers: [
        {
          name: 'files',
          scope: 'user',
          transport: 'stdio',
          source: world.configPath,
          command: 'node',
          env: { API_KEY: 'files-s3cret' },
          ...activeUser('files'),
        },
      ],
      leaks: false,
    });
  });
});

describe('remove', () => {
  it('removes from the given scope and confirms it is gone', async () => {
    const admin = adminFor();
    await admin.add({ name: 'files', scope: 'user', command: 'node' });
    await expect(admin.remove({ name: 'files', scope: 'user' })).resolves.toEqual({
      ok: true,
      message: `Removed MCP server files from user config\nFile modified: ${world.configPath}`,
    });
    await expect(storedEntries('files')).resolves.toEqual([]);
  });

  it('fails verification when the CLI reports success and the server is still there', async () => {
    await adminFor().add({ name: 'files', scope: 'user', command: 'node' });
    await expect(adminFor('/bin/true').remove({ name: 'files' })).rejects.toEqual(
      new McpCoreError(
        'VERIFY_FAILED',
        `The CLI reported success, but "files" is still stored in ${world.configPath}.`,
      ),
    );
  });

  it('without a scope, removes from the one scope that holds the name', async () => {
    const admin = adminFor();
    await admin.add({ name: 'files', scope: 'local', command: 'node', projectPath: world.nestedDir });
    await expect(admin.remove({ name: 'files', projectPath: world.nestedDir })).resolves.toEqual({
      ok: true,
      message: `Removed MCP server files from local config\nFile modified: ${world.configPath} [project: ${world.projectDir}]`,
    });
    await expect(storedEntries('files')).resolves.toEqual([]);
  });

  it('without a scope, refuses a name held in several scopes and names them', async () => {
    const admin = adminFor();
    await admin.add({ name: 'files', scope: 'user', command: 'node' });
    await admin.add({ name: 'files', scope: 'project', command: 'node' });
    await expect(admin.remove({ name: 'files' })).rejects.toEqual(
      new McpCoreError(
        'AMBIGUOUS',
        'MCP server "files" exists in several scopes (project, user); give the scope to remove it from.',
      ),
    );
    expect((await storedEntries('files')).map((stored) => stored.scope)).toEqual(['project', 'user']);
  });

  it("reports an unknown name: NOT_FOUND without a scope, the CLI's own text with one", async () => {
    const admin = adminFor();
    await expect(admin.remove({ name: 'nope' })).rejects.toEqual(
      new McpCoreError('NOT_FOUND', 'No MCP server named "nope" in local, project or user scope.'),
    );
    await expect(admin.remove({ name: 'nope', scope: 'user' })).rejects.toEqual(
      new McpCoreError('CLI_FAILED', 'No MCP server named "nope" in user scope'),
    );
  });
});

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
    const admin = adminFor(fixture('hanging-claude.sh'), { HANG_PID_FILE: pidFile }, { cliTimeoutMs: 3000 });
    const hanging = admin.add({ name: 'hang-1', scope: 'user', command: 'node' });
    const next = admin.add({ name: 'after', scope: 'user', command: 'node' });
    await expect(hanging).rejects.toEqual(
      new McpCoreError(
        'CLI_TIMEOUT',
        'The Claude CLI did not finish within 3000 ms and was stopped (MCP_ADMIN_CLI_TIMEOUT_MS sets the limit).',
      ),
    );
    const pgid = Number(readFileSync(pidFile, 'utf8'));
    await vi.waitFor(() => {
      expect(livingGroupMembers(pgid)).toEqual([]);
    });
    await expect(next).resolves.toEqual({
      ok: true,
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
    });
  });
});

describe('info and audit', () => {
  it('reports the product version, paths and the CLI it drives', async () => {
    await expect(adminFor().info()).resolves.toEqual({
      version: '0.1.0',
      configPath: world.configPath,
      defaultProject: world.projectDir,
      cli: { path: claude, version: '2.1.332 (Claude Code)' },
      managed: null,
    });
  });

  it('asks the CLI its version once for 50 info() calls at once, and once more when the binary changes', async () => {
    const log = join(world.plainDir, 'cli.log');
    const bin = join(world.plainDir, 'claude');
    copyFileSync(fixture('start-end-logging-claude.sh'), bin);
    const admin = adminFor(bin, { CLI_LOG: log });
    const spawns = () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('start'));
    const info = {
      version: '0.1.0',
      configPath: world.configPath,
      defaultProject: world.projectDir,
      cli: { path: bin, version: '2.1.332 (Claude Code)' },
      managed: null,
    };

    const atOnce = await Promise.all(Array.from({ length: 50 }, () => admin.info()));
    const spawnsForFifty = spawns().length;
    utimesSync(bin, new Date(0), new Date(0));
    const afterChange = [await admin.info(), await admin.info()];

    expect({ atOnce, afterChange }).toEqual({ atOnce: Array(50).fill(info), afterChange: [info, info] });
    expect({ spawnsForFifty, spawnsInAll: spawns().length }).toEqual({ spawnsForFifty: 1, spawnsInAll: 2 });
  });

  it('audits every mutation with its argv, secrets redacted, and its outcome', async () => {
    const admin = adminFor();
    await admin.add({
      name: 'files',
      scope: 'user',
      command: 'node',
      args: ['-e', 'A=1'],
      env: { TOKEN: 't0ken' },
    });
    await admin.add({
      name: 'web',
      scope: 'local',
      url: 'https://example.test/',
      headers: { Authorization: 'Bearer b' },
    });
    await admin.add({ name: 'files', scope: 'user', command: 'node' }).catch(() => undefined);
    await admin.remove({ name: 'web' });
    expect(auditRecords()).toEqual([
      {
        time: anyTime,
        procedure: 'mcp.add',
        argv: ['mcp', 'add-json', '--scope', 'user', 'files', '-'],
        entry: { type: 'stdio', command: 'node', args: ['-e', 'A=1'], env: { TOKEN: REDACTED } },
        outcome: { ok: true, message: 'Added stdio MCP server files to user config' },
      },
      {
        time: anyTime,
        procedure: 'mcp.add',
        argv: ['mcp', 'add-json', '--scope', 'local', 'web', '-'],
        entry: { type: 'http', url: 'https://example.test/', headers: { Authorization: REDACTED } },
        outcome: { ok: true, message: 'Added http MCP server web to local config' },
      },
      {
        time: anyTime,
        procedure: 'mcp.add',
        argv: ['mcp', 'add-json', '--scope', 'user', 'files', '-'],
        entry: { type: 'stdio', command: 'node', args: [], env: {} },
        outcome: { ok: false, code: 'CLI_FAILED', message: 'MCP server files already exists in user config' },
      },
      {
        time: anyTime,
        procedure: 'mcp.remove',
        argv: ['mcp', 'remove', '--scope', 'local', 'web'],
        outcome: {
          ok: true,
          message: `Removed MCP server web from local config\nFile modified: ${world.configPath} [project: ${world.projectDir}]`,
        },
      },
    ]);
    expect(readFileSync(join(world.configDir, '.mcp-admin', 'audit.jsonl'), 'utf8')).not.toMatch(
      /t0ken|Bearer b/,
    );
  });
});

describe('an audit log that cannot be written', () => {
  // A file where the log's folder should be: every append fails, whatever the user running tests.
  function blockAuditLog(): string {
    const blocker = join(world.configDir, '.mcp-admin');
    rmSync(blocker, { recursive: true, force: true });
    writeFileSync(blocker, 'not a folder');
    return blocker;
  }

  it('reports a landed change as done, with a warning naming the audit log and the history, and logs both', async () => {
    const blocker = blockAuditLog();
    const warnings: string[] = [];
    const admin = adminFor(claude, {}, { logWarning: (message) => warnings.push(message) });

    const result = await admin.add({ name: 'files', scope: 'user', command: 'node' });

    const notRecordedIn = (file: string) =>
      `The change was not recorded in ${join(blocker, file)}: Cannot write ${join(blocker, file)}: EEXIST: file already exists, mkdir '${blocker}'`;
    expect(result).toEqual({
      ok: true,
      message: `Added stdio MCP server files to user config`,
      warning: `${notRecordedIn('audit.jsonl')}\n${notRecordedIn('history.jsonl')}`,
    });
    expect(warnings).toEqual([notRecordedIn('audit.jsonl'), notRecordedIn('history.jsonl')]);
    expect(storedConfig().mcpServers).toEqual({
      files: { type: 'stdio', command: 'node', args: [], env: {} },
    });
  });

  it("lets a failed change's own error out, not the audit's", async () => {
    const admin = adminFor(claude, {}, { logWarning: () => undefined });
    await admin.add({ name: 'files', scope: 'user', command: 'node' });
    blockAuditLog();

    await expect(admin.add({ name: 'files', scope: 'user', command: 'node' })).rejects.toEqual(
      new McpCoreError('CLI_FAILED', 'MCP server files already exists in user config'),
    );
  });
});

describe('remove of exactly the listed entry (source)', () => {
  const stdioEntry = (command: string) => ({ type: 'stdio', command, args: [], env: {} });

  /** `shared` in the repo root's `.mcp.json` (farther) and in `sub/deeper/.mcp.json` (nearer). */
  async function twoMcpJsonFiles() {
    const farther = join(world.projectDir, '.mcp.json');
    const nearer = join(world.nestedDir, '.mcp.json');
    const add = (cwd: string, command: string) =>
      runCliAsAnotherTerminal(world, cwd, addArgv({ name: 'shared', scope: 'project', command }));
    await add(world.projectDir, 'farther-server');
    await add(world.nestedDir, 'nearer-server');
    return { farther, nearer };
  }

  const mcpServersIn = (path: string): unknown =>
    (JSON.parse(readFileSync(path, 'utf8')) as { mcpServers: unknown }).mcpServers;

  it('removes a shadowed entry from the farther .mcp.json, leaving the nearer one of the same name', async () => {
    const { farther, nearer } = await twoMcpJsonFiles();
    const admin = adminFor();

    await expect(
      admin.remove({ name: 'shared', scope: 'project', projectPath: world.nestedDir, source: farther }),
    ).resolves.toEqual({
      ok: true,
      message: `Removed MCP server shared from project config\nFile modified: ${farther}`,
    });

    expect(mcpServersIn(farther)).toEqual({});
    expect(mcpServersIn(nearer)).toEqual({ shared: stdioEntry('nearer-server') });
  });

  it('refuses a source that does not hold that entry, with 400 before any spawn, files unchanged', async () => {
    const { farther, nearer } = await twoMcpJsonFiles();
    writeFileSync(join(world.plainDir, '.mcp.json'), '{"mcpServers":{"shared":{"command":"x"}}}');
    const before = [farther, nearer, world.configPath].map((path) => readFileSync(path, 'latin1'));
    const log = join(world.plainDir, 'cli.log');
    const admin = adminFor(fixture('start-end-logging-claude.sh'), { CLI_LOG: log });
    const remove = (scope: Scope, source: string) =>
      admin.remove({ name: 'shared', scope, projectPath: world.nestedDir, source });

    await expect(remove('project', join(world.plainDir, '.mcp.json'))).rejects.toEqual(
      new McpCoreError(
        'INVALID_INPUT',
        `source "${join(world.plainDir, '.mcp.json')}" is not a .mcp.json that Claude Code reads for project "${world.nestedDir}"`,
      ),
    );
    await expect(remove('project', join(world.projectDir, 'sub', '.mcp.json'))).rejects.toEqual(
      new McpCoreError(
        'INVALID_INPUT',
        `source "${join(world.projectDir, 'sub', '.mcp.json')}" holds no project-scope server "shared"`,
      ),
    );
    await expect(remove('project', world.configPath)).rejects.toEqual(
      new McpCoreError(
        'INVALID_INPUT',
        `source "${world.configPath}" is not a .mcp.json that Claude Code reads for project "${world.nestedDir}"`,
      ),
    );
    await expect(remove('user', farther)).rejects.toEqual(
      new McpCoreError(
        'INVALID_INPUT',
        `source "${farther}" is not where user-scope servers are kept (${world.configPath}, or ${join(world.configDir, '.mcp-admin', 'disabled.json')} while switched off)`,
      ),
    );
    await expect(remove('local', world.configPath)).rejects.toEqual(
      new McpCoreError('INVALID_INPUT', `source "${world.configPath}" holds no local-scope server "shared"`),
    );
    await expect(
      admin.remove({ name: 'shared', projectPath: world.nestedDir, source: farther }),
    ).rejects.toBeInstanceOf(ZodError);

    expect(existsSync(log)).toBe(false);
    expect([farther, nearer, world.configPath].map((path) => readFileSync(path, 'latin1'))).toEqual(before);
  });
});
