/**
 * `mcp.setPermission` writes one rule into the chosen settings file and nothing else: every other
 * key kept in its order, the file's other rules on the same target removed so it says one thing,
 * a new file 0600 (its `.claude/` made), never through a link, refused under a managed rule, and
 * undone by putting the file's rules on that target back exactly as they were.
 */
import { createTestWorld, MCP_SERVER_SCRIPTS } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { McpCoreError } from '../../src/errors';
import { effectivePermission } from '../../src/schemas';
import type { McpAdmin } from '../../src/service';
import { adminInWorld } from '../support/world-admin';

let world: TestWorld;
let admin: McpAdmin;
beforeEach(() => {
  world = createTestWorld();
  admin = adminInWorld(world);
});
afterEach(async () => {
  await admin.close();
  world.remove();
});

const localSettings = () => join(world.projectDir, '.claude', 'settings.local.json');
const userSettings = () => join(world.configDir, 'settings.json');

/** A personal settings file as a person writes it: other keys before and after, two spaces. */
const LOCAL_TEXT = `{
  "enabledMcpjsonServers": ["files"],
  "permissions": {
    "allow": ["Bash(ls:*)", "mcp__db__query"],
    "defaultMode": "acceptEdits"
  },
  "env": { "A": "1" }
}
`;

function seedLocal(text = LOCAL_TEXT) {
  mkdirSync(join(world.projectDir, '.claude'), { recursive: true });
  writeFileSync(localSettings(), text);
}

it("denies a tool in the project's personal file, keeping every other key in its order and the allow of the same tool gone, audited", async () => {
  seedLocal();
  const result = await admin.setPermission({
    server: 'db',
    tool: 'query',
    kind: 'deny',
    file: 'project-local',
  });

  expect(result).toEqual({
    ok: true,
    changeId: expect.any(String) as unknown,
    message: `Denied mcp__db__query in ${localSettings()}.`,
  });
  const audit = readFileSync(join(world.configDir, '.mcp-admin', 'audit.jsonl'), 'utf8')
    .trim()
    .split('\n');
  expect(audit.map((line) => JSON.parse(line) as unknown)).toEqual([
    {
      time: expect.any(String) as unknown,
      procedure: 'mcp.setPermission',
      argv: [],
      outcome: { ok: true, message: `Denied mcp__db__query in ${localSettings()}.` },
    },
  ]);
  expect(readFileSync(localSettings(), 'utf8')).toBe(
    `${JSON.stringify(
      {
        enabledMcpjsonServers: ['files'],
        permissions: { allow: ['Bash(ls:*)'], defaultMode: 'acceptEdits', deny: ['mcp__db__query'] },
        env: { A: '1' },
      },
      null,
      2,
    )}\n`,
  );
});

it('makes .claude/ and a 0600 file for the first rule, and Default removes the rule again', async () => {
  await admin.setPermission({ server: 'db', kind: 'ask', file: 'project-local' });
  expect(JSON.parse(readFileSync(localSettings(), 'utf8'))).toEqual({ permissions: { ask: ['mcp__db'] } });
  expect(statSync(localSettings()).mode & 0o777).toBe(0o600);

  const result = await admin.setPermission({ server: 'db', kind: 'default', file: 'project-local' });
  expect(result.message).toBe(`Removed the rules on mcp__db from ${localSettings()}.`);
  expect(JSON.parse(readFileSync(localSettings(), 'utf8'))).toEqual({ permissions: {} });
});

it('undo puts back exactly the file the change found, and is refused once the rule changed since', async () => {
  seedLocal();
  await admin.setPermission({ server: 'db', tool: 'query', kind: 'deny', file: 'project-local' });
  const [denied] = await admin.history();
  expect(denied).toMatchObject({
    procedure: 'mcp.setPermission',
    name: 'db',
    scope: 'local',
    undoable: true,
    files: [localSettings()],
  });

  await admin.undo({ id: denied?.id ?? '' });
  // Rewritten as JSON is written (two spaces), every key and rule where it was.
  expect(readFileSync(localSettings(), 'utf8')).toBe(`${JSON.stringify(JSON.parse(LOCAL_TEXT), null, 2)}\n`);

  await admin.setPermission({ server: 'db', tool: 'query', kind: 'ask', file: 'project-local' });
  const [asked] = await admin.history();
  await admin.setPermission({ server: 'db', tool: 'query', kind: 'allow', file: 'project-local' });
  const before = readFileSync(localSettings(), 'utf8');
  await expect(admin.undo({ id: asked?.id ?? '' })).rejects.toEqual(
    new McpCoreError(
      'CHANGED_SINCE',
      `The rules on tool "query" of "db" in ${localSettings()} changed since (now: allow mcp__db__query; the change left: ask mcp__db__query): undoing it would overwrite that, so nothing was written.`,
    ),
  );
  expect(readFileSync(localSettings(), 'utf8')).toBe(before);
});

