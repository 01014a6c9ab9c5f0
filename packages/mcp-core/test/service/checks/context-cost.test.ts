/**
 * `contextCost` of the service: each entry's last check is kept (across a restart), dropped when
 * the entry changes, and the total counts only the servers Claude Code loads in the project.
 * Expected tokens: "Tool alpha" on server fx is an 85-character definition (29 tokens), "Tool
 * beta" 83 (28); see test/check/tool-tokens.test.ts.
 */
import { createTestWorld, MCP_SERVER_SCRIPTS, worldAdminOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LAST_CHECKS_MAX, lastChecksPath, readLastChecks, writeLastChecks } from '../../../src/config';
import { contextCost } from '../../../src/service/checks/context-cost';
import { createLastChecks } from '../../../src/service/checks/last-checks';
import { createMcpAdmin, type McpAdmin } from '../../../src/service/mcp-admin';

let world: TestWorld;
const admins: McpAdmin[] = [];
beforeEach(() => {
  world = createTestWorld();
});
afterEach(async () => {
  await Promise.all(admins.splice(0).map((admin) => admin.close()));
  world.remove();
});

function startAdmin(): McpAdmin {
  const admin = createMcpAdmin(worldAdminOptions(world));
  admins.push(admin);
  return admin;
}

const toolsServer = (toolNames: string) => ({
  command: process.execPath,
  args: [MCP_SERVER_SCRIPTS.toolsFromEnv],
  env: { TOOL_NAMES: toolNames },
});

function writeClaudeConfig(user: Record<string, unknown>, local: Record<string, unknown> = {}) {
  writeFileSync(
    world.configPath,
    JSON.stringify({ mcpServers: user, projects: { [world.projectDir]: { mcpServers: local } } }),
  );
}

const anyTime = expect.any(Number) as unknown as number;

