/**
 * Intent before action for the writes of Claude Code's settings that take something away (issue
 * 42): a permission rule removed, a project server's approval taken out of its list. Each is cut
 * off after its write and before its history line (the history cannot be written: a folder stands
 * where it goes); the next MCP Admin to start finds the intent, records the change as interrupted,
 * and its undo puts back what the write took away. No CLI runs: the subject is MCP Admin's files.
 */
import { createTestWorld, FAKE_CLAUDE, worldAdminOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createMcpAdmin } from '../../../src/service/mcp-admin';
import type { McpAdmin } from '../../../src/service/mcp-admin';

let world: TestWorld;
const admins: McpAdmin[] = [];
beforeEach(() => {
  world = createTestWorld({ claudeBin: FAKE_CLAUDE });
});
afterEach(async () => {
  await Promise.all(admins.splice(0).map((admin) => admin.close()));
  world.remove();
});

function startAdmin(): McpAdmin {
  const admin = createMcpAdmin(worldAdminOptions(world, { logWarning: () => undefined }));
  admins.push(admin);
  return admin;
}

const localSettings = () => join(world.projectDir, '.claude', 'settings.local.json');
const historyFile = () => join(world.configDir, '.mcp-admin', 'history.jsonl');

/** Runs `change` on an MCP Admin whose history cannot be written, then closes it: as if killed before its line. */
async function cutOffBeforeItsHistoryLine(change: (admin: McpAdmin) => Promise<unknown>): Promise<void> {
  mkdirSync(historyFile(), { recursive: true });
  const admin = startAdmin();
  await change(admin);
  await admin.close();
  rmdirSync(historyFile());
}

/** The next MCP Admin, once it has settled what the last one left at start. */
async function restarted(): Promise<McpAdmin> {
  const admin = startAdmin();
  await admin.settleDisabled();
  return admin;
}

it('records a permission write cut off after it removed a deny rule as interrupted and completed, and its undo puts the deny back', async () => {
  mkdirSync(join(world.projectDir, '.claude'), { recursive: true });
  writeFileSync(localSettings(), JSON.stringify({ permissions: { deny: ['mcp__web'] } }));

  await cutOffBeforeItsHistoryLine((admin) =>
    admin.setPermission({
      server: 'web',
      kind: 'default',
      file: 'project-local',
      projectPath: world.projectDir,
    }),
  );
  expect(JSON.parse(readFileSync(localSettings(), 'utf8'))).toEqual({ permissions: {} });

  const admin = await restarted();
  const [change] = await admin.history();
  expect(change).toMatchObject({
    procedure: 'mcp.setPermission',
    name: 'web',
    interrupted: 'completed',
    undoable: true,
  });
  await admin.undo({ id: change?.id ?? '' });
  expect(JSON.parse(readFileSync(localSettings(), 'utf8'))).toEqual({ permissions: { deny: ['mcp__web'] } });
});

it('records an approval switch cut off after it took a project server out of enabledMcpjsonServers as interrupted and completed, and its undo puts it back', async () => {
  writeFileSync(
    join(world.projectDir, '.mcp.json'),
    JSON.stringify({ mcpServers: { team: { command: 'team-cmd', args: [] } } }),
  );
  mkdirSync(join(world.projectDir, '.claude'), { recursive: true });
  writeFileSync(localSettings(), JSON.stringify({ enabledMcpjsonServers: ['team'] }));

  await cutOffBeforeItsHistoryLine((admin) =>
    admin.disable({ name: 'team', scope: 'project', projectPath: world.projectDir }),
  );
  expect(JSON.parse(readFileSync(localSettings(), 'utf8'))).toEqual({
    enabledMcpjsonServers: [],
    disabledMcpjsonServers: ['team'],
  });

  const admin = await restarted();
  const [change] = await admin.history();
  expect(change).toMatchObject({
    procedure: 'mcp.disable',
    name: 'team',
    interrupted: 'completed',
    undoable: true,
  });
  await admin.undo({ id: change?.id ?? '' });
  expect(JSON.parse(readFileSync(localSettings(), 'utf8'))).toMatchObject({
    enabledMcpjsonServers: ['team'],
  });
});

it('records a permission write cut off before its write as interrupted with nothing changed, the rule left as it was', async () => {
  mkdirSync(join(world.projectDir, '.claude'), { recursive: true });
  const settings = JSON.stringify({ permissions: { deny: ['mcp__web'] } });
  writeFileSync(localSettings(), settings);
  // The intent a killed MCP Admin left before its write: its owner process has ended.
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  const id = randomUUID();
  const own = join(world.configDir, '.mcp-admin');
  mkdirSync(own, { recursive: true, mode: 0o700 });
  const rule = { kind: 'deny', rule: 'mcp__web', index: 0 };
  const record = {
    id,
    time: new Date().toISOString(),
    kind: 'permission',
    procedure: 'mcp.setPermission',
    name: 'web',
    scope: 'local',
    projectPath: world.projectDir,
    ok: false,
    message: 'Began; MCP Admin stopped before this change ended.',
    permission: {
      settingsFile: localSettings(),
      file: 'project-local',
      rule: 'mcp__web',
      from: [rule],
      to: [],
    },
  };
  writeFileSync(
    join(own, `change-${id}.json`),
    JSON.stringify({ version: 1, owner: { pid, startTime: 1 }, record }),
  );

  const admin = await restarted();

  expect(await admin.history()).toEqual([
    expect.objectContaining({
      id,
      procedure: 'mcp.setPermission',
      interrupted: 'nothing changed',
      undoable: false,
    }),
  ]);
  expect(readFileSync(localSettings(), 'utf8')).toBe(settings);
});
