/** The on/off switch in the history: `mcp.disable` / `mcp.enable` recorded, and undone by the switch back. */
import { createTestWorld, FAKE_CLAUDE, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { mkdirSync, readFileSync, realpathSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addJsonArgv } from '../../../src/cli/argv';
import { McpCoreError } from '../../../src/errors';
import { cliStatusLine } from '../../support/cli-view';
import { adminInWorld, storedConfigOf } from '../../support/world-admin';

let world: TestWorld;
// Our code is the subject: the fake CLI (core/cli/fake-claude-contract.test.ts) stores what the real one would.
beforeEach(() => {
  world = createTestWorld({ claudeBin: FAKE_CLAUDE });
});
afterEach(() => {
  world.remove();
});

const WEB = {
  type: 'http',
  url: 'https://example.test/mcp',
  headers: { Authorization: 'Bearer s3cret' },
  oauth: { clientId: 'mcp-admin', callbackPort: 8765 },
  timeout: 20_000,
};
const stashPath = () => join(world.configDir, '.mcp-admin', 'disabled.json');
const stashedNames = () =>
  (JSON.parse(readFileSync(stashPath(), 'utf8')) as { servers: { name: string }[] }).servers.map(
    ({ name }) => name,
  );
const localSettings = () => join(world.projectDir, '.claude', 'settings.local.json');

function seed(scope: 'user' | 'project', name: string, entry: Record<string, unknown>) {
  return runCliAsAnotherTerminal(world, world.projectDir, addJsonArgv(name, scope, entry));
}

describe('the switch in the history', () => {
  it('records a user-scope disable by name only; its undo adds the whole entry back and empties the stash, and undoing that disables it again', async () => {
    await seed('user', 'web', WEB);
    const stored = storedConfigOf(world).mcpServers;
    const admin = adminInWorld(world);
    await admin.disable({ name: 'web', scope: 'user' });

    const [disabled] = await admin.history();
    expect(disabled).toEqual({
      id: expect.any(String) as unknown,
      time: expect.any(String) as unknown,
      procedure: 'mcp.disable',
      name: 'web',
      scope: 'user',
      ok: true,
      message: expect.stringContaining('Removed MCP server web from user config') as unknown,
      undoable: true,
      files: [world.configPath],
    });
    expect(JSON.stringify(await admin.history())).not.toContain('s3cret');

    await admin.undo({ id: disabled?.id ?? '' });
    expect({ stored: storedConfigOf(world).mcpServers, stash: stashedNames() }).toEqual({
      stored,
      stash: [],
    });
    const [enabled, ...earlier] = await admin.history();
    expect({ enabled, disableUndoable: earlier[0]?.undoable }).toEqual({
      enabled: expect.objectContaining({
        procedure: 'mcp.enable',
        name: 'web',
        ok: true,
        undoable: true,
      }) as unknown,
      disableUndoable: false,
    });

    await admin.undo({ id: enabled?.id ?? '' });
    expect({ stored: storedConfigOf(world).mcpServers, stash: stashedNames() }).toEqual({
      stored: {},
      stash: ['web'],
    });
  });

  it('refuses with CHANGED_SINCE, naming the field, to undo an enable of a server another terminal changed since', async () => {
    await seed('user', 'web', WEB);
    const admin = adminInWorld(world);
    await admin.disable({ name: 'web', scope: 'user' });
    await admin.enable({ name: 'web', scope: 'user' });
    const [enabled] = await admin.history();
    await runCliAsAnotherTerminal(world, world.projectDir, ['mcp', 'remove', '--scope', 'user', 'web']);
    await seed('user', 'web', { ...WEB, url: 'https://changed.test/mcp' });

    await expect(admin.undo({ id: enabled?.id ?? '' })).rejects.toEqual(
      new McpCoreError(
        'CHANGED_SINCE',
        `Cannot undo: "web" in user scope (${world.configPath}) changed since: url changed.`,
      ),
    );
    expect(storedConfigOf(world).mcpServers).toEqual({ web: { ...WEB, url: 'https://changed.test/mcp' } });
  });

  it('undoes a project-scope disable by putting the name back where it stood (in neither list: pending again), .mcp.json untouched', async () => {
    await seed('project', 'files', { type: 'stdio', command: 'node', args: [] });
    const mcpJson = readFileSync(join(world.projectDir, '.mcp.json'));
    mkdirSync(join(world.projectDir, '.claude'));
    writeFileSync(localSettings(), '{"permissions":{"allow":["Bash(ls)"]}}');
    const admin = adminInWorld(world);
    await admin.disable({ name: 'files', scope: 'project' });
    const [disabled] = await admin.history();

    await admin.undo({ id: disabled?.id ?? '' });
    expect({
      settings: JSON.parse(readFileSync(localSettings(), 'utf8')) as unknown,
      mcpJson: readFileSync(join(world.projectDir, '.mcp.json')).equals(mcpJson),
      cli: await cliStatusLine(world, world.projectDir, 'files'),
      history: (await admin.history()).map(({ procedure, undoable, files }) => ({
        procedure,
        undoable,
        files,
      })),
    }).toEqual({
      settings: { permissions: { allow: ['Bash(ls)'] }, disabledMcpjsonServers: [] },
      mcpJson: true,
      cli: '⏸ Pending approval (run `claude` to approve)',
      history: [
        { procedure: 'mcp.enable', undoable: true, files: [localSettings()] },
        { procedure: 'mcp.disable', undoable: false, files: [localSettings()] },
      ],
    });
  });

  it('refuses with CHANGED_SINCE to undo a project-scope disable once the name moved to another list since, and writes nothing', async () => {
    await seed('project', 'files', { type: 'stdio', command: 'node', args: [] });
    const admin = adminInWorld(world);
    await admin.disable({ name: 'files', scope: 'project' });
    const [disabled] = await admin.history();
    // Approved meanwhile, as Claude Code's own dialog would.
    writeFileSync(localSettings(), '{"enabledMcpjsonServers":["files"]}');

    await expect(admin.undo({ id: disabled?.id ?? '' })).rejects.toEqual(
      new McpCoreError(
        'CHANGED_SINCE',
        `Cannot undo: "files" stands in enabledMcpjsonServers of ${localSettings()} since, not in disabledMcpjsonServers.`,
      ),
    );
    expect(readFileSync(localSettings(), 'utf8')).toBe('{"enabledMcpjsonServers":["files"]}');
  });

  it('refuses with CHANGED_SINCE to undo a project-scope disable once its project path links to another project, and writes nothing there', async () => {
    const [first, other] = [join(world.plainDir, 'first'), join(world.plainDir, 'other')];
    for (const dir of [first, other]) {
      mkdirSync(dir);
      writeFileSync(join(dir, '.mcp.json'), '{"mcpServers":{"files":{"command":"node"}}}');
    }
    const admin = adminInWorld(world);
    await admin.disable({ name: 'files', scope: 'project', projectPath: first });
    const [disabled] = await admin.history();
    await admin.disable({ name: 'files', scope: 'project', projectPath: other });
    const firstKey = realpathSync(first);
    renameSync(first, `${first}-moved`);
    symlinkSync(other, first);
    const otherSettings = readFileSync(join(other, '.claude', 'settings.local.json'), 'utf8');

    await expect(admin.undo({ id: disabled?.id ?? '' })).rejects.toEqual(
      new McpCoreError(
        'CHANGED_SINCE',
        `Cannot undo: ${first}, where "files" was changed in ${firstKey}, now leads to ${realpathSync(other)}.`,
      ),
    );
    expect(readFileSync(join(other, '.claude', 'settings.local.json'), 'utf8')).toBe(otherSettings);
  });

  it('records no change for a switch refused as bad input', async () => {
    const admin = adminInWorld(world);
    await expect(admin.enable({ name: 'ghost', scope: 'user' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(admin.history()).resolves.toEqual([]);
  });
});
