/** Disable and enable of project servers through Claude Code's approval lists, and resetting the project choices. */
import { createTestWorld } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { McpCoreError } from '../../src/errors';
import { adminInWorld } from '../support/world-admin';
import { cliStatusLine } from '../support/cli-view';
import { writeConfig, writeMcpJson } from '../support/stored-config';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

const localSettings = (dir = world.projectDir) => join(dir, '.claude', 'settings.local.json');
const anyTime: unknown = expect.any(String);

const FILES = { type: 'stdio', command: 'node', args: ['server.js', '--root=/tmp'], env: { API_KEY: 'k3y' } };

// The project's .mcp.json as `claude mcp add-json --scope project` writes it: adding is not the subject.
const seedFiles = () => {
  writeMcpJson(world.projectDir, { files: FILES });
};

describe('disable and enable in project scope', () => {
  it('rejects through .claude/settings.local.json, keeping its other keys and mode, and never touches .mcp.json', async () => {
    seedFiles();
    const mcpJson = join(world.projectDir, '.mcp.json');
    const mcpJsonBytes = readFileSync(mcpJson);
    mkdirSync(join(world.projectDir, '.claude'));
    writeFileSync(
      localSettings(),
      '{"permissions":{"allow":["Bash(ls)"]},"enabledMcpjsonServers":["files","other"],"__proto__":{"kept":true}}',
    );
    chmodSync(localSettings(), 0o640);
    const admin = adminInWorld(world);

    await expect(admin.disable({ name: 'files', scope: 'project' })).resolves.toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Put "files" in disabledMcpjsonServers of ${localSettings()}. Claude Code will not load it in this project: "files" is in disabledMcpjsonServers of ${localSettings()}.`,
    });
    expect({
      settings: readFileSync(localSettings(), 'utf8'),
      mode: statSync(localSettings()).mode & 0o777,
      mcpJson: readFileSync(mcpJson).equals(mcpJsonBytes),
      cli: await cliStatusLine(world, world.projectDir, 'files'),
    }).toEqual({
      settings: `${JSON.stringify(
        {
          permissions: { allow: ['Bash(ls)'] },
          enabledMcpjsonServers: ['other'],
          ['__proto__']: { kept: true },
          disabledMcpjsonServers: ['files'],
        },
        null,
        2,
      )}\n`,
      mode: 0o640,
      mcpJson: true,
      cli: '✘ Rejected (see disabledMcpjsonServers in settings)',
    });

    // The folder is not trusted: the approval is written but waits for the trust.
    await expect(admin.enable({ name: 'files', scope: 'project' })).resolves.toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Put "files" in enabledMcpjsonServers of ${localSettings()}. The approval takes effect only once the folder is trusted: enabledMcpjsonServers of ${localSettings()} approves it, but only once the folder is trusted: projects[${JSON.stringify(world.projectDir)}].hasTrustDialogAccepted is not true in ${world.configPath}.`,
    });
    expect({
      settings: JSON.parse(readFileSync(localSettings(), 'utf8')) as unknown,
      mcpJson: readFileSync(mcpJson).equals(mcpJsonBytes),
      cli: await cliStatusLine(world, world.projectDir, 'files'),
    }).toEqual({
      settings: JSON.parse(
        '{"permissions":{"allow":["Bash(ls)"]},"enabledMcpjsonServers":["other","files"],"__proto__":{"kept":true},"disabledMcpjsonServers":[]}',
      ) as unknown,
      mcpJson: true,
      cli: '⏸ Pending approval (run `claude` to approve)',
    });
    const audit = readFileSync(join(world.configDir, '.mcp-admin', 'audit.jsonl'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(audit.map((line) => JSON.parse(line) as unknown)).toEqual([
      {
        time: anyTime,
        procedure: 'mcp.disable',
        argv: [],
        outcome: {
          ok: true,
          message: expect.stringContaining(
            `Put "files" in disabledMcpjsonServers of ${localSettings()}.`,
          ) as unknown,
        },
      },
      {
        time: anyTime,
        procedure: 'mcp.enable',
        argv: [],
        outcome: {
          ok: true,
          message: expect.stringContaining(
            `Put "files" in enabledMcpjsonServers of ${localSettings()}.`,
          ) as unknown,
        },
      },
    ]);
  });

  it("writes the project dir's own settings file, making .claude/, for a server of a parent's .mcp.json; trusted, it loads", async () => {
    seedFiles();
    writeConfig(world, { projects: { [world.projectDir]: { hasTrustDialogAccepted: true } } });
    const admin = adminInWorld(world);
    const settings = localSettings(world.nestedDir);

    await admin.disable({ name: 'files', scope: 'project', projectPath: world.nestedDir });
    await expect(
      admin.enable({ name: 'files', scope: 'project', projectPath: world.nestedDir }),
    ).resolves.toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Put "files" in enabledMcpjsonServers of ${settings}. Claude Code will load it in this project ("files" is in enabledMcpjsonServers of ${settings}.)`,
    });
    expect(JSON.parse(readFileSync(settings, 'utf8'))).toEqual({
      disabledMcpjsonServers: [],
      enabledMcpjsonServers: ['files'],
    });
  });

  it('refuses a settings.local.json that is not a JSON object, naming it, and writes nothing', async () => {
    seedFiles();
    mkdirSync(join(world.projectDir, '.claude'));
    writeFileSync(localSettings(), '["not", "an object"]');
    await expect(adminInWorld(world).disable({ name: 'files', scope: 'project' })).rejects.toEqual(
      new McpCoreError('CONFIG_UNREADABLE', `${localSettings()} is not a JSON object; nothing was written.`),
    );
    expect(readFileSync(localSettings(), 'utf8')).toBe('["not", "an object"]');
  });

  it('resets the project choices with the CLI, keeping the other keys', async () => {
    mkdirSync(join(world.projectDir, '.claude'));
    writeFileSync(
      localSettings(),
      JSON.stringify({
        model: 'x',
        enabledMcpjsonServers: ['a'],
        disabledMcpjsonServers: ['b'],
        enableAllProjectMcpServers: true,
      }),
    );
    await expect(adminInWorld(world).resetChoices({})).resolves.toEqual({
      ok: true,
      message:
        'Project-scoped (.mcp.json) server approvals and rejections stored for this project have been reset.',
    });
    expect(JSON.parse(readFileSync(localSettings(), 'utf8'))).toEqual({ model: 'x' });
  });
});
