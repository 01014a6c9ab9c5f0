/**
 * Intent before action for the writes that take something away (issue 42): a permission rule
 * removed, a project server's approval taken out of its list, a user- or local-scope server
 * disabled or enabled; and for adds and imports, so one that landed is in the history all the same. Each is
 * cut off after its write and before its history line (the history cannot be
 * written: a folder stands where it goes); the next MCP Admin to start finds the intent, records
 * the change as interrupted, and its undo puts back what the write took away. A change
 * whose MCP Admin still runs is left alone until that process is gone. The subject is MCP
 * Admin's files: a switch runs the fake CLI (core/cli/fake-claude-contract.test.ts holds it to the real one).
 */
import { createTestWorld, FAKE_CLAUDE, worldAdminOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
/** The planned approval switch two tests cut off: `team` moved from approved to rejected in the local settings. */
const teamApprovalOff = () => ({
  kind: 'switch',
  procedure: 'mcp.disable',
  name: 'team',
  scope: 'project',
  projectPath: world.projectDir,
  approval: { settingsFile: localSettings(), from: 'enabledMcpjsonServers', to: 'disabledMcpjsonServers' },
});
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

/** `file` unwritable and still readable: immutable as root (who writes through any mode), else mode 0400. */
function makeFileReadOnly(file: string): () => void {
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chattr', ['+i', file]);
  else chmodSync(file, 0o400);
  return () => {
    if (asRoot) execFileSync('chattr', ['-i', file]);
    else chmodSync(file, 0o600);
  };
}

it('records an undo of a permission change cut off after it removed the rule as interrupted and completed, and undoing that puts the rule back', async () => {
  mkdirSync(join(world.projectDir, '.claude'), { recursive: true });
  writeFileSync(localSettings(), JSON.stringify({ permissions: {} }));
  const first = startAdmin();
  const denied = await first.setPermission({
    server: 'web',
    kind: 'deny',
    file: 'project-local',
    projectPath: world.projectDir,
  });
  await first.close();
  expect(JSON.parse(readFileSync(localSettings(), 'utf8'))).toEqual({ permissions: { deny: ['mcp__web'] } });

  // The undo reads the history to find the change; only its own line cannot be written there.
  const restore = makeFileReadOnly(historyFile());
  try {
    const cut = startAdmin();
    await cut.undo({ id: denied.changeId ?? '' });
    await cut.close();
  } finally {
    restore();
  }
  expect(JSON.parse(readFileSync(localSettings(), 'utf8'))).toEqual({ permissions: {} });

  const admin = await restarted();
  const [undo, change] = await admin.history();
  expect({ undo, change }).toMatchObject({
    undo: { procedure: 'mcp.undo', name: 'web', interrupted: 'completed', undoable: true },
    change: { id: denied.changeId, procedure: 'mcp.setPermission', undoable: false },
  });
  await admin.undo({ id: undo?.id ?? '' });
  expect(JSON.parse(readFileSync(localSettings(), 'utf8'))).toEqual({ permissions: { deny: ['mcp__web'] } });
});

/**
 * The intent a killed MCP Admin left before its first step, of a change planned as `planned`: its
 * owner process has ended. Returns the change's id.
 */
function intentOfKilledAdmin(planned: Record<string, unknown>): string {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  return intentOfAdmin({ pid, startTime: 1 }, planned);
}

/** The intent file of a change `planned` begun by the MCP Admin of process `owner`. */
function intentOfAdmin(
  owner: { pid: number; startTime: number | null },
  planned: Record<string, unknown>,
): string {
  const id = randomUUID();
  const own = join(world.configDir, '.mcp-admin');
  mkdirSync(own, { recursive: true, mode: 0o700 });
  const record = {
    id,
    time: new Date().toISOString(),
    ok: false,
    message: 'Began; MCP Admin stopped before this change ended.',
    ...planned,
  };
  writeFileSync(join(own, `change-${id}.json`), JSON.stringify({ version: 1, owner, record }));
  return id;
}

it('records a permission write cut off before its write as interrupted with nothing changed, the rule left as it was', async () => {
  mkdirSync(join(world.projectDir, '.claude'), { recursive: true });
  const settings = JSON.stringify({ permissions: { deny: ['mcp__web'] } });
  writeFileSync(localSettings(), settings);
  const rule = { kind: 'deny', rule: 'mcp__web', index: 0 };
  const id = intentOfKilledAdmin({
    kind: 'permission',
    procedure: 'mcp.setPermission',
    name: 'web',
    scope: 'local',
    projectPath: world.projectDir,
    permission: {
      settingsFile: localSettings(),
      file: 'project-local',
      rule: 'mcp__web',
      from: [rule],
      to: [],
    },
  });

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

it('records an approval switch cut off before its write as interrupted with nothing changed, the settings file byte-identical', async () => {
  mkdirSync(join(world.projectDir, '.claude'), { recursive: true });
  const settings = JSON.stringify({ enabledMcpjsonServers: ['team'] });
  writeFileSync(localSettings(), settings);
  const id = intentOfKilledAdmin(teamApprovalOff());

  const admin = await restarted();

  expect(await admin.history()).toEqual([
    expect.objectContaining({
      id,
      procedure: 'mcp.disable',
      interrupted: 'nothing changed',
      undoable: false,
    }),
  ]);
  expect(readFileSync(localSettings(), 'utf8')).toBe(settings);
});

const WEB = { type: 'http', url: 'https://example.test/mcp', headers: { Authorization: 'Bearer s3cret' } };
const stashFile = () => join(world.configDir, '.mcp-admin', 'disabled.json');
const storedServers = () =>
  (JSON.parse(readFileSync(world.configPath, 'utf8')) as { mcpServers?: unknown }).mcpServers;
const stashedEntries = () =>
  (JSON.parse(readFileSync(stashFile(), 'utf8')) as { servers: { name: string; entry: unknown }[] }).servers;

/** `web` kept in the stash as a disable stashes it. */
function stashWeb(): void {
  const web = { scope: 'user', name: 'web', entry: WEB, disabledAt: new Date().toISOString() };
  mkdirSync(dirname(stashFile()), { recursive: true, mode: 0o700 });
  writeFileSync(stashFile(), JSON.stringify({ version: 1, servers: [web] }));
}

it('records a user-scope disable cut off after the CLI removed the server as interrupted and completed, and its undo adds the whole entry back', async () => {
  writeFileSync(world.configPath, JSON.stringify({ mcpServers: { web: WEB } }));

  await cutOffBeforeItsHistoryLine((admin) => admin.disable({ name: 'web', scope: 'user' }));
  expect({ stored: storedServers(), stash: stashedEntries() }).toEqual({
    stored: {},
    stash: [expect.objectContaining({ name: 'web', entry: WEB })],
  });

  const admin = await restarted();
  const [change] = await admin.history();
  expect(change).toMatchObject({
    procedure: 'mcp.disable',
    name: 'web',
    scope: 'user',
    interrupted: 'completed',
    undoable: true,
  });
  await admin.undo({ id: change?.id ?? '' });
  expect({ stored: storedServers(), stash: stashedEntries() }).toEqual({ stored: { web: WEB }, stash: [] });
});

it('records a user-scope enable cut off after the CLI added the server back as interrupted and completed, and its undo disables it again', async () => {
  writeFileSync(world.configPath, JSON.stringify({ mcpServers: {} }));
  stashWeb();

  await cutOffBeforeItsHistoryLine((admin) => admin.enable({ name: 'web', scope: 'user' }));
  expect(storedServers()).toEqual({ web: WEB });

  const admin = await restarted();
  const [change] = await admin.history();
  expect(change).toMatchObject({
    procedure: 'mcp.enable',
    name: 'web',
    interrupted: 'completed',
    undoable: true,
  });
  await admin.undo({ id: change?.id ?? '' });
  expect({ stored: storedServers(), stash: stashedEntries() }).toEqual({
    stored: {},
    stash: [expect.objectContaining({ name: 'web', entry: WEB })],
  });
});

it('records a user-scope disable cut off before its remove as interrupted with nothing changed, the server still stored and no longer stashed', async () => {
  const config = JSON.stringify({ mcpServers: { web: WEB } });
  writeFileSync(world.configPath, config);
  const id = intentOfKilledAdmin({
    kind: 'switch',
    procedure: 'mcp.disable',
    name: 'web',
    scope: 'user',
    before: {
      name: 'web',
      scope: 'user',
      projectPath: world.projectDir,
      source: world.configPath,
      entry: WEB,
    },
  });
  // Its first step landed: the whole entry in the stash.
  stashWeb();

  const admin = await restarted();

  expect(await admin.history()).toEqual([
    expect.objectContaining({
      id,
      procedure: 'mcp.disable',
      interrupted: 'nothing changed',
      undoable: false,
    }),
  ]);
  expect({ config: readFileSync(world.configPath, 'utf8'), stash: stashedEntries() }).toEqual({
    config,
    stash: [],
  });
});

const localServers = () =>
  (
    JSON.parse(readFileSync(world.configPath, 'utf8')) as {
      projects?: Record<string, { mcpServers?: unknown }>;
    }
  ).projects?.[world.projectDir]?.mcpServers;

it('records a local-scope disable cut off after the CLI removed the server as interrupted and completed, and its undo adds the whole entry back to that project', async () => {
  writeFileSync(
    world.configPath,
    JSON.stringify({ projects: { [world.projectDir]: { mcpServers: { web: WEB } } } }),
  );

  await cutOffBeforeItsHistoryLine((admin) =>
    admin.disable({ name: 'web', scope: 'local', projectPath: world.projectDir }),
  );
  expect({ stored: localServers(), stash: stashedEntries() }).toEqual({
    stored: {},
    stash: [expect.objectContaining({ name: 'web', scope: 'local', entry: WEB })],
  });

  const admin = await restarted();
  const [change] = await admin.history();
  expect(change).toMatchObject({
    procedure: 'mcp.disable',
    name: 'web',
    scope: 'local',
    projectPath: world.projectDir,
    interrupted: 'completed',
    undoable: true,
  });
  await admin.undo({ id: change?.id ?? '' });
  expect({ stored: localServers(), stash: stashedEntries() }).toEqual({ stored: { web: WEB }, stash: [] });
});

it('records a user-scope enable cut off before its add-json as interrupted with nothing changed, the server still kept whole in the stash and not stored', async () => {
  const config = JSON.stringify({ mcpServers: {} });
  writeFileSync(world.configPath, config);
  stashWeb();
  const id = intentOfKilledAdmin({
    kind: 'switch',
    procedure: 'mcp.enable',
    name: 'web',
    scope: 'user',
    after: {
      name: 'web',
      scope: 'user',
      projectPath: world.projectDir,
      source: world.configPath,
      entry: WEB,
    },
  });

  const admin = await restarted();

  expect(await admin.history()).toEqual([
    expect.objectContaining({
      id,
      procedure: 'mcp.enable',
      interrupted: 'nothing changed',
      undoable: false,
    }),
  ]);
  expect({ config: readFileSync(world.configPath, 'utf8'), stash: stashedEntries() }).toEqual({
    config,
    stash: [expect.objectContaining({ name: 'web', entry: WEB })],
  });
});

it('leaves an approval switch of an MCP Admin that still runs as it is (no record, its intent kept, the settings file byte-identical), and settles it once that process is gone', async () => {
  mkdirSync(join(world.projectDir, '.claude'), { recursive: true });
  // Its write landed; its history line is not written yet: the other MCP Admin is still inside it.
  const settings = JSON.stringify({ enabledMcpjsonServers: [], disabledMcpjsonServers: ['team'] });
  writeFileSync(localSettings(), settings);
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  const otherExited = once(other, 'exit');
  try {
    // Its start time unknown (as on a system without /proc's): judged by whether the pid runs.
    const id = intentOfAdmin({ pid: other.pid ?? 0, startTime: null }, teamApprovalOff());
    const intent = join(world.configDir, '.mcp-admin', `change-${id}.json`);

    const whileRunning = await restarted();
    expect({
      history: await whileRunning.history(),
      intentKept: existsSync(intent),
      settings: readFileSync(localSettings(), 'utf8'),
    }).toEqual({ history: [], intentKept: true, settings });
    await whileRunning.close();

    other.kill('SIGKILL');
    await otherExited;
    const afterItsEnd = await restarted();
    expect(await afterItsEnd.history()).toEqual([
      expect.objectContaining({ id, procedure: 'mcp.disable', interrupted: 'completed', undoable: true }),
    ]);
    expect(existsSync(intent)).toBe(false);
  } finally {
    other.kill('SIGKILL');
  }
});

const projectServers = () =>
  (JSON.parse(readFileSync(join(world.projectDir, '.mcp.json'), 'utf8')) as { mcpServers?: unknown })
    .mcpServers;

it('records a user-scope add cut off after add-json stored it as interrupted and completed, and its undo removes it', async () => {
  writeFileSync(world.configPath, JSON.stringify({ mcpServers: {} }));

  await cutOffBeforeItsHistoryLine((admin) =>
    admin.add({ name: 'web', scope: 'user', url: WEB.url, headers: WEB.headers }),
  );
  expect(storedServers()).toEqual({ web: WEB });

  const admin = await restarted();
  const [change] = await admin.history();
  expect(change).toMatchObject({
    procedure: 'mcp.add',
    name: 'web',
    scope: 'user',
    interrupted: 'completed',
    undoable: true,
  });
  await admin.undo({ id: change?.id ?? '' });
  expect(storedServers()).toEqual({});
});

it('records a project-scope import cut off after add-json stored it as interrupted and completed, and its undo takes it out of .mcp.json though the CLI stored it with args added', async () => {
  // No args: add-json stores `args: []`, so the record must hold the entry as stored for its undo to match it.
  const json = JSON.stringify({ mcpServers: { team: { command: 'team-cmd' } } });

  await cutOffBeforeItsHistoryLine((admin) =>
    admin.importServers({ json, scope: 'project', projectPath: world.projectDir }),
  );
  expect(projectServers()).toEqual({ team: { command: 'team-cmd', args: [] } });

  const admin = await restarted();
  const [change] = await admin.history();
  expect(change).toMatchObject({
    procedure: 'mcp.import',
    name: 'team',
    scope: 'project',
    interrupted: 'completed',
    undoable: true,
  });
  await admin.undo({ id: change?.id ?? '' });
  expect(projectServers()).toEqual({});
});
