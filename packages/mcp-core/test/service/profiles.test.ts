/** Profiles against the real CLI: saved from what is on, applied as one change, undone whole. */
import { createTestWorld, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { addJsonArgv } from '../../src/cli/argv';
import { McpCoreError } from '../../src/errors';
import { cliStatusLine } from '../support/cli-view';
import { adminInWorld, fixture, storedConfigOf } from '../support/world-admin';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

const STDIO = { type: 'stdio', command: 'node', args: ['-e', 'process.exit(1)'], env: {} };
const profilesFile = () => join(world.configDir, '.mcp-admin', 'profiles.json');

function seed(scope: 'user' | 'project', name: string) {
  return runCliAsAnotherTerminal(world, world.projectDir, addJsonArgv(name, scope, STDIO));
}

// Claude Code loads an approved .mcp.json server only in a trusted folder.
function trustProject() {
  const config = storedConfigOf(world);
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

  it('applies a profile: a user server off, a project server on (as claude mcp get says), a gone one reported; one undo restores all', async () => {
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
    expect({
      alpha: await cliStatusLine(world, world.projectDir, 'alpha'),
      files: await cliStatusLine(world, world.projectDir, 'files'),
      active: (await admin.profiles()).map(({ name, active }) => ({ name, active })),
    }).toEqual({
      alpha: expect.stringMatching(/^No MCP server named "alpha"/) as unknown,
      files: expect.stringMatching(/^(✔ Connected|✘ Failed to connect)/) as unknown,
      // "gone" is not on, so the profile does not match what is on now.
      active: [{ name: 'work', active: false }],
    });
    const history = await admin.history();
    expect(history.map(({ procedure, name, undoable }) => ({ procedure, name, undoable }))).toEqual([
      { procedure: 'mcp.applyProfile', name: 'work', undoable: true },
    ]);

    await admin.undo({ id: history[0]?.id ?? '' });

    expect({
      alpha: await cliStatusLine(world, world.projectDir, 'alpha'),
      files: await cliStatusLine(world, world.projectDir, 'files'),
      active: (await admin.profiles()).map(({ active }) => active),
      history: (await admin.history()).map(({ procedure, undoable }) => ({ procedure, undoable })),
    }).toEqual({
      alpha: expect.stringMatching(/^(✔ Connected|✘ Failed to connect)/) as unknown,
      files: '⏸ Pending approval (run `claude` to approve)',
      active: [false],
      history: [
        { procedure: 'mcp.undo', undoable: true },
        { procedure: 'mcp.applyProfile', undoable: false },
      ],
    });
  });

  it('undoes the undo of an applied profile: the user server is switched off again, as claude mcp get says', async () => {
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
      alpha: await cliStatusLine(world, world.projectDir, 'alpha'),
      beta: await cliStatusLine(world, world.projectDir, 'beta'),
      history: (await admin.history()).map(({ procedure, name, undoable }) => ({
        procedure,
        name,
        undoable,
      })),
    }).toEqual({
      alpha: expect.stringMatching(/^No MCP server named "alpha"/) as unknown,
      beta: expect.stringMatching(/^(✔ Connected|✘ Failed to connect)/) as unknown,
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
    expect(await cliStatusLine(world, world.projectDir, 'beta')).toMatch(
      /^(✔ Connected|✘ Failed to connect)/,
    );
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
});
