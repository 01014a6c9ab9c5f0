/**
 * Enabling a project server that another settings file rejects changes nothing Claude Code does
 * (any `disabledMcpjsonServers` wins), so it is refused, not answered as done (issue 16, finding 12).
 */
import { createTestWorld } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { McpCoreError } from '../../src/errors';
import { adminInWorld } from '../support/world-admin';
import { cliStatusLine } from '../support/cli-view';
import { serversOf, writeConfig, writeMcpJson } from '../support/stored-config';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

const localSettings = () => join(world.projectDir, '.claude', 'settings.local.json');
const REJECTED = '✘ Rejected (see disabledMcpjsonServers in settings)';

/** A project server in a trusted folder, rejected by the project's own settings.local.json (as a disable leaves it). */
function rejectedProjectServer() {
  // As `claude mcp add-json --scope project` writes it: adding is not the subject.
  writeMcpJson(world.projectDir, { files: { type: 'stdio', command: 'node', args: ['files.js'] } });
  writeConfig(world, { projects: { [world.projectDir]: { hasTrustDialogAccepted: true } } });
  mkdirSync(join(world.projectDir, '.claude'));
  writeFileSync(localSettings(), '{"disabledMcpjsonServers": ["files"]}\n');
}

function refusal(rejectingFile: string) {
  return new McpCoreError(
    'REJECTED_ELSEWHERE',
    `"files" is in disabledMcpjsonServers of ${rejectingFile}, and a rejection wins in Claude Code: enabling it in ${localSettings()} would change nothing. Take it out of that list to enable it; nothing was written.`,
  );
}

describe('enabling a project server another settings file rejects', () => {
  it.each([
    ["the team's .claude/settings.json", () => join(world.projectDir, '.claude', 'settings.json')],
    ["the user's settings.json", () => join(world.configDir, 'settings.json')],
  ])(
    'is refused naming %s, with every file byte-identical and the CLI still saying Rejected',
    async (_label, file) => {
      rejectedProjectServer();
      const rejecting = file();
      writeFileSync(rejecting, '{"disabledMcpjsonServers": ["files"], "model": "x"}\n');
      const before = { local: readFileSync(localSettings()), rejecting: readFileSync(rejecting) };
      const admin = adminInWorld(world);
      // Rejected from the start (settings.local.json rejects it too), as the reader held to claude mcp get says.
      expect((await serversOf(world, world.projectDir)).map(({ status }) => status)).toEqual(['rejected']);

      await expect(admin.enable({ name: 'files', scope: 'project' })).rejects.toEqual(refusal(rejecting));
      expect({
        local: readFileSync(localSettings()).equals(before.local),
        rejecting: readFileSync(rejecting).equals(before.rejecting),
        cli: await cliStatusLine(world, world.projectDir, 'files'),
        history: (await admin.history()).map(({ procedure, ok, undoable }) => ({ procedure, ok, undoable })),
      }).toEqual({
        local: true,
        rejecting: true,
        cli: REJECTED,
        history: [{ procedure: 'mcp.enable', ok: false, undoable: false }],
      });
    },
  );

  it('refuses the undo of a disable that would put it back in enabledMcpjsonServers, naming the file', async () => {
    rejectedProjectServer();
    const admin = adminInWorld(world);
    await admin.enable({ name: 'files', scope: 'project' });
    await admin.disable({ name: 'files', scope: 'project' });
    const [disabled] = await admin.history();
    const team = join(world.projectDir, '.claude', 'settings.json');
    writeFileSync(team, '{"disabledMcpjsonServers": ["files"]}\n');
    const local = readFileSync(localSettings());

    await expect(admin.undo({ id: disabled?.id ?? '' })).rejects.toEqual(refusal(team));
    expect({
      local: readFileSync(localSettings()).equals(local),
      cli: await cliStatusLine(world, world.projectDir, 'files'),
    }).toEqual({ local: true, cli: REJECTED });
  });

  it('enables it once no other file rejects it, and Claude Code then loads it', async () => {
    rejectedProjectServer();
    await expect(adminInWorld(world).enable({ name: 'files', scope: 'project' })).resolves.toMatchObject({
      ok: true,
    });
    expect(await cliStatusLine(world, world.projectDir, 'files')).not.toMatch(/Rejected|Pending/);
    expect(existsSync(join(world.projectDir, '.claude', 'settings.json'))).toBe(false);
  });
});
