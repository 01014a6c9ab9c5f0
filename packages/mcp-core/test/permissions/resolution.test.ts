/**
 * A tool's effective permission, resolved over every settings file as Claude Code resolves it:
 * deny beats ask beats allow whichever file holds them, a rule on the server (`mcp__s`, `mcp__s__*`)
 * covers each of its tools, and the rule named as deciding is a managed one when there is one.
 */
import { createTestWorld } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPermissionRules } from '../../src/permissions';
import { effectivePermission } from '../../src/schemas';
import type { McpPermissionRule } from '../../src/schemas';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

function writeSettings(path: string, permissions: Record<string, string[]>) {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, JSON.stringify({ theme: 'dark', permissions }));
}

const files = () => ({
  managed: join(world.managedDir, 'managed-settings.json'),
  user: join(world.configDir, 'settings.json'),
  shared: join(world.projectDir, '.claude', 'settings.json'),
  local: join(world.projectDir, '.claude', 'settings.local.json'),
});

async function rulesInWorld(): Promise<McpPermissionRule[]> {
  const locations = {
    claudeDir: world.configDir,
    managedDir: world.managedDir,
    projectPath: world.projectDir,
  };
  return readPermissionRules(locations, []);
}

describe('readPermissionRules', () => {
  it('reads the MCP rules of the managed, user, shared and personal files with their kind and file, and skips every other rule', async () => {
    writeSettings(files().managed, { deny: ['mcp__db__drop'] });
    writeSettings(files().user, { allow: ['mcp__db', 'Bash(ls:*)'], ask: ['mcp__web__*'] });
    writeSettings(files().shared, { ask: ['mcp__db__query'] });
    writeSettings(files().local, { deny: ['mcp__db__query(x)', 'mcp__db__a__b'] });

    expect(await rulesInWorld()).toEqual([
      {
        rule: 'mcp__db__drop',
        kind: 'deny',
        source: 'managed',
        file: files().managed,
        server: 'db',
        tool: 'drop',
      },
      { rule: 'mcp__db', kind: 'allow', source: 'user', file: files().user, server: 'db' },
      { rule: 'mcp__web__*', kind: 'ask', source: 'user', file: files().user, server: 'web' },
      {
        rule: 'mcp__db__query',
        kind: 'ask',
        source: 'project-shared',
        file: files().shared,
        server: 'db',
        tool: 'query',
      },
      {
        rule: 'mcp__db__a__b',
        kind: 'deny',
        source: 'project-local',
        file: files().local,
        server: 'db',
        tool: 'a__b',
      },
    ]);
  });
});

describe('effectivePermission', () => {
  it('is deny when any file denies, whatever another allows or asks', async () => {
    writeSettings(files().user, { deny: ['mcp__db__query'] });
    writeSettings(files().local, { allow: ['mcp__db__query'], ask: ['mcp__db'] });
    expect(effectivePermission(await rulesInWorld(), 'db', 'query')).toEqual({
      kind: 'deny',
      rule: 'mcp__db__query',
      file: files().user,
      source: 'user',
    });
  });

  it('is ask over allow, from a rule on the whole server', async () => {
    writeSettings(files().shared, { ask: ['mcp__db__*'] });
    writeSettings(files().local, { allow: ['mcp__db__query'] });
    expect(effectivePermission(await rulesInWorld(), 'db', 'query')).toEqual({
      kind: 'ask',
      rule: 'mcp__db__*',
      file: files().shared,
      source: 'project-shared',
    });
  });

  it('names the managed rule as deciding when a managed and a personal rule agree', async () => {
    writeSettings(files().managed, { allow: ['mcp__db'] });
    writeSettings(files().local, { allow: ['mcp__db__query'] });
    expect(effectivePermission(await rulesInWorld(), 'db', 'query')).toEqual({
      kind: 'allow',
      rule: 'mcp__db',
      file: files().managed,
      source: 'managed',
    });
  });

  it("is default for a tool no rule covers (another tool's or server's rules do not count)", async () => {
    writeSettings(files().user, { deny: ['mcp__db__drop', 'mcp__dbx', 'mcp__d'] });
    expect(effectivePermission(await rulesInWorld(), 'db', 'query')).toEqual({ kind: 'default' });
  });

  it("matches a plugin's server and a dotted tool by Claude Code's names, every other character as _", async () => {
    writeSettings(files().user, { deny: ['mcp__plugin_p_files__read_file'] });
    expect(effectivePermission(await rulesInWorld(), 'plugin:p:files', 'read.file')).toMatchObject({
      kind: 'deny',
    });
  });
});
