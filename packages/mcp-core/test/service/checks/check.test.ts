/** `check` and `checkAll` of the service: which entry, which environment, and what needs confirming. */
import { createTestWorld, MCP_SERVER_SCRIPTS, worldAdminOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { CheckAllEvent } from '../../../src/check';
import { McpCoreError } from '../../../src/errors';
import { createMcpAdmin } from '../../../src/service/mcp-admin';
import { expectGroupGone } from '../../support/process-group';

const anyLatency = expect.any(Number) as unknown as number;

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

function adminFor(userEnv: NodeJS.ProcessEnv = {}) {
  const defaults = worldAdminOptions(world);
  return createMcpAdmin({ ...defaults, spawnEnv: { ...defaults.spawnEnv, ...userEnv } });
}

/** A stdio entry of the fixture server whose tools are named by `toolNames`. */
function toolsServer(toolNames: string, env: Record<string, string> = {}) {
  return {
    command: process.execPath,
    args: [MCP_SERVER_SCRIPTS.toolsFromEnv],
    env: { TOOL_NAMES: toolNames, ...env },
  };
}

// Each tool's tokens: test/check/tool-tokens.test.ts; its permission in the project: no rule here.
const anyTokens = expect.any(Number) as unknown as number;
const tools = (...names: string[]) =>
  names.map((name) => ({
    name,
    description: `Tool ${name}`,
    inputSchema: { type: 'object' },
    tokens: anyTokens,
    permission: { kind: 'default' },
  }));
const toolsResult = (...names: string[]) => ({
  status: 'ok',
  latencyMs: anyLatency,
  serverInfo: { name: 'tools-from-env', version: '1.2.3' },
  tools: tools(...names),
  tokens: anyTokens,
});

/**
 * The config as Claude Code 2.1 keeps it: user servers and the project's local servers in
 * `.claude.json`, approvals of `.mcp.json` servers in the user's settings.json.
 */
function writeClaudeConfig({
  user = {},
  local = {},
  approved = [],
  rejected = [],
}: {
  user?: Record<string, unknown>;
  local?: Record<string, unknown>;
  approved?: string[];
  rejected?: string[];
}) {
  writeFileSync(
    world.configPath,
    JSON.stringify({ mcpServers: user, projects: { [world.projectDir]: { mcpServers: local } } }),
  );
  writeFileSync(
    join(world.configDir, 'settings.json'),
    JSON.stringify({ enabledMcpjsonServers: approved, disabledMcpjsonServers: rejected }),
  );
}

function writeMcpJson(dir: string, servers: Record<string, unknown>) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, '.mcp.json'), JSON.stringify({ mcpServers: servers }));
}

