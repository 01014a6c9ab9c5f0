/** A `.claude.json` or `.mcp.json` that is broken or unreadable, and parsing once per version. */
import { createTestWorld, worldReadOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readClaudeConfig } from '../../src/config/claude-config';
import { listProjects, listServers } from '../../src/config';
import { McpCoreError } from '../../src/errors';
import { activeIn, serversOf, writeConfig, writeJson } from '../support/stored-config';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

describe('listServers', () => {
  it('reports an invalid .claude.json with its path and the line and column of the error', async () => {
    writeFileSync(world.configPath, '{\n  "mcpServers": {\n    "a": { "command": "x", }\n  }\n}\n');

    await expect(serversOf(world, world.plainDir)).rejects.toEqual(
      new McpCoreError(
        'CONFIG_UNREADABLE',
        `${world.configPath} is not valid JSON: Unexpected character at line 3, column 28`,
      ),
    );
  });

  it('reports a truncated .claude.json at its end', async () => {
    writeFileSync(world.configPath, '{"mcpServers": {"a": {"command": "x"');

    await expect(listProjects(world.configPath)).rejects.toEqual(
      new McpCoreError(
        'CONFIG_UNREADABLE',
        `${world.configPath} is not valid JSON: Unexpected end of JSON input at line 1, column 37`,
      ),
    );
  });

  it("lists an invalid .mcp.json as a problem with the error's line and column, and the other files' servers", async () => {
    const broken = join(world.projectDir, '.mcp.json');
    writeFileSync(broken, '{"mcpServers": {"a": {"command": "x"}}');
    const own = join(world.nestedDir, '.mcp.json');
    writeJson(own, { mcpServers: { b: { command: 'own-b' } } });
    writeConfig(world, { mcpServers: { c: { command: 'user-c' } } });

    await expect(listServers({ ...worldReadOptions(world), projectPath: world.nestedDir })).resolves.toEqual({
      configPath: world.configPath,
      projectPath: world.nestedDir,
      servers: [
        {
          name: 'b',
          scope: 'project',
          source: own,
          transport: 'stdio',
          command: 'own-b',
          approval: 'pending',
          status: 'pending',
          statusReason:
            '"b" is in no enabledMcpjsonServers or disabledMcpjsonServers of the settings files: run claude in the project to approve it.',
        },
        {
          name: 'c',
          scope: 'user',
          source: world.configPath,
          transport: 'stdio',
          command: 'user-c',
          status: 'active',
          statusReason: `"c" is in mcpServers of ${world.configPath}.`,
        },
      ],
      problems: [
        {
          file: broken,
          message: `${broken} is not valid JSON: Unexpected end of JSON input at line 1, column 39`,
        },
      ],
    });
  });

  it('reports a .claude.json that cannot be read', async () => {
    mkdirSync(world.configPath);

    await expect(serversOf(world, world.plainDir)).rejects.toEqual(
      new McpCoreError('CONFIG_UNREADABLE', `${world.configPath} is a directory, not a regular file`),
    );
  });

  it('parses .claude.json once per version of the file', async () => {
    writeConfig(world, { mcpServers: { first: { command: 'a' } } });
    const [first, concurrent] = await Promise.all([
      readClaudeConfig(world.configPath),
      readClaudeConfig(world.configPath),
    ]);
    expect(concurrent).toBe(first);
    expect(await readClaudeConfig(world.configPath)).toBe(first);

    writeConfig(world, { mcpServers: { second: { command: 'a longer command' } } });
    await expect(serversOf(world, world.plainDir)).resolves.toEqual([
      {
        name: 'second',
        scope: 'user',
        source: world.configPath,
        transport: 'stdio',
        command: 'a longer command',
        ...activeIn('second', world.configPath),
      },
    ]);

    // Same size, replaced by rename as editors and atomic writers do: a new inode.
    const replacement = `${world.configPath}.tmp`;
    writeJson(replacement, { mcpServers: { third_: { command: 'a longer command' } } });
    renameSync(replacement, world.configPath);
    await expect(serversOf(world, world.plainDir)).resolves.toEqual([
      {
        name: 'third_',
        scope: 'user',
        source: world.configPath,
        transport: 'stdio',
        command: 'a longer command',
        ...activeIn('third_', world.configPath),
      },
    ]);
  });
});