it('refuses a change under a managed rule, naming it, and writes nothing', async () => {
  mkdirSync(world.managedDir, { recursive: true });
  const managed = join(world.managedDir, 'managed-settings.json');
  writeFileSync(managed, JSON.stringify({ permissions: { deny: ['mcp__db__*'] } }));

  await expect(
    admin.setPermission({ server: 'db', tool: 'query', kind: 'allow', file: 'user' }),
  ).rejects.toEqual(
    new McpCoreError(
      'MANAGED_CONFIG',
      `"mcp__db__*" in permissions.deny of ${managed} (managed by your organization) decides mcp__db__query; no other settings file can change that, so nothing was written.`,
    ),
  );
  expect(existsSync(userSettings())).toBe(false);
  expect(await admin.history()).toEqual([]);
});

it('never writes through a link: a settings.local.json linked to a file outside the project is refused, both unchanged', async () => {
  const outside = join(world.plainDir, 'secret.json');
  writeFileSync(outside, '{"token": "s3cret"}\n');
  mkdirSync(join(world.projectDir, '.claude'), { recursive: true });
  symlinkSync(outside, localSettings());

  await expect(
    admin.setPermission({ server: 'db', tool: 'query', kind: 'deny', file: 'project-local' }),
  ).rejects.toMatchObject({ code: 'LINKED_FILE' });
  expect(readFileSync(outside, 'utf8')).toBe('{"token": "s3cret"}\n');
});

it('refuses a server name that is not one, naming the field, with no file written', async () => {
  const refusal = admin.setPermission({ server: 'db", "x', tool: 'query', kind: 'deny', file: 'user' });
  await expect(refusal).rejects.toBeInstanceOf(ZodError);
  await expect(refusal).rejects.toMatchObject({
    issues: [
      expect.objectContaining({
        path: ['server'],
        message: 'server may only contain letters, digits and "_", "-", ".", ":", "@"',
      }),
    ],
  });
  expect(existsSync(userSettings())).toBe(false);
});

it('lists every rule with its file and kind, and a check gives each tool the permission that decides it', async () => {
  writeFileSync(
    userSettings(),
    JSON.stringify({ permissions: { deny: ['mcp__tools__ping'], ask: ['mcp__tools'] } }),
  );
  await admin.add({
    name: 'tools',
    scope: 'user',
    command: process.execPath,
    args: [MCP_SERVER_SCRIPTS.toolsFromEnv],
    env: { TOOL_NAMES: 'ping,pong' },
  });

  expect((await admin.permissions()).rules).toEqual([
    { rule: 'mcp__tools', kind: 'ask', source: 'user', file: userSettings(), server: 'tools' },
    {
      rule: 'mcp__tools__ping',
      kind: 'deny',
      source: 'user',
      file: userSettings(),
      server: 'tools',
      tool: 'ping',
    },
  ]);
  const result = await admin.check({ name: 'tools', scope: 'user' });
  const anyTokens = expect.any(Number) as unknown as number;
  expect(result.tools).toEqual([
    {
      name: 'ping',
      description: 'Tool ping',
      inputSchema: { type: 'object' },
      // Its tokens: test/check/tool-tokens.test.ts.
      tokens: anyTokens,
      permission: { kind: 'deny', rule: 'mcp__tools__ping', file: userSettings(), source: 'user' },
    },
    {
      name: 'pong',
      description: 'Tool pong',
      inputSchema: { type: 'object' },
      // Its tokens: test/check/tool-tokens.test.ts.
      tokens: anyTokens,
      permission: { kind: 'ask', rule: 'mcp__tools', file: userSettings(), source: 'user' },
    },
  ]);
});

it('undo of a deny still works after an unrelated rule was put before it in the same list, and keeps that rule', async () => {
  seedLocal();
  await admin.setPermission({ server: 'db', tool: 'query', kind: 'deny', file: 'project-local' });
  const [denied] = await admin.history();
  const edited = JSON.parse(readFileSync(localSettings(), 'utf8')) as { permissions: { deny: string[] } };
  edited.permissions.deny.unshift('Bash(rm:*)', 'mcp__other');
  writeFileSync(localSettings(), JSON.stringify(edited));

  await admin.undo({ id: denied?.id ?? '' });

  expect(JSON.parse(readFileSync(localSettings(), 'utf8'))).toMatchObject({
    permissions: { allow: ['Bash(ls:*)', 'mcp__db__query'], deny: ['Bash(rm:*)', 'mcp__other'] },
  });
});

function writeManaged(settings: unknown): string {
  mkdirSync(world.managedDir, { recursive: true });
  const managed = join(world.managedDir, 'managed-settings.json');
  writeFileSync(managed, JSON.stringify(settings));
  return managed;
}