async function errorOf(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof McpCoreError)) throw new Error(`expected an McpCoreError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

describe('McpAdmin.check', () => {
  it("checks the entry of that name and scope, ${VAR} expanded from the service's environment", async () => {
    writeClaudeConfig({
      user: { greeter: toolsServer('${GREETING_TOOL}') },
      local: { greeter: toolsServer('local_tool') },
    });
    const admin = adminFor({ GREETING_TOOL: 'hello_from_user_env' });

    const result = await admin.check({ name: 'greeter', scope: 'user' });

    expect(result).toEqual(toolsResult('hello_from_user_env'));
  });

  it('with a source, checks exactly that entry, e.g. one shadowed in a farther .mcp.json', async () => {
    writeClaudeConfig({ approved: ['shared'] });
    writeMcpJson(world.projectDir, { shared: toolsServer('farther_tool') });
    writeMcpJson(world.nestedDir, { shared: toolsServer('nearer_tool') });
    const admin = adminFor();
    const query = { name: 'shared', scope: 'project', projectPath: world.nestedDir } as const;

    const results = await Promise.all([
      admin.check(query),
      admin.check({ ...query, source: join(world.projectDir, '.mcp.json') }),
    ]);

    expect(results).toEqual([toolsResult('nearer_tool'), toolsResult('farther_tool')]);
  });

  it('refuses a pending or rejected project server without confirm, naming its command, and starts nothing', async () => {
    const marker = join(world.plainDir, 'started');
    const server = toolsServer('repo_tool', { STARTED_FILE: marker });
    writeClaudeConfig({ rejected: ['refused'] });
    writeMcpJson(world.projectDir, { unapproved: server, refused: server });
    const admin = adminFor();
    const source = join(world.projectDir, '.mcp.json');
    const command = `${process.execPath} ${MCP_SERVER_SCRIPTS.toolsFromEnv}`;

    const errors = await Promise.all([
      errorOf(admin.check({ name: 'unapproved', scope: 'project' })),
      errorOf(admin.check({ name: 'refused', scope: 'project', confirm: false })),
    ]);

    expect(errors).toEqual([
      {
        code: 'NEEDS_CONFIRMATION',
        message: `Project server "unapproved" from ${source} is not approved yet: checking it runs \`${command}\`. Check again with confirm: true to run it.`,
      },
      {
        code: 'NEEDS_CONFIRMATION',
        message: `Project server "refused" from ${source} was rejected: checking it runs \`${command}\`. Check again with confirm: true to run it.`,
      },
    ]);
    expect(existsSync(marker)).toBe(false);
  });

  it('checks a pending project server once confirmed', async () => {
    const marker = join(world.plainDir, 'started');
    writeMcpJson(world.projectDir, { unapproved: toolsServer('repo_tool', { STARTED_FILE: marker }) });

    const result = await adminFor().check({ name: 'unapproved', scope: 'project', confirm: true });

    expect(result).toEqual(toolsResult('repo_tool'));
    expect(existsSync(marker)).toBe(true);
  });

  it('refuses a name it does not list, and a source that does not hold that entry', async () => {
    writeClaudeConfig({ user: { greeter: toolsServer('x') } });
    const admin = adminFor();

    const errors = await Promise.all([
      errorOf(admin.check({ name: 'greeter', scope: 'local' })),
      errorOf(admin.check({ name: 'greeter', scope: 'user', source: join(world.plainDir, '.claude.json') })),
    ]);

    expect(errors).toEqual([
      { code: 'NOT_FOUND', message: 'No local-scope MCP server named "greeter" in this project.' },
      {
        code: 'INVALID_INPUT',
        message: `source "${join(world.plainDir, '.claude.json')}" holds no user-scope server "greeter"`,
      },
    ]);
  });

  it('bounds the check by timeoutMs and leaves no process of the server behind', async () => {
    const pidFile = join(world.plainDir, 'pids');
    writeClaudeConfig({
      user: {
        silent: {
          command: process.execPath,
          args: [MCP_SERVER_SCRIPTS.hangsWithGrandchild],
          env: { PID_FILE: pidFile },
        },
      },
    });

    const result = await adminFor().check({ name: 'silent', scope: 'user', timeoutMs: 1_000 });

    expect(result).toEqual({
      status: 'timeout',
      latencyMs: anyLatency,
      error: 'Timed out after 1 s waiting for the answer to initialize.',
    });
    const [leader = 0] = readFileSync(pidFile, 'utf8').split(' ').map(Number);
    await expectGroupGone(leader);
  });
  it("waits, without timeoutMs, as long as Claude Code would: MCP_TIMEOUT of the user's environment", async () => {
    writeClaudeConfig({
      user: {
        late: {
          command: process.execPath,
          args: [MCP_SERVER_SCRIPTS.byClientCapabilities],
          env: { DELAY_MS: '60000' },
        },
      },
    });

    const result = await adminFor({ MCP_TIMEOUT: '1000' }).check({ name: 'late', scope: 'user' });

    expect(result).toEqual({
      status: 'timeout',
      latencyMs: anyLatency,
      error: 'Timed out after 1 s waiting for the answer to initialize.',
    });
  });
});

