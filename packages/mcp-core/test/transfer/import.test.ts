/** `mcp.import` on the fake CLI: each server its own outcome, its own change, stored whole. */
import { createTestWorld, FAKE_CLAUDE, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addArgv } from '../../src/cli/argv';
import { REDACTED } from '../../src/config';
import { McpCoreError } from '../../src/errors';
import { adminInWorld, fixture, storedConfigOf, type AdminArgs } from '../support/world-admin';

const PATIENTLY = { timeout: 30_000, interval: 50 };

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

function storedConfig() {
  return storedConfigOf(world);
}

function auditRecords(): { procedure: string; argv: string[]; entry?: unknown; outcome: unknown }[] {
  return readFileSync(join(world.configDir, '.mcp-admin', 'audit.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as ReturnType<typeof auditRecords>[number]);
}

const files = { command: 'npx', args: ['-y', '@scope/files', '/tmp'], env: { API_KEY: 's3cret' } };
const web = { type: 'http', url: 'https://e.test/mcp', headers: { Authorization: 'Bearer t0ken' } };
const signedIn = {
  type: 'streamable-http',
  url: 'https://e.test/oauth-mcp',
  oauth: { clientId: 'mcp-admin', callbackPort: 8765, scopes: 'read' },
  timeout: 15000,
  alwaysLoad: true,
};

/** The mixed document: three new servers, one invalid, one already stored alike, one stored differently. */
const MIXED = `{
  "mcpServers": {
    "files": ${JSON.stringify(files)},
    "web": ${JSON.stringify(web)},
    "signed-in": ${JSON.stringify(signedIn)},
    "broken": { "command": "node", "env": { "BAD KEY": "v" }, "url": "https://e.test" },
    "same": { "type": "stdio", "command": "node", "args": ["same.js"] },
    "changed": { "command": "node", "args": ["new.js"] }
  }
}`;

/** `same` and `changed` in user scope, as another terminal would have added them. */
async function storeExistingServers(): Promise<void> {
  for (const [name, script] of [
    ['same', 'same.js'],
    ['changed', 'old.js'],
  ] as const) {
    await runCliAsAnotherTerminal(
      world,
      world.projectDir,
      addArgv({ name, scope: 'user', command: 'node', args: [script] }),
    );
  }
}

const existingUserServers = {
  same: { type: 'stdio', command: 'node', args: ['same.js'], env: {} },
  changed: { type: 'stdio', command: 'node', args: ['old.js'], env: {} },
};

describe('import', () => {
  it('adds each new server whole with add-json, oauth, timeout and alwaysLoad included, and reports every other one', async () => {
    await storeExistingServers();
    const admin = adminFor();

    await expect(admin.importServers({ json: MIXED, scope: 'user' })).resolves.toEqual([
      { name: 'files', outcome: 'added', message: 'Added stdio MCP server files to user config' },
      { name: 'web', outcome: 'added', message: 'Added http MCP server web to user config' },
      { name: 'signed-in', outcome: 'added', message: 'Added http MCP server signed-in to user config' },
      {
        name: 'broken',
        outcome: 'invalid',
        message:
          'env.BAD KEY: env name must start with a letter or "_" and hold only letters, digits and "_"; url: give either command or url, not both',
      },
      { name: 'same', outcome: 'exists', message: `Already in user scope (${world.configPath}), identical.` },
      {
        name: 'changed',
        outcome: 'exists',
        message: `Already in user scope (${world.configPath}), different in args; replace it or rename this one.`,
      },
    ]);
    expect(storedConfig().mcpServers).toEqual({
      ...existingUserServers,
      files: { ...files },
      web,
      'signed-in': { ...signedIn, type: 'http' },
    });
    expect(
      auditRecords().map(({ procedure, argv, entry, outcome }) => ({ procedure, argv, entry, outcome })),
    ).toEqual([
      {
        procedure: 'mcp.import',
        argv: ['mcp', 'add-json', '--scope', 'user', 'files', '-'],
        entry: { ...files, env: { API_KEY: REDACTED } },
        outcome: { ok: true, message: 'Added stdio MCP server files to user config' },
      },
      {
        procedure: 'mcp.import',
        argv: ['mcp', 'add-json', '--scope', 'user', 'web', '-'],
        entry: { ...web, headers: { Authorization: REDACTED } },
        outcome: { ok: true, message: 'Added http MCP server web to user config' },
      },
      {
        procedure: 'mcp.import',
        argv: ['mcp', 'add-json', '--scope', 'user', 'signed-in', '-'],
        entry: { ...signedIn, type: 'http' },
        outcome: { ok: true, message: 'Added http MCP server signed-in to user config' },
      },
    ]);
  });

  it('previews with dryRun without spawning anything or changing a file', async () => {
    await storeExistingServers();
    const cliLog = join(world.plainDir, 'cli.log');
    const admin = adminFor(fixture('start-end-logging-claude.sh'), { CLI_LOG: cliLog });
    const before = readFileSync(world.configPath, 'utf8');

    const preview = await admin.importServers({ json: MIXED, scope: 'user', dryRun: true });

    expect(preview.map(({ name, outcome }) => ({ name, outcome }))).toEqual([
      { name: 'files', outcome: 'would-add' },
      { name: 'web', outcome: 'would-add' },
      { name: 'signed-in', outcome: 'would-add' },
      { name: 'broken', outcome: 'invalid' },
      { name: 'same', outcome: 'exists' },
      { name: 'changed', outcome: 'exists' },
    ]);
    expect(preview[0]).toEqual({
      name: 'files',
      outcome: 'would-add',
      message: 'Would be added to user scope.',
    });
    expect(existsSync(cliLog)).toBe(false);
    expect(readFileSync(world.configPath, 'utf8')).toBe(before);
    expect(existsSync(join(world.configDir, '.mcp-admin', 'audit.jsonl'))).toBe(false);
  });

  it('with only, imports just the named servers, into local scope of the project', async () => {
    const admin = adminFor();

    await expect(admin.importServers({ json: MIXED, scope: 'local', only: ['web'] })).resolves.toEqual([
      { name: 'web', outcome: 'added', message: 'Added http MCP server web to local config' },
    ]);
    expect(storedConfig().projects?.[world.projectDir]?.mcpServers).toEqual({ web });
    expect(storedConfig().mcpServers).toBeUndefined();
  });

  it('refuses an only naming a server the document does not hold, before any spawn', async () => {
    const cliLog = join(world.plainDir, 'cli.log');
    const admin = adminFor(fixture('start-end-logging-claude.sh'), { CLI_LOG: cliLog });

    await expect(
      admin.importServers({ json: MIXED, scope: 'user', only: ['web', 'nope', 'other'] }),
    ).rejects.toEqual(new McpCoreError('INVALID_INPUT', 'only: "nope", "other" not in the document'));
    expect(existsSync(cliLog)).toBe(false);
  });

  it('says which of a name given twice is imported: the last', async () => {
    const admin = adminFor();
    const json = '{\n  "twice": {"command": "first"},\n  "twice": {"command": "last"}\n}';

    await expect(admin.importServers({ json, scope: 'user' })).resolves.toEqual([
      {
        name: 'twice',
        outcome: 'added',
        message:
          'Added stdio MCP server twice to user config "twice" appears 2 times in the text (lines 2, 3): the last one, on line 3, is the one used.',
      },
    ]);
    expect(storedConfig().mcpServers).toEqual({ twice: { command: 'last', args: [] } });
  });

  it("goes on after a server that fails: a CLI call that times out is that server's failure only", async () => {
    const admin = adminFor(
      fixture('hanging-claude.sh'),
      { HANG_PID_FILE: join(world.plainDir, 'hang.pid') },
      { cliTimeoutMs: 3000 },
    );
    const json = JSON.stringify({ 'hang-first': { command: 'node' }, after: { command: 'node' } });

    await expect(admin.importServers({ json, scope: 'user' })).resolves.toEqual([
      {
        name: 'hang-first',
        outcome: 'failed',
        message:
          'The Claude CLI did not finish within 3000 ms and was stopped (MCP_ADMIN_CLI_TIMEOUT_MS sets the limit).',
      },
      { name: 'after', outcome: 'added', message: 'Added stdio MCP server after to user config' },
    ]);
    expect(storedConfig().mcpServers).toEqual({ after: { command: 'node', args: [] } });
  });

  it('gives each server its own queue turn: an import started meanwhile takes turns with it server by server', async () => {
    // The first server's CLI call hangs until the timeout: the second import surely waits behind it.
    const pidFile = join(world.plainDir, 'hang.pid');
    const admin = adminFor(fixture('hanging-claude.sh'), { HANG_PID_FILE: pidFile }, { cliTimeoutMs: 3000 });
    const first = JSON.stringify({ 'hang-a1': { command: 'node' }, a2: { command: 'node' } });
    const second = JSON.stringify({ b1: { command: 'node' }, b2: { command: 'node' } });

    const importingFirst = admin.importServers({ json: first, scope: 'user' });
    await vi.waitFor(() => {
      expect(existsSync(pidFile)).toBe(true);
    }, PATIENTLY);
    await Promise.all([importingFirst, admin.importServers({ json: second, scope: 'user' })]);

    expect(auditRecords().map(({ argv, outcome }) => [argv[4], (outcome as { ok: boolean }).ok])).toEqual([
      ['hang-a1', false],
      ['b1', true],
      ['a2', true],
      ['b2', true],
    ]);
  });

  it('refuses a document that is not JSON, saying where, and one that is not an object', async () => {
    const admin = adminFor();

    await expect(admin.importServers({ json: '{\n  "a": {,}\n}', scope: 'user' })).rejects.toEqual(
      new McpCoreError('INVALID_INPUT', 'json is not valid JSON: Unexpected character at line 2, column 9'),
    );
    await expect(admin.importServers({ json: '[{"command": "x"}]', scope: 'user' })).rejects.toEqual(
      new McpCoreError(
        'INVALID_INPUT',
        'json must be a JSON object, { "mcpServers": { … } } or servers by name, not an array',
      ),
    );
    expect(existsSync(world.configPath)).toBe(false);
  });
});
