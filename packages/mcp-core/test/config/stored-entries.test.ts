/** The raw stored entries of a name, for a remove or an update to work on. */
import { createTestWorld } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findStoredEntries } from '../../src/config';
import { writeConfig, writeJson } from '../support/stored-config';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

describe('findStoredEntries', () => {
  it("returns the raw entries of a name in local scope, the project dir's own .mcp.json and user scope", async () => {
    const userEntry = {
      type: 'http',
      url: 'https://u.example',
      headers: { A: 'secret' },
      oauth: { clientId: 'c' },
    };
    const localEntry = {
      type: 'stdio',
      command: 'node',
      env: { K: 'secret' },
      timeout: 5000,
      unknownField: 1,
    };
    const projectEntry = { command: 'npx', args: ['-y', 'pkg'], alwaysLoad: true };
    writeConfig(world, {
      mcpServers: { s: userEntry, other: { command: 'o' } },
      projects: { [world.projectDir]: { mcpServers: { s: localEntry } } },
    });
    const own = join(world.nestedDir, '.mcp.json');
    writeJson(own, { mcpServers: { s: projectEntry } });
    writeJson(join(world.projectDir, '.mcp.json'), {
      mcpServers: { s: { command: 'ancestor, not written by the CLI' } },
    });

    const find = () =>
      findStoredEntries({ configPath: world.configPath, projectPath: world.nestedDir, name: 's' });
    const expected = [
      { scope: 'local', source: world.configPath, entry: localEntry },
      { scope: 'project', source: own, entry: projectEntry },
      { scope: 'user', source: world.configPath, entry: userEntry },
    ];

    const entries = await find();
    expect(entries).toEqual(expected);
    // The entries are the caller's own: changing them changes nothing the reader holds.
    for (const { entry } of entries) delete entry.command;
    await expect(find()).resolves.toEqual(expected);
  });

  it('returns nothing for a name stored nowhere', async () => {
    writeConfig(world, { mcpServers: { a: { command: 'a' } } });

    await expect(
      findStoredEntries({ configPath: world.configPath, projectPath: world.projectDir, name: 'b' }),
    ).resolves.toEqual([]);
  });
});
