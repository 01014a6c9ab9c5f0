/** The router through `createCaller`: the real service and the real CLI, no HTTP. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import {
  apiErrorOf,
  callerFor,
  gatedCliEnv,
  snapshotFiles,
  spawnedArgv,
  useTestWorld,
  worldFiles,
} from './support';

describe('mcp router', () => {
  it('adds, lists and removes a server in each scope', async () => {
    const world = useTestWorld();
    const api = callerFor(world);

    await expect(
      api.mcp.add({ name: 'u1', scope: 'user', command: 'node', args: ['-v'], env: { TOKEN: 's3cret' } }),
    ).resolves.toEqual({
      ok: true,
      message: `Added stdio MCP server u1 with command: node -v to user config\nFile modified: ${world.configPath}`,
    });
    await api.mcp.add({
      name: 'l1',
      scope: 'local',
      url: 'https://example.test/mcp',
      projectPath: world.nestedDir,
    });
    await api.mcp.add({ name: 'p1', scope: 'project', transport: 'sse', url: 'https://example.test/sse' });

    await expect(api.mcp.list()).resolves.toEqual({
      configPath: world.configPath,
      projectPath: world.projectDir,
      servers: [
        {
          name: 'l1',
          scope: 'local',
          transport: 'http',
          url: 'https://example.test/mcp',
          source: world.configPath,
        },
        {
          name: 'p1',
          scope: 'project',
          transport: 'sse',
          url: 'https://example.test/sse',
          approval: 'pending',
          source: join(world.projectDir, '.mcp.json'),
        },
        {
          name: 'u1',
          scope: 'user',
          transport: 'stdio',
          command: 'node',
          args: ['-v'],
          env: { TOKEN: '••••••' },
          source: world.configPath,
        },
      ],
    });
    await expect(api.mcp.projects()).resolves.toEqual([
      { path: world.projectDir, localCount: 1, hasMcpJson: true },
    ]);

    await api.mcp.remove({ name: 'l1', projectPath: world.nestedDir });
    await api.mcp.remove({ name: 'p1', scope: 'project' });
    await expect(api.mcp.remove({ name: 'u1' })).resolves.toEqual({
      ok: true,
      message: `Removed MCP server u1 from user config\nFile modified: ${world.configPath}`,
    });
    await expect(api.mcp.list()).resolves.toEqual({
      configPath: world.configPath,
      projectPath: world.projectDir,
      servers: [],
    });
  });

  it('refuses input that breaks a rule with BAD_REQUEST naming field and rule, and never spawns', async () => {
    const world = useTestWorld();
    const { env, cliLog } = gatedCliEnv(world);
    const api = callerFor(world, { env });
    const before = snapshotFiles(worldFiles(world));

    await expect(apiErrorOf(api.mcp.add({ name: '-rf', scope: 'user', command: 'node' }))).resolves.toEqual({
      code: 'BAD_REQUEST',
      message: 'name: name may not start with "-"',
      coreCode: undefined,
    });
    await expect(
      apiErrorOf(api.mcp.add({ name: 'x', scope: 'user', command: 'node', env: { 'BAD KEY': 'v' } })),
    ).resolves.toEqual({
      code: 'BAD_REQUEST',
      message: 'env.BAD KEY: env name must start with a letter or "_" and hold only letters, digits and "_"',
      coreCode: undefined,
    });
    await expect(
      apiErrorOf(api.mcp.remove({ name: 'x', scope: 'user', projectPath: join(world.plainDir, 'missing') })),
    ).resolves.toEqual({
      code: 'BAD_REQUEST',
      message: `projectPath "${join(world.plainDir, 'missing')}" is not an existing directory`,
      coreCode: 'INVALID_INPUT',
    });

    expect(spawnedArgv(cliLog)).toEqual([]);
    expect(snapshotFiles(worldFiles(world))).toEqual(before);
  });

  it('reports a CLI failure as UNPROCESSABLE_CONTENT with the CLI text', async () => {
    const world = useTestWorld();
    const api = callerFor(world);
    await api.mcp.add({ name: 'dup', scope: 'user', command: 'node' });

    await expect(apiErrorOf(api.mcp.add({ name: 'dup', scope: 'user', command: 'node' }))).resolves.toEqual({
      code: 'UNPROCESSABLE_CONTENT',
      message: 'MCP server dup already exists in user config',
      coreCode: 'CLI_FAILED',
    });
  });

  it('reports an unknown name as NOT_FOUND and a name in several scopes as CONFLICT', async () => {
    const world = useTestWorld();
    const api = callerFor(world);
    await api.mcp.add({ name: 'twice', scope: 'user', command: 'node' });
    await api.mcp.add({ name: 'twice', scope: 'local', command: 'node' });

    await expect(apiErrorOf(api.mcp.remove({ name: 'nope' }))).resolves.toEqual({
      code: 'NOT_FOUND',
      message: 'No MCP server named "nope" in local, project or user scope.',
      coreCode: 'NOT_FOUND',
    });
    await expect(apiErrorOf(api.mcp.remove({ name: 'twice' }))).resolves.toEqual({
      code: 'CONFLICT',
      message: 'MCP server "twice" exists in several scopes (local, user); give the scope to remove it from.',
      coreCode: 'AMBIGUOUS',
    });
  });
});

describe('system router', () => {
  it('reports the version, the config, the default project and the CLI', async () => {
    const world = useTestWorld();

    await expect(callerFor(world).system.info()).resolves.toEqual({
      version: '0.1.0',
      configPath: world.configPath,
      defaultProject: world.projectDir,
      cli: { path: expect.stringMatching(/\/claude$/) as unknown, version: '2.1.332 (Claude Code)' },
    });
  });
});
