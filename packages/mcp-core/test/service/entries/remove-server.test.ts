/**
 * `mcp.remove`: the scope picked or given, and exactly the listed entry removed. Its subject is the
 * service, so it drives the verified fake CLI, whose add, remove and refusals are held to the real
 * one by core/cli/fake-claude-contract.test.ts (output and stored files).
 */
import { createTestWorld, FAKE_CLAUDE, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { findStoredEntries } from '../../../src/config';
import { McpCoreError } from '../../../src/errors';
import type { Scope } from '../../../src/schemas';
import { addArgv } from '../../../src/cli/argv';
import { adminInWorld, fixture, type AdminArgs } from '../../support/world-admin';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld({ claudeBin: FAKE_CLAUDE });
});
afterEach(() => {
  world.remove();
});

function adminFor(...args: AdminArgs) {
  return adminInWorld(world, ...args);
}

function storedEntries(name: string, projectPath = world.projectDir) {
  return findStoredEntries({ configPath: world.configPath, projectPath, name });
}

describe('remove', () => {
  it('removes from the given scope and confirms it is gone', async () => {
    const admin = adminFor();
    await admin.add({ name: 'files', scope: 'user', command: 'node' });
    await expect(admin.remove({ name: 'files', scope: 'user' })).resolves.toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Removed MCP server files from user config\nFile modified: ${world.configPath}`,
    });
    await expect(storedEntries('files')).resolves.toEqual([]);
  });

  it('fails verification when the CLI reports success and the server is still there', async () => {
    await adminFor().add({ name: 'files', scope: 'user', command: 'node' });
    await expect(adminFor('/bin/true').remove({ name: 'files' })).rejects.toEqual(
      new McpCoreError(
        'VERIFY_FAILED',
        `The CLI reported success, but "files" is still stored in ${world.configPath}.`,
      ),
    );
  });

  it('without a scope, removes from the one scope that holds the name', async () => {
    const admin = adminFor();
    await admin.add({ name: 'files', scope: 'local', command: 'node', projectPath: world.nestedDir });
    await expect(admin.remove({ name: 'files', projectPath: world.nestedDir })).resolves.toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Removed MCP server files from local config\nFile modified: ${world.configPath} [project: ${world.projectDir}]`,
    });
    await expect(storedEntries('files')).resolves.toEqual([]);
  });

  it('without a scope, refuses a name held in several scopes and names them', async () => {
    const admin = adminFor();
    await admin.add({ name: 'files', scope: 'user', command: 'node' });
    await admin.add({ name: 'files', scope: 'project', command: 'node' });
    await expect(admin.remove({ name: 'files' })).rejects.toEqual(
      new McpCoreError(
        'AMBIGUOUS',
        'MCP server "files" exists in several scopes (project, user); give the scope to remove it from.',
      ),
    );
    expect((await storedEntries('files')).map((stored) => stored.scope)).toEqual(['project', 'user']);
  });

  it("reports an unknown name: NOT_FOUND without a scope, the CLI's own text with one", async () => {
    const admin = adminFor();
    await expect(admin.remove({ name: 'nope' })).rejects.toEqual(
      new McpCoreError('NOT_FOUND', 'No MCP server named "nope" in local, project or user scope.'),
    );
    await expect(admin.remove({ name: 'nope', scope: 'user' })).rejects.toEqual(
      new McpCoreError('CLI_FAILED', 'No MCP server named "nope" in user scope'),
    );
  });
});

describe('remove of exactly the listed entry (source)', () => {
  const stdioEntry = (command: string) => ({ type: 'stdio', command, args: [], env: {} });

  /** `shared` in the repo root's `.mcp.json` (farther) and in `sub/deeper/.mcp.json` (nearer). */
  async function twoMcpJsonFiles() {
    const farther = join(world.projectDir, '.mcp.json');
    const nearer = join(world.nestedDir, '.mcp.json');
    const add = (cwd: string, command: string) =>
      runCliAsAnotherTerminal(world, cwd, addArgv({ name: 'shared', scope: 'project', command }));
    await add(world.projectDir, 'farther-server');
    await add(world.nestedDir, 'nearer-server');
    return { farther, nearer };
  }

  const mcpServersIn = (path: string): unknown =>
    (JSON.parse(readFileSync(path, 'utf8')) as { mcpServers: unknown }).mcpServers;

  it('removes a shadowed entry from the farther .mcp.json, leaving the nearer one of the same name', async () => {
    const { farther, nearer } = await twoMcpJsonFiles();
    const admin = adminFor();

    await expect(
      admin.remove({ name: 'shared', scope: 'project', projectPath: world.nestedDir, source: farther }),
    ).resolves.toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Removed MCP server shared from project config\nFile modified: ${farther}`,
    });

    expect(mcpServersIn(farther)).toEqual({});
    expect(mcpServersIn(nearer)).toEqual({ shared: stdioEntry('nearer-server') });
  });

  it('refuses a source that does not hold that entry with INVALID_INPUT before any spawn, files unchanged', async () => {
    const { farther, nearer } = await twoMcpJsonFiles();
    writeFileSync(join(world.plainDir, '.mcp.json'), '{"mcpServers":{"shared":{"command":"x"}}}');
    // .claude.json too, if the CLI wrote one (the real one does on every run; the fake only when it stores there).
    const bytesOf = (path: string) => (existsSync(path) ? readFileSync(path, 'latin1') : 'absent');
    const before = [farther, nearer, world.configPath].map(bytesOf);
    const log = join(world.plainDir, 'cli.log');
    const admin = adminFor(fixture('start-end-logging-claude.sh'), { CLI_LOG: log });
    const remove = (scope: Scope, source: string) =>
      admin.remove({ name: 'shared', scope, projectPath: world.nestedDir, source });

    await expect(remove('project', join(world.plainDir, '.mcp.json'))).rejects.toEqual(
      new McpCoreError(
        'INVALID_INPUT',
        `source "${join(world.plainDir, '.mcp.json')}" is not a .mcp.json that Claude Code reads for project "${world.nestedDir}"`,
      ),
    );
    await expect(remove('project', join(world.projectDir, 'sub', '.mcp.json'))).rejects.toEqual(
      new McpCoreError(
        'INVALID_INPUT',
        `source "${join(world.projectDir, 'sub', '.mcp.json')}" holds no project-scope server "shared"`,
      ),
    );
    await expect(remove('project', world.configPath)).rejects.toEqual(
      new McpCoreError(
        'INVALID_INPUT',
        `source "${world.configPath}" is not a .mcp.json that Claude Code reads for project "${world.nestedDir}"`,
      ),
    );
    await expect(remove('user', farther)).rejects.toEqual(
      new McpCoreError(
        'INVALID_INPUT',
        `source "${farther}" is not where user-scope servers are kept (${world.configPath}, or ${join(world.configDir, '.mcp-admin', 'disabled.json')} while switched off)`,
      ),
    );
    await expect(remove('local', world.configPath)).rejects.toEqual(
      new McpCoreError('INVALID_INPUT', `source "${world.configPath}" holds no local-scope server "shared"`),
    );
    await expect(
      admin.remove({ name: 'shared', projectPath: world.nestedDir, source: farther }),
    ).rejects.toBeInstanceOf(ZodError);

    expect(existsSync(log)).toBe(false);
    expect([farther, nearer, world.configPath].map(bytesOf)).toEqual(before);
  });
});
