/**
 * Profiles on the fake CLI: saved from what is on, applied as one change, undone whole. What
 * Claude Code loads is read from the files by the reader that core/config/effective-view-cli.test.ts
 * holds to `claude mcp get`; once, on an applied profile, `claude mcp get` of the real CLI says it.
 */
import { createTestWorld, FAKE_CLAUDE, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZodError } from 'zod';
import { addJsonArgv } from '../../../src/cli/argv';
import { McpCoreError } from '../../../src/errors';
import type { ServerStatus } from '../../../src/config';
import { cliStatusLine } from '../../support/cli-view';
import { serversOf } from '../../support/stored-config';
import { adminInWorld, fixture, storedConfigOf } from '../../support/world-admin';

let world: TestWorld;
// Our code is the subject: the fake CLI (core/cli/fake-claude-contract.test.ts) stores what the real one would.
beforeEach(() => {
  world = createTestWorld({ claudeBin: FAKE_CLAUDE });
});
afterEach(() => {
  world.remove();
});

const STDIO = { type: 'stdio', command: 'node', args: ['-e', 'process.exit(1)'], env: {} };
const profilesFile = () => join(world.configDir, '.mcp-admin', 'profiles.json');
const stashFile = () => join(world.configDir, '.mcp-admin', 'disabled.json');
const historyFile = () => join(world.configDir, '.mcp-admin', 'history.jsonl');
const localSettingsFile = () => join(world.projectDir, '.claude', 'settings.local.json');
const RUNNING = /^(✔ Connected|✘ Failed to connect)/;
/** Long enough for the real CLI calls before the awaited moment on a loaded machine. */
const WAIT = { timeout: 30_000, interval: 50 };

/** The service whose CLI calls naming `name` wait until the file `gate` exists (see the fixture). */
function gatedAdmin(name: string, gate: string) {
  return adminInWorld(world, fixture('gated-name-claude.sh'), { GATED_NAME: name, GATE_FILE: gate });
}

/** The reader's statuses of the entries named `name` in Claude Code's files (not the stash): [] where it has none. */
async function statusesOf(name: string): Promise<ServerStatus[]> {
  return (await serversOf(world, world.projectDir))
    .filter((server) => server.name === name)
    .map(({ status }) => status);
}

function seed(scope: 'user' | 'project', name: string) {
  return runCliAsAnotherTerminal(world, world.projectDir, addJsonArgv(name, scope, STDIO));
}

// Claude Code loads an approved .mcp.json server only in a trusted folder.
function trustProject() {
  const config = existsSync(world.configPath) ? storedConfigOf(world) : {};
  writeFileSync(
    world.configPath,
    JSON.stringify({ ...config, projects: { [world.projectDir]: { hasTrustDialogAccepted: true } } }),
  );
}

