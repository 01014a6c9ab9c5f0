/**
 * `mcp.update` on the fake CLI (`claude mcp get` of the real one the judge): an edit keeps every
 * field the CLI keeps, a failed add puts the old entry back, and what is refused before any spawn
 * (update and undo).
 */
import {
  createTestWorld,
  FAKE_CLAUDE,
  PINNED_CLAUDE_BIN,
  runCliAsAnotherTerminal,
} from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { addJsonArgv } from '../../../src/cli/argv';
import { McpCoreError } from '../../../src/errors';
import { adminInWorld, fixture, storedConfigOf, type AdminArgs } from '../../support/world-admin';

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
const localServers = () => storedConfigOf(world).projects?.[world.projectDir]?.mcpServers;
/** Stored by another terminal with add-json: the fields `mcp add` has no flag for. */
const signedIn = {
  type: 'http',
  url: 'https://old.test/mcp',
  headers: { Authorization: 'Bearer 0ld-t0ken' },
  headersHelper: '/usr/local/bin/make-headers',
  oauth: { clientId: 'mcp-admin', callbackPort: 8765, scopes: 'read' },
  timeout: 15000,
  alwaysLoad: true,
};
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

/** The lines of `claude mcp get NAME` after its status and issue: what Claude Code takes the entry to be. */
async function cliGetDetails(name: string): Promise<string> {
  const shown = await runCliAsAnotherTerminal(world, world.projectDir, ['mcp', 'get', name], {
    bin: PINNED_CLAUDE_BIN,
  });
  return shown
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^(Type|Command|Args|URL|Headers|OAuth|Environment|Headers helper):/.test(line))
    .join('\n');
}

const anyId: unknown = expect.stringMatching(/^[0-9a-f-]{36}$/);
const anyTime: unknown = expect.any(String);

