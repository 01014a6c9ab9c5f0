/**
 * `mcp.history` and `mcp.undo` against the real CLI: every change is recorded with what undo needs,
 * and an undo reverses exactly one change unless the server or its project changed since.
 */
import { createTestWorld, FAKE_CLAUDE, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addJsonArgv, removeArgv } from '../../../src/cli/argv';
import { McpCoreError } from '../../../src/errors';
import { adminInWorld, storedConfigOf, type AdminArgs } from '../../support/world-admin';

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

const userServers = () => storedConfigOf(world).mcpServers;
const historyFile = () => join(world.configDir, '.mcp-admin', 'history.jsonl');

const files = {
  type: 'stdio',
  command: 'npx',
  args: ['-y', '@scope/files'],
  env: { API_KEY: '0ld-s3cret' },
  timeout: 5000,
  alwaysLoad: false,
};

async function seed(name: string, entry: Record<string, unknown>, scope: 'user' | 'local' = 'user') {
  await runCliAsAnotherTerminal(world, world.projectDir, addJsonArgv(name, scope, entry));
}

describe('history and undo', () => {
  it('undoes a remove (the entry comes back whole, secrets included), an edit and an add, each a change of its own', async () => {
    const admin = adminFor();
    await admin.add({ name: 'web', scope: 'user', url: 'https://e.test/mcp', headers: { 'X-Key': 'k3y-1' } });
    await admin.update({ name: 'web', scope: 'user', server: { headers: { 'X-Key': 'k3y-2' } } });
    await admin.remove({ name: 'web', scope: 'user' });
    const [removal, edit, addition] = await admin.history();
    const edited = { type: 'http', url: 'https://e.test/mcp', headers: { 'X-Key': 'k3y-2' } };

    await admin.undo({ id: removal?.id ?? '' });
    expect(userServers()).toEqual({ web: edited });
    await admin.undo({ id: edit?.id ?? '' });
    expect(userServers()).toEqual({ web: { ...edited, headers: { 'X-Key': 'k3y-1' } } });
    await admin.undo({ id: addition?.id ?? '' });
    expect(userServers()).toEqual({});

    const history = await admin.history();
    expect(history.map(({ procedure, name, ok, undoable }) => ({ procedure, name, ok, undoable }))).toEqual([
      { procedure: 'mcp.undo', name: 'web', ok: true, undoable: true },
      { procedure: 'mcp.undo', name: 'web', ok: true, undoable: true },
      { procedure: 'mcp.undo', name: 'web', ok: true, undoable: true },
      { procedure: 'mcp.remove', name: 'web', ok: true, undoable: false },
      { procedure: 'mcp.update', name: 'web', ok: true, undoable: false },
      { procedure: 'mcp.add', name: 'web', ok: true, undoable: false },
    ]);
    await expect(admin.undo({ id: removal?.id ?? '' })).rejects.toEqual(
      new McpCoreError(
        'INVALID_INPUT',
        `change "${removal?.id}" was already undone (by change "${history[2]?.id}")`,
      ),
    );
    await expect(admin.history({ limit: 1 })).resolves.toEqual([history[0]]);
  });

  it('keeps secrets only in the 0600 history file: never in the answer, the audit log or any other file', async () => {
    const admin = adminFor();
    await admin.add({ name: 'files', scope: 'local', command: 'node', env: { API_KEY: 's3cret-1' } });
    await admin.update({ name: 'files', scope: 'local', server: { env: { API_KEY: 's3cret-2' } } });
    await admin.remove({ name: 'files', scope: 'local' });
    const history = await admin.history();
    const dir = join(world.configDir, '.mcp-admin');

    expect(JSON.stringify(history)).not.toMatch(/s3cret/);
    const others = readdirSync(dir).filter((file) => file !== 'history.jsonl');
    expect(others).toEqual(['audit.jsonl']);
    for (const file of others) expect(readFileSync(join(dir, file), 'utf8')).not.toMatch(/s3cret/);
    expect(readFileSync(historyFile(), 'utf8')).toMatch(/s3cret-1(.|\n)*s3cret-2/);
    expect({ file: statSync(historyFile()).mode & 0o777, dir: statSync(dir).mode & 0o777 }).toEqual({
      file: 0o600,
      dir: 0o700,
    });
  });

  it('records each imported server, and undoing one removes it', async () => {
    const admin = adminFor();
    await admin.importServers({ json: JSON.stringify({ mcpServers: { files } }), scope: 'user' });
    const [imported] = await admin.history();
    expect(imported).toMatchObject({ procedure: 'mcp.import', name: 'files', scope: 'user', undoable: true });

    await admin.undo({ id: imported?.id ?? '' });
    expect(userServers()).toEqual({});
  });

  it('refuses with CHANGED_SINCE, naming what changed, an undo of a server another terminal changed or removed', async () => {
    const admin = adminFor();
    await admin.add({ name: 'files', scope: 'user', command: 'node', env: { API_KEY: 'mine' } });
    const [addition] = await admin.history();
    await runCliAsAnotherTerminal(world, world.projectDir, removeArgv('files', 'user'));
    await seed('files', { type: 'stdio', command: 'node', args: [], env: { API_KEY: 'theirs' } });
    const changed = readFileSync(world.configPath, 'latin1');

    await expect(admin.undo({ id: addition?.id ?? '' })).rejects.toEqual(
      new McpCoreError(
        'CHANGED_SINCE',
        `Cannot undo: "files" in user scope (${world.configPath}) changed since: env.API_KEY changed.`,
      ),
    );
    expect(readFileSync(world.configPath, 'latin1')).toBe(changed);

    await runCliAsAnotherTerminal(world, world.projectDir, removeArgv('files', 'user'));
    await expect(admin.undo({ id: addition?.id ?? '' })).rejects.toEqual(
      new McpCoreError(
        'CHANGED_SINCE',
        `Cannot undo: "files" in user scope (${world.configPath}) was removed since.`,
      ),
    );
  });
});