describe('profiles', () => {
  it('saves the servers on now (a pending .mcp.json server is not on) in a 0600 file in a 0700 folder, and lists it as active', async () => {
    await seed('user', 'alpha');
    await seed('project', 'files');
    const admin = adminInWorld(world);

    await admin.saveProfile({ name: 'plain' });

    expect({
      profiles: await admin.profiles(),
      fileMode: statSync(profilesFile()).mode & 0o777,
      dirMode: statSync(join(world.configDir, '.mcp-admin')).mode & 0o777,
    }).toEqual({
      profiles: [{ name: 'plain', servers: [{ name: 'alpha', scope: 'user' }], active: true }],
      fileMode: 0o600,
      dirMode: 0o700,
    });
  });

  it('applies a profile: a user server off, a project server on (as claude mcp get says), a gone one reported; one undo restores all (as the reader held to claude mcp get says)', async () => {
    await seed('user', 'alpha');
    await seed('user', 'beta');
    await seed('project', 'files');
    trustProject();
    const admin = adminInWorld(world);
    await admin.saveProfile({
      name: 'work',
      servers: [
        { name: 'beta', scope: 'user' },
        { name: 'files', scope: 'project', projectPath: world.projectDir },
        { name: 'gone', scope: 'user' },
      ],
    });

    const applied = await admin.applyProfile({ name: 'work' });

    expect(applied).toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: 'Applied profile "work": 1 switched on, 1 switched off, 1 unchanged, 1 missing.',
      results: [
        { name: 'beta', scope: 'user', outcome: 'unchanged' },
        {
          name: 'files',
          scope: 'project',
          projectPath: world.projectDir,
          outcome: 'on',
          message: expect.stringContaining('enabledMcpjsonServers') as unknown,
        },
        {
          name: 'gone',
          scope: 'user',
          outcome: 'missing',
          message: `No user-scope server "gone" is listed for ${world.projectDir}.`,
        },
        { name: 'alpha', scope: 'user', outcome: 'off', message: expect.any(String) as unknown },
      ],
    });
    // Claude Code's own word, on the applied state, where both servers differ from where they started.
    expect({
      alpha: await cliStatusLine(world, world.projectDir, 'alpha'),
      files: await cliStatusLine(world, world.projectDir, 'files'),
      active: (await admin.profiles()).map(({ name, active }) => ({ name, active })),
    }).toEqual({
      alpha: expect.stringMatching(/^No MCP server named "alpha"/) as unknown,
      files: expect.stringMatching(RUNNING) as unknown,
      // "gone" is not on, so the profile does not match what is on now.
      active: [{ name: 'work', active: false }],
    });
    const history = await admin.history();
    expect(history.map(({ procedure, name, undoable }) => ({ procedure, name, undoable }))).toEqual([
      { procedure: 'mcp.applyProfile', name: 'work', undoable: true },
    ]);

    await admin.undo({ id: history[0]?.id ?? '' });

    expect({
      alpha: await statusesOf('alpha'),
      files: await statusesOf('files'),
      active: (await admin.profiles()).map(({ active }) => active),
      history: (await admin.history()).map(({ procedure, undoable }) => ({ procedure, undoable })),
    }).toEqual({
      alpha: ['active'],
      files: ['pending'],
      active: [false],
      history: [
        { procedure: 'mcp.undo', undoable: true },
        { procedure: 'mcp.applyProfile', undoable: false },
      ],
    });
  });

  it('undoes the undo of an applied profile: the user server is switched off again, as the reader held to claude mcp get says', async () => {
    await seed('user', 'alpha');
    await seed('user', 'beta');
    const admin = adminInWorld(world);
    await admin.saveProfile({ name: 'beta-only', servers: [{ name: 'beta', scope: 'user' }] });
    await admin.applyProfile({ name: 'beta-only' });
    const [applied] = await admin.history();
    await admin.undo({ id: applied?.id ?? '' });
    const [undone] = await admin.history();

    await admin.undo({ id: undone?.id ?? '' });

    expect({
      alpha: await statusesOf('alpha'),
      beta: await statusesOf('beta'),
      history: (await admin.history()).map(({ procedure, name, undoable }) => ({
        procedure,
        name,
        undoable,
      })),
    }).toEqual({
      alpha: [],
      beta: ['active'],
      history: [
        { procedure: 'mcp.undo', name: 'beta-only', undoable: true },
        { procedure: 'mcp.undo', name: 'beta-only', undoable: false },
        { procedure: 'mcp.applyProfile', name: 'beta-only', undoable: false },
      ],
    });
  });

  it('goes on past a switch the CLI refuses: ok false, that server failed, the others switched and recorded as one undoable change', async () => {
    await runCliAsAnotherTerminal(
      world,
      world.projectDir,
      addJsonArgv('alpha', 'user', { ...STDIO, args: ['alpha-refused.js'] }),
    );
    await seed('user', 'beta');
    const admin = adminInWorld(world, fixture('failing-add-json-claude.sh'), {
      FAIL_ADD_JSON_CONTAINING: 'alpha-refused',
    });
    await admin.disable({ name: 'alpha', scope: 'user' });
    await admin.saveProfile({ name: 'alpha-only', servers: [{ name: 'alpha', scope: 'user' }] });

    const applied = await admin.applyProfile({ name: 'alpha-only' });

    expect(applied).toEqual({
      ok: false,
      message: 'Applied profile "alpha-only": 1 switched off, 1 failed.',
      results: [
        {
          name: 'alpha',
          scope: 'user',
          outcome: 'failed',
          message: expect.stringContaining('add-json refused by the test fixture') as unknown,
        },
        { name: 'beta', scope: 'user', outcome: 'off', message: expect.any(String) as unknown },
      ],
    });
    const [change] = await admin.history();
    expect(change).toMatchObject({ procedure: 'mcp.applyProfile', ok: false, undoable: true });
    await admin.undo({ id: change?.id ?? '' });
    expect(await statusesOf('beta')).toEqual(['active']);
  });

  it('refuses the whole undo with CHANGED_SINCE when a project it switched in is gone, switching nothing back', async () => {
    await seed('user', 'alpha');
    await seed('user', 'beta');
    await seed('project', 'files');
    const admin = adminInWorld(world);
    await admin.saveProfile({
      name: 'work',
      servers: [
        { name: 'beta', scope: 'user' },
        { name: 'files', scope: 'project', projectPath: world.projectDir },
      ],
    });
    // Applied from another folder: the user servers' switches run there, the project server's in projectDir.
    await admin.applyProfile({ name: 'work', projectPath: world.plainDir });
    const [applied] = await admin.history();
    const stash = readFileSync(join(world.configDir, '.mcp-admin', 'disabled.json'));
    renameSync(world.projectDir, `${world.projectDir}-moved`);

    // The newest switch (alpha off, in plainDir) could go back; the refusal comes before it does.
    await expect(admin.undo({ id: applied?.id ?? '' })).rejects.toEqual(
      new McpCoreError(
        'CHANGED_SINCE',
        `Cannot undo: ${world.projectDir}, where "files" was changed, is no longer a directory.`,
      ),
    );
    expect({
      userServers: Object.keys(storedConfigOf(world).mcpServers ?? {}),
      stash: readFileSync(join(world.configDir, '.mcp-admin', 'disabled.json')).equals(stash),
    }).toEqual({ userServers: ['beta'], stash: true });
    renameSync(`${world.projectDir}-moved`, world.projectDir);
  });

  it('refuses a bad profile name (naming the field) and a profile file that is a link, leaving every file byte-identical', async () => {
    await seed('user', 'alpha');
    const admin = adminInWorld(world);
    await admin.saveProfile({ name: 'plain' });
    const before = readFileSync(profilesFile());
    const config = readFileSync(world.configPath);

    const refused = await admin.saveProfile({ name: '-x' }).catch((error: unknown) => error);
    expect(refused instanceof ZodError ? refused.issues : refused).toEqual([
      { code: 'custom', path: ['name'], message: 'name may not start with "-"' },
    ]);
    await expect(admin.applyProfile({ name: 'nope' })).rejects.toEqual(
      new McpCoreError('NOT_FOUND', 'No profile named "nope".'),
    );
    expect({
      profiles: readFileSync(profilesFile()).equals(before),
      config: readFileSync(world.configPath).equals(config),
    }).toEqual({
      profiles: true,
      config: true,
    });

    const elsewhere = join(world.projectDir, 'elsewhere.json');
    writeFileSync(elsewhere, '{"version":1,"profiles":[]}');
    mkdirSync(join(world.configDir, '.mcp-admin'), { recursive: true });
    const linked = join(world.configDir, '.mcp-admin', 'profiles.json');
    rmSync(linked);
    symlinkSync(elsewhere, linked);
    await expect(admin.profiles()).rejects.toEqual(
      new McpCoreError(
        'CONFIG_UNREADABLE',
        `${linked} is a symbolic link, not a regular file: MCP Admin cannot read its profiles.`,
      ),
    );
    await expect(admin.saveProfile({ name: 'other' })).rejects.toThrow('symbolic link');
    expect(readFileSync(elsewhere, 'utf8')).toBe('{"version":1,"profiles":[]}');
  });

  it('checks every switch of an undo before switching any back: refused, every file stays byte-identical, and the same undo lands once the cause is gone', async () => {
    await seed('user', 'alpha');
    await seed('user', 'beta');
    await seed('user', 'gamma');
    await seed('project', 'files');
    const admin = adminInWorld(world);
    await admin.saveProfile({
      name: 'work',
      servers: [
        { name: 'gamma', scope: 'user' },
        { name: 'files', scope: 'project', projectPath: world.projectDir },
      ],
    });
    // Switched in this order: files on, alpha off, beta off; the undo goes back newest first.
    await admin.applyProfile({ name: 'work' });
    const [applied] = await admin.history();
    // The oldest switch cannot go back: a different "alpha" was stored since.
    await runCliAsAnotherTerminal(
      world,
      world.projectDir,
      addJsonArgv('alpha', 'user', { ...STDIO, args: ['other-alpha.js'] }),
    );
    const files = [world.configPath, stashFile(), localSettingsFile(), historyFile()];
    const before = files.map((file) => readFileSync(file));

    await expect(admin.undo({ id: applied?.id ?? '' })).rejects.toEqual(
      new McpCoreError(
        'CHANGED_SINCE',
        `A user-scope server "alpha" was added to ${world.configPath} since this one was disabled; the disabled entry stays in ${stashFile()}. Remove that server to enable this one.`,
      ),
    );
    expect(files.map((file, index) => readFileSync(file).equals(before[index] ?? Buffer.alloc(0)))).toEqual([
      true,
      true,
      true,
      true,
    ]);

    await runCliAsAnotherTerminal(world, world.projectDir, ['mcp', 'remove', 'alpha', '--scope', 'user']);
    await admin.undo({ id: applied?.id ?? '' });
    expect({
      alpha: await statusesOf('alpha'),
      beta: await statusesOf('beta'),
      files: await statusesOf('files'),
      history: (await admin.history()).map(({ procedure, ok, undoable }) => ({ procedure, ok, undoable })),
    }).toEqual({
      alpha: ['active'],
      beta: ['active'],
      files: ['pending'],
      history: [
        { procedure: 'mcp.undo', ok: true, undoable: true },
        { procedure: 'mcp.applyProfile', ok: true, undoable: false },
      ],
    });
  });

  it('turns off a .mcp.json server the profile leaves out that settings.local.json approves in a folder not yet trusted: once trusted, the reader held to claude mcp get says it is rejected', async () => {
    await seed('project', 'docs');
    await seed('project', 'files');
    // Approved as Claude Code writes it; the folder's trust is not given yet.
    mkdirSync(join(world.projectDir, '.claude'), { recursive: true });
    writeFileSync(localSettingsFile(), JSON.stringify({ enabledMcpjsonServers: ['files'] }));
    const admin = adminInWorld(world);
    await admin.saveProfile({
      name: 'docs-only',
      servers: [{ name: 'docs', scope: 'project', projectPath: world.projectDir }],
    });

    const applied = await admin.applyProfile({ name: 'docs-only' });
    trustProject();

    expect({
      outcomes: applied.results.map(({ name, outcome }) => ({ name, outcome })),
      docs: await statusesOf('docs'),
      files: await statusesOf('files'),
    }).toEqual({
      outcomes: [
        { name: 'docs', outcome: 'on' },
        { name: 'files', outcome: 'off' },
      ],
      docs: ['active'],
      files: ['rejected'],
    });
  });

  it('plans the apply in its queue turn: a disable asked before it is seen, and the profile turns that server back on', async () => {
    await seed('user', 'alpha');
    await seed('user', 'beta');
    const gate = join(world.plainDir, 'gate');
    const admin = gatedAdmin('hold', gate);
    await admin.saveProfile({ name: 'beta-only', servers: [{ name: 'beta', scope: 'user' }] });
    // The queue is held by an add; the disable, then the apply, wait behind it in that order.
    const holding = admin.add({ name: 'hold', scope: 'user', command: 'node' });
    await vi.waitFor(() => {
      expect(existsSync(`${gate}.held`)).toBe(true);
    }, WAIT);
    const disabling = admin.disable({ name: 'beta', scope: 'user' });
    await vi.waitFor(() => {
      expect(admin.health().waiting).toBe(1);
    }, WAIT);
    const applying = admin.applyProfile({ name: 'beta-only' });
    await vi.waitFor(() => {
      expect(admin.health().waiting).toBe(2);
    }, WAIT);
    writeFileSync(gate, '');
    await Promise.all([holding, disabling]);

    expect({
      outcomes: (await applying).results.map(({ name, outcome }) => ({ name, outcome })),
      alpha: await statusesOf('alpha'),
      beta: await statusesOf('beta'),
    }).toEqual({
      outcomes: [
        { name: 'beta', outcome: 'on' },
        { name: 'alpha', outcome: 'off' },
        { name: 'hold', outcome: 'off' },
      ],
      alpha: [],
      beta: ['active'],
    });
  });

  it('journals an apply after each switch: while a later switch is held, the history on disk (what a crash leaves) holds the switch that landed, undoable', async () => {
    await seed('user', 'alpha');
    await seed('user', 'beta');
    await seed('user', 'zeta');
    const gate = join(world.plainDir, 'gate');
    const admin = gatedAdmin('zeta', gate);
    await admin.saveProfile({ name: 'beta-only', servers: [{ name: 'beta', scope: 'user' }] });

    // beta stays, alpha goes off, zeta's remove is held.
    const applying = admin.applyProfile({ name: 'beta-only' });
    await vi.waitFor(() => {
      expect(existsSync(`${gate}.held`)).toBe(true);
    }, WAIT);
    // Another MCP Admin reads the journal from disk, as one started after a crash here would.
    const [cutOff, ...older] = await adminInWorld(world).history();
    writeFileSync(gate, '');
    await applying;

    expect({ cutOff, older }).toEqual({
      cutOff: expect.objectContaining({
        procedure: 'mcp.applyProfile',
        name: 'beta-only',
        ok: false,
        message:
          'Applying profile "beta-only" stopped after 2 of 3 servers (MCP Admin was stopped, or the apply still runs): the switches recorded here landed.',
        undoable: true,
        files: [world.configPath],
      }) as unknown,
      older: [],
    });
    // The record at the end replaces the journaled steps: one change, as it ended.
    expect((await admin.history()).map(({ id, ok, message }) => ({ id, ok, message }))).toEqual([
      {
        id: cutOff?.id,
        ok: true,
        message: 'Applied profile "beta-only": 2 switched off, 1 unchanged.',
      },
    ]);
  });
});