describe('McpAdmin.contextCost', () => {
  it('shows each tool’s tokens in the check and, after a restart, the server’s cost from its kept check', async () => {
    writeClaudeConfig({ fx: toolsServer('alpha,beta') });
    const checked = await startAdmin().check({ name: 'fx', scope: 'user' });
    // Each checked tool also carries its permission in the project: no rule here.
    expect(checked.tools).toEqual([
      {
        name: 'alpha',
        description: 'Tool alpha',
        inputSchema: { type: 'object' },
        tokens: 29,
        permission: { kind: 'default' },
      },
      {
        name: 'beta',
        description: 'Tool beta',
        inputSchema: { type: 'object' },
        tokens: 28,
        permission: { kind: 'default' },
      },
    ]);
    expect(checked.tokens).toBe(57);
    // Each tool kept by its name and tokens only: its schema stays out of the file.
    expect((await readLastChecks(lastChecksPath(world.configPath)))[0]?.tools).toEqual([
      { name: 'alpha', tokens: 29 },
      { name: 'beta', tokens: 28 },
    ]);

    const cost = await startAdmin().contextCost();

    expect(cost).toEqual({
      servers: [
        {
          name: 'fx',
          scope: 'user',
          source: world.configPath,
          tokens: 57,
          tools: 2,
          loads: true,
          checkedAt: anyTime,
          checkStatus: 'ok',
        },
      ],
      total: 57,
      method: 'estimate',
    });
  });

  it('keeps how a check that brought no tools ended: a server that exits is failed, after a restart too, and counts nothing', async () => {
    writeClaudeConfig({ gone: { command: process.execPath, args: ['-e', 'process.exit(3)'] } });
    expect(await startAdmin().check({ name: 'gone', scope: 'user' })).toMatchObject({ status: 'failed' });

    expect(await startAdmin().contextCost()).toEqual({
      servers: [
        {
          name: 'gone',
          scope: 'user',
          source: world.configPath,
          tokens: null,
          tools: null,
          loads: true,
          checkedAt: anyTime,
          checkStatus: 'failed',
        },
      ],
      total: 0,
      method: 'estimate',
    });
  });

  it('lastCheck answers the kept check after a restart: a failed one with its reason and stderr, a connected one with its tools and their permissions now; null when none is kept', async () => {
    writeClaudeConfig({
      gone: { command: process.execPath, args: ['-e', 'console.error("no token"); process.exit(3)'] },
      fx: toolsServer('alpha,beta'),
      never: toolsServer('x'),
    });
    const first = startAdmin();
    const failed = await first.check({ name: 'gone', scope: 'user' });
    await first.check({ name: 'fx', scope: 'user' });
    await first.setPermission({ server: 'fx', tool: 'beta', kind: 'deny', file: 'project-local' });

    const admin = startAdmin();
    const gone = await admin.lastCheck({ name: 'gone', scope: 'user' });
    expect(gone).toMatchObject({ status: 'failed', error: failed.error, checkedAt: anyTime });
    expect(gone?.stderr).toContain('no token');
    expect(gone?.tools).toBeUndefined();
    expect(failed.error).toMatch(/3/);
    expect(await admin.lastCheck({ name: 'fx', scope: 'user' })).toMatchObject({
      status: 'ok',
      tokens: 57,
      tools: [
        { name: 'alpha', tokens: 29, permission: { kind: 'default' } },
        { name: 'beta', tokens: 28, permission: { kind: 'deny' } },
      ],
    });
    expect(await admin.lastCheck({ name: 'never', scope: 'user' })).toBeNull();
  });

  it('drops the kept check once the entry changes (any field), and shows the server unchecked', async () => {
    writeClaudeConfig({ fx: toolsServer('alpha,beta') });
    const admin = startAdmin();
    await admin.check({ name: 'fx', scope: 'user' });

    writeClaudeConfig({
      fx: { ...toolsServer('alpha,beta'), args: [MCP_SERVER_SCRIPTS.toolsFromEnv, '--x'] },
    });

    expect(await admin.contextCost()).toEqual({
      servers: [
        {
          name: 'fx',
          scope: 'user',
          source: world.configPath,
          tokens: null,
          tools: null,
          loads: true,
          checkedAt: null,
          checkStatus: null,
        },
      ],
      total: 0,
      method: 'estimate',
    });
  });

  it('counts in the total only the server Claude Code loads: a user entry shadowed by a local one costs nothing', async () => {
    writeClaudeConfig({ fx: toolsServer('alpha,beta') }, { fx: toolsServer('alpha') });
    const admin = startAdmin();
    await admin.check({ name: 'fx', scope: 'user' });
    await admin.check({ name: 'fx', scope: 'local' });

    const cost = await admin.contextCost({ projectPath: world.projectDir });

    expect(cost).toEqual({
      servers: [
        {
          name: 'fx',
          scope: 'user',
          source: world.configPath,
          tokens: 57,
          tools: 2,
          loads: false,
          checkedAt: anyTime,
          checkStatus: 'ok',
        },
        {
          name: 'fx',
          scope: 'local',
          source: world.configPath,
          tokens: 29,
          tools: 1,
          loads: true,
          checkedAt: anyTime,
          checkStatus: 'ok',
        },
      ],
      total: 29,
      method: 'estimate',
    });
  });

  it('follows its file: a check another MCP Admin wrote there shows, and once the file is removed the server is unchecked again', async () => {
    writeClaudeConfig({ fx: toolsServer('alpha') });
    const admin = startAdmin();
    const unchecked = { tokens: null, tools: null, checkedAt: null, checkStatus: null };
    expect((await admin.contextCost()).servers[0]).toMatchObject(unchecked);

    await startAdmin().check({ name: 'fx', scope: 'user' });
    expect((await admin.contextCost()).servers[0]).toMatchObject({ tokens: 29, tools: 1, checkStatus: 'ok' });

    rmSync(lastChecksPath(world.configPath));
    expect((await admin.contextCost()).servers[0]).toMatchObject(unchecked);
    await admin.check({ name: 'fx', scope: 'user' });
    expect(await readLastChecks(lastChecksPath(world.configPath))).toHaveLength(1);
  });

  it('keeps its checks in a 0600 file of a 0700 folder, and a link, a FIFO or garbage there holds no check and is replaced by a regular file', async () => {
    writeClaudeConfig({ fx: toolsServer('alpha') });
    const path = lastChecksPath(world.configPath);
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const elsewhere = join(world.plainDir, 'elsewhere.json');
    writeFileSync(elsewhere, 'untouched');
    const unchecked = { tokens: null, tools: null, checkedAt: null, checkStatus: null };

    for (const plant of [
      () => {
        symlinkSync(elsewhere, path);
      },
      () => {
        execFileSync('mkfifo', [path]);
      },
      () => {
        writeFileSync(path, '{"version":1,"checks":[{"server":1}]}');
      },
    ]) {
      plant();
      const admin = startAdmin();
      expect((await admin.contextCost()).servers[0]).toMatchObject(unchecked);
      await admin.check({ name: 'fx', scope: 'user' });
      expect(lstatSync(path).isFile()).toBe(true);
      expect(lstatSync(path).mode & 0o777).toBe(0o600);
      expect(lstatSync(dirname(path)).mode & 0o777).toBe(0o700);
      expect((await startAdmin().contextCost()).servers[0]).toMatchObject({ tokens: 29, tools: 1 });
      rmSync(path);
    }
    expect(readFileSync(elsewhere, 'utf8')).toBe('untouched');
  });
});

