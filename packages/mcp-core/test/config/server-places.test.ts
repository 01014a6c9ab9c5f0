/**
 * Where each listed server comes from: local > project > user, every `.mcp.json` from the root
 * down, and local scope keyed by the project's repository root as the CLI keys it.
 */
import { createTestWorld } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localProjectKey } from '../../src/config';
import { activeIn, serversOf, storedShapesOf, writeConfig, writeJson } from '../support/stored-config';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

describe('listServers', () => {
  it('ranks local over project over user, naming the winning scope on each shadowed entry', async () => {
    writeConfig(world, {
      mcpServers: { a: { command: 'user-a' }, b: { command: 'user-b' }, c: { command: 'user-c' } },
      projects: { [world.projectDir]: { mcpServers: { a: { command: 'local-a' } } } },
    });
    const mcpJson = join(world.projectDir, '.mcp.json');
    writeJson(mcpJson, { mcpServers: { b: { command: 'project-b' }, a: { command: 'project-a' } } });
    writeJson(join(world.configDir, 'settings.json'), { enableAllProjectMcpServers: true });
    const local = { scope: 'local', source: world.configPath, transport: 'stdio' } as const;
    const project = { scope: 'project', source: mcpJson, transport: 'stdio', approval: 'approved' } as const;
    const user = { scope: 'user', source: world.configPath, transport: 'stdio' } as const;
    const shadowedBy = (scope: string, source: string) => ({
      status: 'shadowed',
      shadowedBy: scope,
      statusReason: `The ${scope}-scope entry of the same name in ${source} wins (local > project > user).`,
    });

    await expect(serversOf(world, world.projectDir)).resolves.toEqual([
      {
        name: 'a',
        ...local,
        command: 'local-a',
        status: 'active',
        statusReason: `"a" is in projects[${JSON.stringify(world.projectDir)}].mcpServers of ${world.configPath}.`,
      },
      { name: 'a', ...project, command: 'project-a', ...shadowedBy('local', world.configPath) },
      {
        name: 'b',
        ...project,
        command: 'project-b',
        status: 'active',
        statusReason: `enableAllProjectMcpServers is true in ${join(world.configDir, 'settings.json')}.`,
      },
      { name: 'a', ...user, command: 'user-a', ...shadowedBy('local', world.configPath) },
      { name: 'b', ...user, command: 'user-b', ...shadowedBy('project', mcpJson) },
      { name: 'c', ...user, command: 'user-c', ...activeIn('c', world.configPath) },
    ]);
  });

  it('lists every .mcp.json from the root down to the project, the closest winning', async () => {
    const far = join(world.projectDir, '.mcp.json');
    const near = join(world.projectDir, 'sub', '.mcp.json');
    const own = join(world.nestedDir, '.mcp.json');
    writeJson(far, { mcpServers: { x: { command: 'far-x' }, y: { command: 'far-y' } } });
    writeJson(near, { mcpServers: { x: { command: 'near-x' } } });
    writeJson(own, { mcpServers: { z: { command: 'own-z' } } });
    writeJson(join(world.configDir, 'settings.json'), { enabledMcpjsonServers: ['x', 'y', 'z'] });
    const project = { scope: 'project', transport: 'stdio', approval: 'approved', status: 'active' } as const;
    const approvedBy = (name: string) => ({
      statusReason: `"${name}" is in enabledMcpjsonServers of ${join(world.configDir, 'settings.json')}.`,
    });

    await expect(serversOf(world, world.nestedDir)).resolves.toEqual([
      { name: 'x', ...project, source: near, command: 'near-x', ...approvedBy('x') },
      {
        name: 'x',
        ...project,
        source: far,
        command: 'far-x',
        status: 'shadowed',
        shadowedBy: 'project',
        statusReason: `The project-scope entry of the same name in ${near} wins (local > project > user).`,
      },
      { name: 'y', ...project, source: far, command: 'far-y', ...approvedBy('y') },
      { name: 'z', ...project, source: own, command: 'own-z', ...approvedBy('z') },
    ]);
  });

  it('keys local scope of a dir inside a repository by the repository root, like the CLI', async () => {
    writeConfig(world, {
      projects: {
        [world.projectDir]: { mcpServers: { 'root-local': { command: 'r' } } },
        [world.nestedDir]: { mcpServers: { 'never-used': { command: 'n' } } },
      },
    });

    await expect(localProjectKey(world.nestedDir)).resolves.toBe(world.projectDir);
    await expect(storedShapesOf(world, world.nestedDir)).resolves.toEqual([
      { name: 'root-local', scope: 'local', source: world.configPath, transport: 'stdio', command: 'r' },
    ]);
  });

  it('keys local scope of a dir outside any repository by the dir itself', async () => {
    writeConfig(world, {
      projects: { [world.plainDir]: { mcpServers: { 'plain-local': { command: 'p' } } } },
    });

    await expect(localProjectKey(world.plainDir)).resolves.toBe(world.plainDir);
    await expect(storedShapesOf(world, world.plainDir)).resolves.toEqual([
      { name: 'plain-local', scope: 'local', source: world.configPath, transport: 'stdio', command: 'p' },
    ]);
  });

  it('takes a .git file (a worktree or submodule) as a repository root too', async () => {
    const worktree = join(world.plainDir, 'worktree');
    mkdirSync(join(worktree, 'inner'), { recursive: true });
    writeFileSync(join(worktree, '.git'), 'gitdir: /elsewhere/.git/worktrees/w\n');

    await expect(localProjectKey(join(worktree, 'inner'))).resolves.toBe(worktree);
  });

  it('resolves a symlinked project dir to the real path the CLI runs in', async () => {
    const link = join(world.plainDir, 'link');
    symlinkSync(world.projectDir, link);
    writeConfig(world, { projects: { [world.projectDir]: { mcpServers: { l: { command: 'l' } } } } });
    writeJson(join(world.nestedDir, '.mcp.json'), { mcpServers: { p: { command: 'p' } } });

    await expect(localProjectKey(join(link, 'sub', 'deeper'))).resolves.toBe(world.projectDir);
    await expect(storedShapesOf(world, join(link, 'sub', 'deeper'))).resolves.toEqual([
      { name: 'l', scope: 'local', source: world.configPath, transport: 'stdio', command: 'l' },
      {
        name: 'p',
        scope: 'project',
        source: join(world.nestedDir, '.mcp.json'),
        transport: 'stdio',
        command: 'p',
        approval: 'pending',
      },
    ]);
  });

  it('still lists the local servers of a project dir that no longer exists', async () => {
    const gone = join(world.plainDir, 'deleted-project');
    writeConfig(world, { projects: { [gone]: { mcpServers: { kept: { command: 'k' } } } } });

    await expect(storedShapesOf(world, gone)).resolves.toEqual([
      { name: 'kept', scope: 'local', source: world.configPath, transport: 'stdio', command: 'k' },
    ]);
  });
});