it("a managed allow leaves the user's deny, ask and removal free; a managed ask still refuses an allow", async () => {
  writeManaged({ permissions: { allow: ['mcp__db'], ask: ['mcp__db__drop'] } });

  await admin.setPermission({ server: 'db', tool: 'query', kind: 'deny', file: 'user' });
  await admin.setPermission({ server: 'db', tool: 'load', kind: 'ask', file: 'user' });
  await admin.setPermission({ server: 'db', tool: 'load', kind: 'default', file: 'user' });
  expect(JSON.parse(readFileSync(userSettings(), 'utf8'))).toEqual({
    permissions: { deny: ['mcp__db__query'] },
  });
  const { rules } = await admin.permissions();
  expect(effectivePermission(rules, 'db', 'query')).toMatchObject({ kind: 'deny', source: 'user' });
  // A managed ask is stricter than an allow: that one would not take effect.
  await expect(
    admin.setPermission({ server: 'db', tool: 'drop', kind: 'allow', file: 'user' }),
  ).rejects.toMatchObject({ code: 'MANAGED_CONFIG' });
});

it('allowManagedPermissionRulesOnly marks every other rule inert, resolves by managed rules alone, and refuses a write naming the file', async () => {
  const managed = writeManaged({
    allowManagedPermissionRulesOnly: true,
    permissions: { ask: ['mcp__db__drop'] },
  });
  seedLocal();

  const { rules, managedRulesOnly } = await admin.permissions();
  expect(managedRulesOnly).toBe(managed);
  expect(rules.map(({ rule, inert }) => ({ rule, inert }))).toEqual([
    { rule: 'mcp__db__drop', inert: undefined },
    { rule: 'mcp__db__query', inert: true },
  ]);
  expect(effectivePermission(rules, 'db', 'query')).toEqual({ kind: 'default' });
  expect(effectivePermission(rules, 'db', 'drop')).toMatchObject({ kind: 'ask', source: 'managed' });

  await expect(
    admin.setPermission({ server: 'db', tool: 'query', kind: 'deny', file: 'project-local' }),
  ).rejects.toEqual(
    new McpCoreError(
      'MANAGED_CONFIG',
      `allowManagedPermissionRulesOnly in ${managed} (managed by your organization) lets only managed permission rules apply; a rule on mcp__db__query in another file would have no effect, so nothing was written.`,
    ),
  );
  expect(readFileSync(localSettings(), 'utf8')).toBe(LOCAL_TEXT);
});

it("writes through the user's settings.json when it is a link into ~/dotfiles (GNU stow): the file it leads to changes atomically, the link stays, and undo goes there too", async () => {
  const dotfile = join(world.plainDir, 'dotfiles', 'claude', '.claude', 'settings.json');
  mkdirSync(join(dotfile, '..'), { recursive: true });
  writeFileSync(dotfile, JSON.stringify({ theme: 'dark', permissions: { allow: ['Bash(ls:*)'] } }));
  chmodSync(dotfile, 0o640);
  symlinkSync(relative(world.configDir, dotfile), userSettings());

  await admin.setPermission({ server: 'db', tool: 'query', kind: 'deny', file: 'user' });

  expect(lstatSync(userSettings()).isSymbolicLink()).toBe(true);
  expect(JSON.parse(readFileSync(dotfile, 'utf8'))).toEqual({
    theme: 'dark',
    permissions: { allow: ['Bash(ls:*)'], deny: ['mcp__db__query'] },
  });
  expect(statSync(dotfile).mode & 0o777).toBe(0o640);
  expect((await admin.permissions()).rules).toMatchObject([{ rule: 'mcp__db__query', source: 'user' }]);

  const [change] = await admin.history();
  await admin.undo({ id: change?.id ?? '' });
  expect(lstatSync(userSettings()).isSymbolicLink()).toBe(true);
  expect(JSON.parse(readFileSync(dotfile, 'utf8'))).toEqual({
    theme: 'dark',
    permissions: { allow: ['Bash(ls:*)'] },
  });
});

it.skipIf(process.getuid?.() !== 0)(
  "refuses the user's settings.json when it links to a file another user owns, and writes nothing",
  async () => {
    const theirs = join(world.plainDir, 'shared-settings.json');
    writeFileSync(theirs, '{}\n');
    chownSync(theirs, 65534, 65534);
    symlinkSync(theirs, userSettings());

    await expect(
      admin.setPermission({ server: 'db', tool: 'query', kind: 'deny', file: 'user' }),
    ).rejects.toEqual(
      new McpCoreError(
        'LINKED_FILE',
        `${userSettings()} is a link to ${theirs}, which belongs to another user (uid 65534): MCP Admin follows a link from your settings only to a regular file of yours; nothing was written.`,
      ),
    );
    expect(readFileSync(theirs, 'utf8')).toBe('{}\n');
  },
);