describe('update', () => {
  it('replaces url, headers and env and keeps oauth, headersHelper, timeout and alwaysLoad', async () => {
    await seed('signed-in', signedIn);
    await seed('files', files);
    const admin = adminFor();

    await expect(
      admin.update({
        name: 'signed-in',
        scope: 'user',
        server: { url: 'https://new.test/mcp', headers: { Authorization: 'Bearer n3w-t0ken' } },
      }),
    ).resolves.toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Removed MCP server signed-in from user config\nFile modified: ${world.configPath}\nAdded http MCP server signed-in to user config`,
    });
    await admin.update({ name: 'files', scope: 'user', server: { env: { API_KEY: 'n3w-s3cret' } } });
    // What each edit changed, by name only: the panel words its history from this.
    const edits = await admin.history();
    expect(edits.map(({ name, changed }) => ({ name, changed }))).toEqual([
      { name: 'files', changed: ['env'] },
      { name: 'signed-in', changed: ['url', 'headers'] },
    ]);
    expect(JSON.stringify(edits)).not.toMatch(/s3cret|t0ken/);

    expect(userServers()).toEqual({
      'signed-in': {
        ...signedIn,
        url: 'https://new.test/mcp',
        headers: { Authorization: 'Bearer n3w-t0ken' },
      },
      files: { ...files, env: { API_KEY: 'n3w-s3cret' } },
    });
  });

  it('renames a server and moves it from user to local scope, in one change', async () => {
    await seed('files', files);
    const admin = adminFor();

    await admin.update({ name: 'files', scope: 'user', server: { name: 'my-files', scope: 'local' } });

    expect({ user: userServers(), local: localServers() }).toEqual({
      user: {},
      local: { 'my-files': files },
    });
    await expect(admin.history()).resolves.toEqual([
      {
        id: anyId,
        time: anyTime,
        procedure: 'mcp.update',
        name: 'my-files',
        scope: 'local',
        projectPath: world.projectDir,
        ok: true,
        message: `Removed MCP server files from user config\nFile modified: ${world.configPath}\nAdded stdio MCP server my-files to local config`,
        undoable: true,
        files: [world.configPath],
        changed: ['name', 'scope'],
      },
    ]);
  });

  it('edits exactly the listed entry of a farther .mcp.json, leaving the nearer one byte-identical', async () => {
    const farther = join(world.projectDir, '.mcp.json');
    const nearer = join(world.nestedDir, '.mcp.json');
    await runCliAsAnotherTerminal(
      world,
      world.projectDir,
      addJsonArgv('shared', 'project', { command: 'far' }),
    );
    await runCliAsAnotherTerminal(
      world,
      world.nestedDir,
      addJsonArgv('shared', 'project', { command: 'near' }),
    );
    const nearerBytes = readFileSync(nearer, 'latin1');

    const admin = adminFor();
    await admin.update({
      name: 'shared',
      scope: 'project',
      projectPath: world.nestedDir,
      source: farther,
      server: { args: ['--far'] },
    });

    expect(JSON.parse(readFileSync(farther, 'utf8'))).toEqual({
      mcpServers: { shared: { command: 'far', args: ['--far'] } },
    });
    expect(readFileSync(nearer, 'latin1')).toBe(nearerBytes);
    await expect(admin.history()).resolves.toMatchObject([{ scope: 'project', files: [farther] }]);
  });

  it('turns an OAuth http server into a stdio one (url, headers, oauth and headersHelper go) and back (env goes), as claude mcp get shows', async () => {
    await seed('signed-in', signedIn);
    const admin = adminFor();

    await admin.update({ name: 'signed-in', scope: 'user', server: { command: 'node', args: ['-e', '1'] } });
    expect(userServers()).toEqual({
      'signed-in': { type: 'stdio', command: 'node', args: ['-e', '1'], timeout: 15000, alwaysLoad: true },
    });
    expect(await cliGetDetails('signed-in')).toBe('Type: stdio\nCommand: node\nArgs: -e 1');

    await admin.update({ name: 'signed-in', scope: 'user', server: { env: { API_KEY: 'k3y' } } });
    await admin.update({
      name: 'signed-in',
      scope: 'user',
      server: { transport: 'sse', url: 'https://new.test/sse' },
    });
    expect(userServers()).toEqual({
      'signed-in': { type: 'sse', url: 'https://new.test/sse', timeout: 15000, alwaysLoad: true },
    });
    expect(await cliGetDetails('signed-in')).toBe('Type: sse\nURL: https://new.test/sse');
  });

  it('takes a project path with a trailing slash as the path itself: recorded without it, and an edit naming the project both ways stays in the listed .mcp.json', async () => {
    const farther = join(world.projectDir, '.mcp.json');
    await runCliAsAnotherTerminal(
      world,
      world.projectDir,
      addJsonArgv('shared', 'project', { command: 'far' }),
    );
    const admin = adminFor();

    await admin.add({ name: 'files', scope: 'local', command: 'node', projectPath: `${world.projectDir}/` });
    await admin.update({
      name: 'shared',
      scope: 'project',
      projectPath: `${world.nestedDir}/`,
      source: farther,
      server: { args: ['--far'], projectPath: world.nestedDir },
    });

    expect({
      farther: JSON.parse(readFileSync(farther, 'utf8')) as unknown,
      nearer: existsSync(join(world.nestedDir, '.mcp.json')),
      local: localServers(),
    }).toEqual({
      farther: { mcpServers: { shared: { command: 'far', args: ['--far'] } } },
      nearer: false,
      local: { files: { type: 'stdio', command: 'node', args: [], env: {} } },
    });
    const [edit, addition] = await admin.history();
    expect([edit?.projectPath, addition?.projectPath]).toEqual([world.nestedDir, world.projectDir]);
  });

  it('puts the old entry back with add-json when the new one cannot be added, and says so', async () => {
    await seed('signed-in', signedIn);
    const admin = adminFor(fixture('failing-add-json-claude.sh'), { FAIL_ADD_JSON_CONTAINING: 'new.test' });

    await expect(
      admin.update({ name: 'signed-in', scope: 'user', server: { url: 'https://new.test/mcp' } }),
    ).rejects.toEqual(
      new McpCoreError(
        'CLI_FAILED',
        'Could not store the new entry of "signed-in" (user scope): add-json refused by the test fixture\nThe old entry was restored.',
      ),
    );

    expect(userServers()).toEqual({ 'signed-in': signedIn });
    const [failed] = await admin.history();
    expect(failed).toMatchObject({ procedure: 'mcp.update', ok: false, undoable: false });
  });

  it('says when the old entry could not be put back either, and keeps it in the history to undo', async () => {
    await seed('signed-in', signedIn);
    const admin = adminFor(fixture('failing-add-json-claude.sh'), { FAIL_ADD_JSON_CONTAINING: 'mcp-admin' });

    await expect(
      admin.update({ name: 'signed-in', scope: 'user', server: { url: 'https://new.test/mcp' } }),
    ).rejects.toEqual(
      new McpCoreError(
        'CLI_FAILED',
        `Could not store the new entry of "signed-in" (user scope): add-json refused by the test fixture\nRestoring the old entry failed too: add-json refused by the test fixture\nThe old entry of "signed-in" (user scope, ${world.configPath}) is kept in the history: undo this change to add it back.`,
      ),
    );

    expect(userServers()).toEqual({});
    const [failed] = await admin.history();
    expect(failed).toMatchObject({ procedure: 'mcp.update', ok: false, undoable: true });
  });
});

describe('refusals of update and undo before any spawn', () => {
  it('refuses a rename onto an existing name, an unknown server, a read-only scope, a hidden secret and a bad id, and skips an edit that changes nothing: no spawn, files byte-identical', async () => {
    await seed('files', files);
    await seed('other', { command: 'other' }, 'local');
    const before = readFileSync(world.configPath, 'latin1');
    const log = join(world.plainDir, 'cli.log');
    const admin = adminFor(fixture('start-end-logging-claude.sh'), { CLI_LOG: log });

    await expect(
      admin.update({ name: 'files', scope: 'user', server: { name: 'other', scope: 'local' } }),
    ).rejects.toEqual(
      new McpCoreError(
        'INVALID_INPUT',
        `server: a server "other" already exists in local scope (${world.configPath})`,
      ),
    );
    await expect(admin.update({ name: 'nothing', scope: 'user', server: { args: [] } })).rejects.toEqual(
      new McpCoreError('NOT_FOUND', `No MCP server named "nothing" in user scope (${world.configPath}).`),
    );
    await expect(
      admin.update({ name: 'files', scope: 'managed' as 'user', server: { args: [] } }),
    ).rejects.toBeInstanceOf(ZodError);
    await expect(
      admin.update({ name: 'files', scope: 'user', server: { env: { API_KEY: '••••••' } } }),
    ).rejects.toEqual(
      new McpCoreError(
        'INVALID_INPUT',
        'server: the edited entry breaks the rules: env.API_KEY: "••••••" is the placeholder of a hidden secret, not its value (export with reveal to keep secrets)',
      ),
    );
    await expect(
      admin.update({ name: 'files', scope: 'user', server: { url: 'https://e.test', command: 'node' } }),
    ).rejects.toEqual(
      new McpCoreError(
        'INVALID_INPUT',
        'server: the edited entry breaks the rules: url: give either command or url, not both',
      ),
    );
    await expect(admin.update({ name: 'files', scope: 'user', server: { env: files.env } })).resolves.toEqual(
      {
        ok: true,
        message: 'Nothing to change: "files" is already stored like that.',
      },
    );
    await expect(admin.undo({ id: 'no-such-change' })).rejects.toEqual(
      new McpCoreError('INVALID_INPUT', 'id "no-such-change" names no change in the history'),
    );
    await expect(admin.undo({ id: '../etc' })).rejects.toBeInstanceOf(ZodError);

    expect({ spawned: existsSync(log), config: readFileSync(world.configPath, 'latin1') }).toEqual({
      spawned: false,
      config: before,
    });
  });

  it('refuses update and undo while a managed-mcp.json exists, naming it, and spawns nothing', async () => {
    await seed('files', files);
    const admin = adminFor();
    await admin.remove({ name: 'files', scope: 'user' });
    const [removal] = await admin.history();
    const log = join(world.plainDir, 'cli.log');
    const refusing = adminFor(fixture('start-end-logging-claude.sh'), { CLI_LOG: log });
    mkdirSync(world.managedDir);
    const managed = join(world.managedDir, 'managed-mcp.json');
    writeFileSync(managed, '{"mcpServers":{}}');
    const refusal = new McpCoreError(
      'MANAGED_CONFIG',
      `${managed} has exclusive control over MCP servers: Claude Code loads only its servers, so none can be added or removed here.`,
    );

    await expect(refusing.update({ name: 'files', scope: 'user', server: { args: [] } })).rejects.toEqual(
      refusal,
    );
    await expect(refusing.undo({ id: removal?.id ?? '' })).rejects.toEqual(refusal);
    expect(existsSync(log)).toBe(false);
  });
});