describe('McpAdmin.checkAll', () => {
  it('checks every active server once, yielding each result as it finishes, then ends', async () => {
    const marker = join(world.plainDir, 'started');
    writeClaudeConfig({
      user: { alpha: toolsServer('alpha_tool'), twice: toolsServer('user_twice_tool') },
      local: {
        broken: { command: process.execPath, args: [MCP_SERVER_SCRIPTS.stderrThenExit] },
        twice: toolsServer('local_twice_tool'),
      },
      approved: ['team'],
    });
    writeMcpJson(world.projectDir, {
      team: toolsServer('team_tool'),
      unapproved: toolsServer('repo_tool', { STARTED_FILE: marker }),
    });
    const source = join(world.projectDir, '.mcp.json');

    const events: CheckAllEvent[] = [];
    for await (const event of await adminFor().checkAll(undefined, new AbortController().signal))
      events.push(event);

    events.sort((a, b) => a.name.localeCompare(b.name));
    expect(events).toEqual([
      { name: 'alpha', scope: 'user', source: world.configPath, total: 4, result: toolsResult('alpha_tool') },
      {
        name: 'broken',
        scope: 'local',
        source: world.configPath,
        total: 4,
        result: {
          status: 'failed',
          latencyMs: anyLatency,
          error: 'The server exited with code 3 before it answered initialize.',
          stderr: expect.stringMatching(
            /noise line 200 of 200\nfatal: token \(none\) was refused\n$/,
          ) as unknown,
        },
      },
      { name: 'team', scope: 'project', source, total: 4, result: toolsResult('team_tool') },
      {
        name: 'twice',
        scope: 'local',
        source: world.configPath,
        total: 4,
        result: toolsResult('local_twice_tool'),
      },
    ]);
    expect(existsSync(marker)).toBe(false);
  });

  it("ends only its own check when an approved .mcp.json server answers with a line over 10 MiB; the others' results still come", async () => {
    writeClaudeConfig({ user: { alpha: toolsServer('alpha_tool') }, approved: ['flood'] });
    writeMcpJson(world.projectDir, {
      flood: {
        command: process.execPath,
        args: [MCP_SERVER_SCRIPTS.hostile],
        env: { HOSTILE: 'huge-answer', ANSWER_BYTES: String(11 * 1024 * 1024) },
      },
    });

    const events: CheckAllEvent[] = [];
    for await (const event of await adminFor().checkAll(undefined, new AbortController().signal))
      events.push(event);

    events.sort((a, b) => a.name.localeCompare(b.name));
    expect(events).toEqual([
      { name: 'alpha', scope: 'user', source: world.configPath, total: 2, result: toolsResult('alpha_tool') },
      {
        name: 'flood',
        scope: 'project',
        source: join(world.projectDir, '.mcp.json'),
        total: 2,
        result: {
          status: 'failed',
          latencyMs: anyLatency,
          error: 'The server answered initialize with a message over 10 MiB: the check stopped reading it.',
        },
      },
    ]);
  });

  it('ends once its signal aborts, stopping the checks still running', async () => {
    const pidFile = join(world.plainDir, 'pids');
    writeClaudeConfig({
      user: {
        silent: {
          command: process.execPath,
          args: [MCP_SERVER_SCRIPTS.hangsWithGrandchild],
          env: { PID_FILE: pidFile },
        },
      },
    });
    const caller = new AbortController();

    const events = (await adminFor().checkAll({ projectPath: world.projectDir }, caller.signal))[
      Symbol.asyncIterator
    ]();
    const next = events.next();
    await vi.waitFor(() => {
      expect(existsSync(pidFile) && readFileSync(pidFile, 'utf8').includes(' ')).toBe(true);
    });
    caller.abort();

    await expect(next).resolves.toEqual({ done: true, value: undefined });
    const [leader = 0] = readFileSync(pidFile, 'utf8').split(' ').map(Number);
    await expectGroupGone(leader);
  });
});