describe('contextCost', () => {
  it('leaves out the tool a permission rule of the project denies (set through setPermission), and counts it again after undo', async () => {
    writeClaudeConfig({ fx: toolsServer('alpha,beta') });
    const admin = startAdmin();
    await admin.check({ name: 'fx', scope: 'user' });

    await admin.setPermission({ server: 'fx', tool: 'beta', kind: 'deny', file: 'project-local' });
    const denied = await admin.contextCost();
    const [change] = await admin.history();
    await admin.undo({ id: change?.id ?? '' });
    const undone = await admin.contextCost();

    expect(denied).toMatchObject({ servers: [{ name: 'fx', tokens: 29, tools: 1 }], total: 29 });
    expect(undone).toMatchObject({ servers: [{ name: 'fx', tokens: 57, tools: 2 }], total: 57 });
  });

  it('given a denied tool, leaves it out of its server’s tokens, tool count and the total', async () => {
    writeClaudeConfig({ fx: toolsServer('alpha,beta') });
    const admin = startAdmin();
    await admin.check({ name: 'fx', scope: 'user' });
    const { servers } = await admin.list({ reveal: true });
    const lastChecks = createLastChecks(lastChecksPath(world.configPath), (error) => {
      throw error;
    });

    const cost = await contextCost({
      servers,
      projectPath: world.projectDir,
      lastChecks,
      isDenied: (server, tool) => server === 'fx' && tool === 'beta',
    });

    expect(cost).toEqual({
      servers: [
        {
          name: 'fx',
          scope: 'user',
          source: world.configPath,
          tokens: 29,
          tools: 1,
          loads: true,
          checkedAt: anyTime,
          checkStatus: 'ok',
        },
      ],
      total: 29,
      method: 'estimate',
    });
  });
});

describe('the kept checks file', () => {
  it(`keeps the newest ${String(LAST_CHECKS_MAX)} checks when given more`, async () => {
    const path = lastChecksPath(world.configPath);
    const checks = Array.from({ length: LAST_CHECKS_MAX + 5 }, (_, index) => ({
      server: `s${String(index)}`,
      entry: `e${String(index)}`,
      checkedAt: index,
      status: 'ok' as const,
    }));

    await writeLastChecks(path, checks);

    const kept = await readLastChecks(path);
    expect(kept).toHaveLength(LAST_CHECKS_MAX);
    expect(kept[0]?.server).toBe('s5');
  });
});
