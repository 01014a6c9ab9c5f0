/**
 * The reads (`list`, `info`) and the audit log every change writes, also when it cannot be written.
 * Changes go through the verified fake CLI (core/cli/fake-claude-contract.test.ts): the subject is
 * what the service records. `info` asks the pinned real CLI its version.
 */
import { createTestWorld, FAKE_CLAUDE, PINNED_CLAUDE_BIN } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REDACTED } from '../../../src/config';
import { McpCoreError } from '../../../src/errors';
import { adminInWorld, fixture, storedConfigOf, type AdminArgs } from '../../support/world-admin';

const claude = PINNED_CLAUDE_BIN;

let world: TestWorld;
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

describe('info and audit', () => {
  it('reports the product version, paths and the CLI it drives', async () => {
    await expect(adminFor(claude).info()).resolves.toEqual({
      version: '0.1.0',
      configPath: world.configPath,
      defaultProject: world.projectDir,
      cli: { path: claude, version: '2.1.332 (Claude Code)' },
      managed: null,
      keychain: expect.objectContaining({ backend: 'Secret Service' }) as unknown,
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
      keychain: expect.objectContaining({ backend: 'Secret Service' }) as unknown,
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
  // A folder where the log and the history should be: every append fails, whatever the user running
  // tests, while the change's intent (a file of its own in .mcp-admin/) is still written first.
  function blockAuditLog(): string {
    const folder = join(world.configDir, '.mcp-admin');
    rmSync(folder, { recursive: true, force: true });
    for (const file of ['audit.jsonl', 'history.jsonl']) mkdirSync(join(folder, file), { recursive: true });
    return folder;
  }

  it('reports a landed change as done, with a warning naming the audit log and the history, and logs both; its intent stays for the next start to record', async () => {
    const folder = blockAuditLog();
    const warnings: string[] = [];
    const admin = adminFor(undefined, {}, { logWarning: (message) => warnings.push(message) });

    const result = await admin.add({ name: 'files', scope: 'user', command: 'node' });

    const notRecordedIn = (file: string) =>
      `The change was not recorded in ${join(folder, file)}: Cannot write ${join(folder, file)}: EISDIR: illegal operation on a directory, open '${join(folder, file)}'`;
    expect(result).toEqual({
      ok: true,
      message: `Added stdio MCP server files to user config`,
      warning: `${notRecordedIn('audit.jsonl')}\n${notRecordedIn('history.jsonl')}`,
    });
    expect(warnings).toEqual([notRecordedIn('audit.jsonl'), notRecordedIn('history.jsonl')]);
    expect(storedConfig().mcpServers).toEqual({
      files: { type: 'stdio', command: 'node', args: [], env: {} },
    });
    expect(readdirSync(folder).filter((file) => /^change-.+\.json$/.test(file))).toHaveLength(1);
  });

  it("lets a failed change's own error out, not the audit's", async () => {
    const admin = adminFor(undefined, {}, { logWarning: () => undefined });
    await admin.add({ name: 'files', scope: 'user', command: 'node' });
    blockAuditLog();

    await expect(admin.add({ name: 'files', scope: 'user', command: 'node' })).rejects.toEqual(
      new McpCoreError('CLI_FAILED', 'MCP server files already exists in user config'),
    );
  });
});