describe('an undo whose project path now leads to another project', () => {
  it("is refused with CHANGED_SINCE naming both directories, and the other project's identical server stays", async () => {
    const first = join(world.plainDir, 'first');
    const other = join(world.plainDir, 'other');
    mkdirSync(first);
    mkdirSync(other);
    const admin = adminFor();
    await admin.add({ name: 'files', scope: 'local', command: 'node', projectPath: first });
    const [addition] = await admin.history();
    await admin.add({ name: 'files', scope: 'local', command: 'node', projectPath: other });
    const firstKey = realpathSync(first);
    renameSync(first, `${first}-moved`);
    symlinkSync(other, first);
    const config = readFileSync(world.configPath, 'latin1');

    await expect(admin.undo({ id: addition?.id ?? '' })).rejects.toEqual(
      new McpCoreError(
        'CHANGED_SINCE',
        `Cannot undo: ${first}, where "files" was changed in ${firstKey}, now leads to ${realpathSync(other)}.`,
      ),
    );
    expect(readFileSync(world.configPath, 'latin1')).toBe(config);
  });

  it("refuses the undo of a local disable the same way, and leaves the other project's server on", async () => {
    const first = join(world.plainDir, 'first');
    const other = join(world.plainDir, 'other');
    mkdirSync(first);
    mkdirSync(other);
    const admin = adminFor();
    await admin.add({ name: 'files', scope: 'local', command: 'node', projectPath: first });
    await admin.disable({ name: 'files', scope: 'local', projectPath: first });
    const [disabling] = await admin.history();
    await admin.add({ name: 'files', scope: 'local', command: 'node', projectPath: other });
    const firstKey = realpathSync(first);
    renameSync(first, `${first}-moved`);
    symlinkSync(other, first);
    const config = readFileSync(world.configPath, 'latin1');

    await expect(admin.undo({ id: disabling?.id ?? '' })).rejects.toEqual(
      new McpCoreError(
        'CHANGED_SINCE',
        `Cannot undo: ${first}, where "files" was changed in ${firstKey}, now leads to ${realpathSync(other)}.`,
      ),
    );
    expect(readFileSync(world.configPath, 'latin1')).toBe(config);
  });
});

describe('an undo whose project is gone', () => {
  it('is refused with CHANGED_SINCE naming the directory, not reported as a CLI that cannot run', async () => {
    const admin = adminFor();
    await admin.add({ name: 'files', scope: 'local', command: 'node', projectPath: world.plainDir });
    await admin.remove({ name: 'files', scope: 'local', projectPath: world.plainDir });
    const [removal] = await admin.history();
    rmSync(world.plainDir, { recursive: true });

    await expect(admin.undo({ id: removal?.id ?? '' })).rejects.toEqual(
      new McpCoreError(
        'CHANGED_SINCE',
        `Cannot undo: ${world.plainDir}, where "files" was changed, is no longer a directory.`,
      ),
    );
  });
});
