/** Import and export through the API: how their failures map to HTTP, and the sources the server's settings point at. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import {
  callerFor,
  expectStillServing,
  gatedCliEnv,
  json,
  procedureErrorBody,
  refusalBody,
  snapshotFiles,
  spawnedArgv,
  trpcMutation,
  trpcQuery,
  useServer,
  useTestWorld,
  worldFiles,
} from './support';

describe('import and export over HTTP', () => {
  it('answers bad documents and unknown sources with 400, an oversized body with 413; nothing spawned, no file changed', async () => {
    const world = useTestWorld();
    const { env, cliLog } = gatedCliEnv(world);
    const server = await useServer(world, env);
    const before = snapshotFiles(worldFiles(world));

    const notJson = await trpcMutation(server, 'mcp.import', {
      json: '{\n  "a": {"command": "x",}\n}',
      scope: 'user',
    });
    const tooMany = await trpcMutation(server, 'mcp.import', {
      json: JSON.stringify(
        Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`s${i}`, { command: 'x' }])),
      ),
      scope: 'user',
    });
    const noScope = await trpcMutation(server, 'mcp.import', { json: '{}' });
    const unknownSource = await trpcQuery(server, 'mcp.importSource', {
      path: world.configPath,
      reveal: true,
    });
    const oversized = await trpcMutation(server, 'mcp.import', {
      json: ' '.repeat(1024 * 1024),
      scope: 'user',
    });

    expect(
      [notJson, tooMany, noScope, unknownSource, oversized].map((result) => ({
        status: result.status,
        body: json(result),
      })),
    ).toEqual([
      {
        status: 400,
        body: procedureErrorBody(
          'BAD_REQUEST',
          400,
          'mcp.import',
          'json is not valid JSON: Unexpected character at line 2, column 24',
          { coreCode: 'INVALID_INPUT' },
        ),
      },
      {
        status: 400,
        body: procedureErrorBody(
          'BAD_REQUEST',
          400,
          'mcp.import',
          'json holds 201 servers; at most 200 can be imported at once',
          { coreCode: 'INVALID_INPUT' },
        ),
      },
      {
        status: 400,
        body: procedureErrorBody(
          'BAD_REQUEST',
          400,
          'mcp.import',
          'scope: scope must be one of user, local, project',
          {
            zodError: {
              formErrors: [],
              fieldErrors: { scope: ['scope must be one of user, local, project'] },
            },
          },
        ),
      },
      {
        status: 400,
        body: procedureErrorBody(
          'BAD_REQUEST',
          400,
          'mcp.importSource',
          `path "${world.configPath}" is not an import source: only Claude Desktop's config and known projects' .mcp.json are read`,
          { coreCode: 'INVALID_INPUT' },
        ),
      },
      {
        status: 413,
        body: refusalBody('PAYLOAD_TOO_LARGE', 413, 'request bodies are limited to 1048576 bytes'),
      },
    ]);
    expect(spawnedArgv(cliLog)).toEqual([]);
    expect(snapshotFiles(worldFiles(world))).toEqual(before);
    await expectStillServing(server);
  });

  it("finds Claude Desktop's config under the HOME the server was started with, and imports from it", async () => {
    const world = useTestWorld();
    const home = join(world.plainDir, 'home');
    const desktopConfig = join(home, '.config', 'Claude', 'claude_desktop_config.json');
    mkdirSync(join(home, '.config', 'Claude'), { recursive: true });
    writeFileSync(
      desktopConfig,
      JSON.stringify({ mcpServers: { 'from-desktop': { command: 'node', args: ['d.js'] } } }),
    );
    const api = callerFor(world, { env: { HOME: home } });

    await expect(api.mcp.importSources()).resolves.toEqual([
      { kind: 'desktop', label: 'Claude Desktop', path: desktopConfig, servers: ['from-desktop'] },
    ]);
    const { json: document } = await api.mcp.importSource({ path: desktopConfig, reveal: true });
    await expect(api.mcp.import({ json: document, scope: 'user' })).resolves.toEqual([
      {
        name: 'from-desktop',
        outcome: 'added',
        message: 'Added stdio MCP server from-desktop to user config',
      },
    ]);
    await expect(api.mcp.export({ scope: 'user' })).resolves.toEqual({
      json: `${JSON.stringify({ mcpServers: { 'from-desktop': { command: 'node', args: ['d.js'] } } }, null, 2)}\n`,
    });
  });
});
