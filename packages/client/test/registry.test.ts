/**
 * Issue 30 through the typed client: Discover's two reads against a stand-in MCP registry (the
 * server started with MCP_ADMIN_REGISTRY_URL pointing at it), and a found server added through
 * the ordinary mcp.add, as Claude Code then stores it; a hostile entry refused (issue 44).
 */
import type { RemoteMcpServer } from '@mcp-admin/core/testing';
import { createTestWorld, startRegistryFixture } from '@mcp-admin/core/testing';
import { TRPCClientError } from '@trpc/client';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../src';
import { createMcpAdminClient } from '../src';
import { serverIn } from './support';

let registry: RemoteMcpServer;
beforeAll(async () => {
  registry = await startRegistryFixture();
});
afterAll(async () => {
  await registry.stop();
});

async function clientOn(registryUrl: string) {
  const world = createTestWorld();
  const server = await serverIn(world, { MCP_ADMIN_REGISTRY_URL: registryUrl });
  return { world, client: createMcpAdminClient({ url: server.url, token: server.token }) };
}

describe('the MCP registry through the typed client', () => {
  it('searches page by page, then adds a found server with mcp.add: Claude Code stores its entry, the secret as ${VAR}', async () => {
    const { world, client } = await clientOn(registry.origin);

    const first = await client.mcp.registrySearch.query({ query: 'tool' });
    expect(first.servers).toHaveLength(19); // 20 asked for, tool-07 deleted
    expect(first.nextCursor).toBe('io.github.fixture/tool-20');
    const second = await client.mcp.registrySearch.query({ query: 'tool', cursor: first.nextCursor });
    expect(second.servers[0]?.name).toBe('io.github.fixture/tool-21');

    const weather = await client.mcp.registryServer.query({ name: 'io.github.example/weather' });
    expect(weather.entry).toEqual({
      transport: 'stdio',
      command: 'npx',
      args: ['-y', '@example/weather-mcp@1.2.0', '--units', 'metric'],
      env: { OWM_API_KEY: '${OWM_API_KEY}', LOG_LEVEL: 'info' },
    });
    expect(weather.inputs).toContainEqual({
      name: 'OWM_API_KEY',
      description: 'OpenWeatherMap API key',
      isRequired: true,
      isSecret: true,
      reference: '${OWM_API_KEY}',
    });
    if (weather.entry === null) throw new Error('weather maps to no entry');

    await expect(
      client.mcp.add.mutate({ name: weather.suggestedName, scope: 'user', ...weather.entry }),
    ).resolves.toMatchObject({ ok: true });
    // Read from the file, not with `claude mcp get`: its health check would start npx, which goes online.
    const config = JSON.parse(readFileSync(world.configPath, 'utf8')) as {
      mcpServers?: Record<string, unknown>;
    };
    expect(config.mcpServers?.weather).toEqual({
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@example/weather-mcp@1.2.0', '--units', 'metric'],
      env: { OWM_API_KEY: '${OWM_API_KEY}', LOG_LEVEL: 'info' },
    });
    const [change] = await client.mcp.history.query();
    expect(change).toMatchObject({ procedure: 'mcp.add', name: 'weather', undoable: true });

    // Issue 44: a hostile entry's runner option in the package's place gives no entry, and says why.
    const before = readFileSync(world.configPath, 'utf8');
    const hostile = await client.mcp.registryServer.query({ name: 'io.github.hostile/npx-package' });
    expect(hostile).toMatchObject({
      entry: null,
      unavailable:
        'Refused: npm package "--package=other": its identifier starts with "-", which its runner would read as an option',
    });
    expect(readFileSync(world.configPath, 'utf8')).toBe(before);
  });

  it('answers 502 naming the registry when it answers something that is not JSON', async () => {
    const { client } = await clientOn(`${registry.origin}/malformed`);
    const error = await client.mcp.registrySearch.query({ query: 'x' }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    if (!(error instanceof TRPCClientError)) throw new Error('expected a TRPCClientError');
    const { data } = error as TRPCClientError<AppRouter>;
    expect({ message: error.message, httpStatus: data?.httpStatus, coreCode: data?.coreCode }).toEqual({
      message: `The MCP registry at ${registry.origin}/malformed answered something that is not JSON`,
      httpStatus: 502,
      coreCode: 'REGISTRY_UNAVAILABLE',
    });
  });
});
