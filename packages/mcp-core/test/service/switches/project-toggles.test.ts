/**
 * `mcp.disableInProject` / `mcp.enableInProject`: Claude Code's own per-project off, written by
 * the real CLI through its control protocol, proven with `claude mcp get` run in the project;
 * refusals before any process starts, every file byte-identical.
 */
import { createTestWorld, projectEntry } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { McpCoreError } from '../../../src/errors';
import { cliStatusLine } from '../../support/cli-view';
import { installLocalPlugin } from '../../support/local-plugin';
import { writeConfig } from '../../support/stored-config';
import { adminInWorld, fixture, storedConfigOf } from '../../support/world-admin';

const DISABLED = '⊘ Disabled for this project (re-enable via /mcp)';

let world: TestWorld;
// One world for the file: each real control session costs seconds, so the tests share what they seed.
beforeAll(() => {
  world = createTestWorld();
  // Stored as `claude mcp add-json` stores `{"command":"true"}`: how they got there is not the subject.
  const entry = { command: 'true', args: [] };
  writeConfig(world, {
    mcpServers: { docs: entry, both: entry },
    projects: { [world.projectDir]: projectEntry({ both: entry, mine: entry }) },
  });
});
afterAll(() => {
  world.remove();
});

/** The service with a model key set, as a user's environment has one: the session must not wait on it. */
const admin = () => adminInWorld(world, undefined, { ANTHROPIC_API_KEY: 'sk-ant-dummy-for-tests' });

function disabledIn(projectKey: string): unknown {
  return (storedConfigOf(world).projects?.[projectKey] as { disabledMcpServers?: unknown } | undefined)
    ?.disabledMcpServers;
}

/** Every file under the world's config and project, with its bytes. */
function filesOf(): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[path] = readFileSync(path, 'base64');
    }
  };
  walk(world.configDir);
  walk(world.projectDir);
  return files;
}

describe('off in this project only, through Claude Code', () => {
  it('disableInProject makes `claude mcp get` in the project say Disabled for this project, and its undo makes it stop saying so', async () => {
    const service = admin();
    const result = await service.disableInProject({ name: 'docs', projectPath: world.nestedDir });
    expect(result).toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `"docs" is off in this project only (${world.projectDir}), as Claude Code's /mcp turns it off.`,
    });
    expect(disabledIn(world.projectDir)).toEqual(['docs']);
    expect(await cliStatusLine(world, world.projectDir, 'docs')).toBe(DISABLED);
    const listed = await service.list({ projectPath: world.projectDir });
    expect(listed.servers.find(({ name }) => name === 'docs')?.status).toBe('disabled-in-project');

    const [change] = await service.history();
    expect(change).toEqual({
      id: expect.any(String) as unknown,
      time: expect.any(String) as unknown,
      procedure: 'mcp.disableInProject',
      name: 'docs',
      scope: 'user',
      projectPath: world.nestedDir,
      ok: true,
      message: result.message,
      undoable: true,
      files: [world.configPath],
    });

    await service.undo({ id: change?.id ?? '' });
    expect(disabledIn(world.projectDir)).toEqual([]);
    expect(await cliStatusLine(world, world.projectDir, 'docs')).not.toBe(DISABLED);
    const [undo] = await service.history();
    expect({ procedure: undo?.procedure, undoable: undo?.undoable }).toEqual({
      procedure: 'mcp.enableInProject',
      undoable: true,
    });
    const audit = readFileSync(join(world.configDir, '.mcp-admin', 'audit.jsonl'), 'utf8');
    expect(audit).toContain('mcp_toggle \\"docs\\" off in');
    expect(audit).not.toContain('sk-ant-dummy');
  });

  it('refuses to undo a toggle turned back since with a 409 saying so, changing nothing', async () => {
    const service = admin();
    await service.disableInProject({ name: 'docs', projectPath: world.projectDir });
    const [disabled] = await service.history();
    await service.enableInProject({ name: 'docs', projectPath: world.projectDir });
    const before = filesOf();
    await expect(service.undo({ id: disabled?.id ?? '' })).rejects.toEqual(
      new McpCoreError(
        'CHANGED_SINCE',
        `Cannot undo: "docs" was turned on in ${world.projectDir} since (with Claude Code's /mcp?).`,
      ),
    );
    expect(filesOf()).toEqual(before);
  });

  it('refuses a local-scope name with a 400 naming the field, starting nothing and leaving every file byte-identical', async () => {
    const before = filesOf();
    const service = adminInWorld(world, fixture('hanging-claude.sh'));
    for (const name of ['mine', 'both']) {
      await expect(service.disableInProject({ name, projectPath: world.projectDir })).rejects.toEqual(
        new McpCoreError(
          'INVALID_INPUT',
          `name: "${name}" is a local-scope server in ${world.projectDir}: the per-project toggle is for user-scope and read-only (plugin, managed) servers; turn it off with its Enabled switch`,
        ),
      );
    }
    const badName = service.enableInProject({ name: 'bad name', projectPath: world.projectDir });
    await expect(badName).rejects.toBeInstanceOf(ZodError);
    await expect(badName).rejects.toMatchObject({
      issues: [{ path: ['name'], message: 'name may only contain letters, digits, "_" and "-"' }],
    });
    await expect(service.disableInProject({ name: 'nobody', projectPath: world.projectDir })).rejects.toEqual(
      new McpCoreError('NOT_FOUND', `No MCP server named "nobody" in ${world.projectDir}.`),
    );
    expect(filesOf()).toEqual(before);
  });

  it("refuses a plugin's server in a folder nobody trusted with a 400 saying why, starting nothing and leaving every file byte-identical", async () => {
    await installLocalPlugin(world);
    const before = filesOf();
    const service = adminInWorld(world, fixture('hanging-claude.sh'));
    await expect(
      service.disableInProject({ name: 'plugin:tools:search', projectPath: world.projectDir }),
    ).rejects.toEqual(
      new McpCoreError(
        'INVALID_INPUT',
        `name: "plugin:tools:search" is a plugin server, which Claude Code's toggle finds only in a session that also starts the project's .mcp.json servers; MCP Admin starts none in a folder nobody trusted (projects[${JSON.stringify(world.projectDir)}].hasTrustDialogAccepted is not true in ${world.configPath}). Run claude in ${world.projectDir} once and trust the folder, or use /mcp there.`,
      ),
    );
    expect(filesOf()).toEqual(before);
  });

  it("turns a plugin's server off and on again in a trusted project only, as Claude Code names it", async () => {
    await installLocalPlugin(world);
    trustProject();
    const service = admin();
    const name = 'plugin:tools:search';
    await service.disableInProject({ name, projectPath: world.projectDir });
    expect(disabledIn(world.projectDir)).toEqual([name]);
    expect(await cliStatusLine(world, world.projectDir, name)).toBe(DISABLED);
    await service.enableInProject({ name, projectPath: world.projectDir });
    expect(disabledIn(world.projectDir)).toEqual([]);
    const [enabled] = await service.history();
    expect({ procedure: enabled?.procedure, scope: enabled?.scope }).toEqual({
      procedure: 'mcp.enableInProject',
      scope: 'plugin',
    });
  });
});

/** Marks the project trusted, as accepting Claude Code's trust dialog does. */
function trustProject(): void {
  const config = storedConfigOf(world);
  const projects: Record<string, object> = config.projects ?? {};
  projects[world.projectDir] = { ...projects[world.projectDir], hasTrustDialogAccepted: true };
  writeFileSync(world.configPath, JSON.stringify({ ...config, projects }, null, 2));
}
