/** The projects `.claude.json` knows (docs/api.md#mcpprojects). */
import { createTestWorld } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listProjects } from '../../src/config';
import { serversOf, writeConfig, writeJson } from '../support/stored-config';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

describe('listProjects', () => {
  it('lists the projects .claude.json knows, by path, with local counts and .mcp.json presence', async () => {
    writeConfig(world, {
      projects: {
        [world.projectDir]: { mcpServers: { a: { command: 'a' }, b: { url: 'https://b.example' } } },
        [world.plainDir]: { history: [] },
        '/gone/project': { mcpServers: { c: { command: 'c' } } },
      },
    });
    writeJson(join(world.projectDir, '.mcp.json'), { mcpServers: {} });

    await expect(listProjects(world.configPath)).resolves.toEqual([
      { path: '/gone/project', localCount: 1, hasMcpJson: false },
      { path: world.plainDir, localCount: 0, hasMcpJson: false },
      { path: world.projectDir, localCount: 2, hasMcpJson: true },
    ]);
  });

  it("looks at each project's .mcp.json once per version of .claude.json, and else says what the reader saw last", async () => {
    writeConfig(world, { projects: { [world.projectDir]: {}, [world.plainDir]: {} } });
    const inProject = join(world.projectDir, '.mcp.json');
    const inPlain = join(world.plainDir, '.mcp.json');
    writeJson(inProject, { mcpServers: {} });
    const projects = (project: boolean, plain: boolean) => [
      { path: world.plainDir, localCount: 0, hasMcpJson: plain },
      { path: world.projectDir, localCount: 0, hasMcpJson: project },
    ];
    await expect(listProjects(world.configPath)).resolves.toEqual(projects(true, false));

    // Changed behind the reader's back, while .claude.json stays the same: not looked at again.
    rmSync(inProject);
    writeJson(inPlain, { mcpServers: {} });
    await expect(listProjects(world.configPath)).resolves.toEqual(projects(true, false));

    // Listing a project reads its .mcp.json: the project list then tells what that read saw.
    await serversOf(world, world.plainDir);
    await expect(listProjects(world.configPath)).resolves.toEqual(projects(true, true));

    // A new version of .claude.json: every project's .mcp.json is looked at again.
    writeConfig(world, { projects: { [world.projectDir]: {}, [world.plainDir]: {} }, numStartups: 2 });
    await expect(listProjects(world.configPath)).resolves.toEqual(projects(false, true));
  });

  it('lists no projects when .claude.json does not exist', async () => {
    await expect(listProjects(world.configPath)).resolves.toEqual([]);
  });
});
