/**
 * docs/api.md#http-and-access over real HTTP: the Host and Origin guards (a change or a process start
 * asked by another site or port is refused before it runs), malformed URLs, the body limit.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import {
  NOT_SIGNED_IN,
  CROSS_ORIGIN,
  SECURITY_HEADERS,
  statusAndBody,
  securityHeadersOf,
  stdioServer,
} from './http-expectations';
import {
  bearer,
  expectStillServing,
  gatedCliEnv,
  httpRequest,
  refusalBody,
  snapshotFiles,
  spawnedArgv,
  trpcMutation,
  trpcQuery,
  useServer,
  useTestWorld,
  worldFiles,
} from './support';

describe('request guards', () => {
  it('refuses a Host that does not name this server (DNS rebinding), and accepts the loopback names', async () => {
    const server = await useServer(useTestWorld());
    const port = new URL(server.url).port;

    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      `127.0.0.1:${Number(port) + 1}`,
      `10.0.0.1:${port}`,
    ]) {
      const result = await trpcQuery(server, 'mcp.list', undefined, { ...bearer(server), host });
      expect(statusAndBody(result)).toEqual({
        status: 403,
        body: refusalBody('FORBIDDEN', 403, `Host "${host}" does not name this server`),
      });
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      expect((await trpcQuery(server, 'mcp.list', undefined, { ...bearer(server), host })).status).toBe(200);
    }
  });

  it('refuses a sign-in (a subscription that starts the CLI) asked for by another site, before it starts', async () => {
    const world = useTestWorld();
    const server = await useServer(world);
    const input = { name: 'guarded' };
    const results = [
      await trpcQuery(server, 'mcp.login', input, { ...bearer(server), origin: 'http://evil.example' }),
      await trpcQuery(server, 'mcp.login', input, { ...bearer(server), 'sec-fetch-site': 'same-site' }),
    ];
    expect(results.map(statusAndBody)).toEqual([
      { status: 403, body: CROSS_ORIGIN },
      { status: 403, body: CROSS_ORIGIN },
    ]);
    // A query changes nothing: another origin's, with the token, is answered.
    const list = await trpcQuery(server, 'mcp.list', undefined, {
      ...bearer(server),
      origin: 'http://evil.example',
    });
    expect(list.status).toBe(200);
  });

  it('refuses mcp.login, mcp.checkAll and mcp.check from another port however the URL spells them, starting nothing', async () => {
    const world = useTestWorld();
    const marker = join(world.configDir, 'started');
    const startsMarker = {
      command: process.execPath,
      args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, '')`],
    };
    writeFileSync(
      world.configPath,
      JSON.stringify({
        mcpServers: { guarded: { type: 'http', url: 'http://127.0.0.1:9/mcp' }, local: startsMarker },
      }),
    );
    const { env, cliLog } = gatedCliEnv(world);
    const server = await useServer(world, env);
    const otherPort = `http://127.0.0.1:${Number(new URL(server.url).port) + 1}`;
    const login = encodeURIComponent(JSON.stringify({ name: 'guarded' }));
    const batchInput = encodeURIComponent(JSON.stringify({ 1: { name: 'guarded' } }));
    const get = (path: string, headers: Record<string, string>) =>
      httpRequest(`${server.url}/trpc/${path}`, { headers: { ...bearer(server), ...headers } });
    const fromOtherPort: Record<string, string>[] = [
      { origin: otherPort },
      { 'sec-fetch-site': 'same-site' },
    ];
    const spellings = [
      `mcp.login?input=${login}`,
      `mcp%2Elogin?input=${login}`,
      `mcp%2elogin?input=${login}`,
      `%6Dcp.login?input=${login}`,
      `mcp.list,mcp.login?batch=1&input=${batchInput}`,
      `mcp.list%2Cmcp.login?batch=1&input=${batchInput}`,
      'mcp.checkAll',
      'mcp%2EcheckAll',
      'mcp.list,mcp.checkAll?batch=1&input=%7B%7D',
    ];

    for (const headers of fromOtherPort) {
      for (const path of spellings) {
        expect({ path, ...statusAndBody(await get(path, headers)) }).toEqual({
          path,
          status: 403,
          body: CROSS_ORIGIN,
        });
      }
      const check = await httpRequest(`${server.url}/trpc/mcp%2Echeck`, {
        method: 'POST',
        headers: { ...bearer(server), ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'local', scope: 'user' }),
      });
      expect(statusAndBody(check)).toEqual({ status: 403, body: CROSS_ORIGIN });
      // Spellings that name no procedure reach none.
      expect((await get(`mcp.login/?input=${login}`, headers)).status).toBe(404);
      expect((await get(`MCP.LOGIN?input=${login}`, headers)).status).toBe(404);
    }
    expect(spawnedArgv(cliLog)).toEqual([]);
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses a change whose Origin is another site, and accepts its own origin', async () => {
    const server = await useServer(useTestWorld());

    for (const origin of ['http://evil.example', 'null', server.url.replace('127.0.0.1', 'localhost')]) {
      const result = await trpcMutation(server, 'mcp.add', stdioServer, { ...bearer(server), origin });
      expect(statusAndBody(result)).toEqual({ status: 403, body: CROSS_ORIGIN });
    }
    const sameOrigin = await trpcMutation(server, 'mcp.add', stdioServer, {
      ...bearer(server),
      origin: server.url,
    });
    expect(sameOrigin.status).toBe(200);
  });

  it('refuses a change the browser marks as sent by another site or port, even without an Origin', async () => {
    const world = useTestWorld();
    const { env, cliLog } = gatedCliEnv(world);
    const server = await useServer(world, env);
    const post = (fetchSite: string) =>
      trpcMutation(
        server,
        'mcp.add',
        { ...stdioServer, name: fetchSite },
        {
          ...bearer(server),
          'sec-fetch-site': fetchSite,
        },
      );

    const refused = [await post('cross-site'), await post('same-site')];
    const accepted = [await post('same-origin'), await post('none')];

    expect(refused.map(statusAndBody)).toEqual([
      { status: 403, body: CROSS_ORIGIN },
      { status: 403, body: CROSS_ORIGIN },
    ]);
    expect(accepted.map((result) => result.status)).toEqual([200, 200]);
    expect(spawnedArgv(cliLog)).toEqual([
      'mcp add-json --scope user same-origin -',
      'mcp add-json --scope user none -',
    ]);
  });

  it('refuses a malformed URL with a foreign Host as a foreign Host (403), else with 400, never echoing it', async () => {
    const server = await useServer(useTestWorld());
    const port = new URL(server.url).port;

    const foreign = await httpRequest(`${server.url}/%`, { headers: { host: 'evil.example' } });
    const own = await httpRequest(`${server.url}/trpc/%`, { headers: { host: `localhost:${port}` } });

    expect([foreign, own].map(statusAndBody)).toEqual([
      { status: 403, body: refusalBody('FORBIDDEN', 403, 'Host "evil.example" does not name this server') },
      { status: 400, body: refusalBody('BAD_REQUEST', 400, 'the request URL is malformed') },
    ]);
    expect([foreign, own].map(securityHeadersOf)).toEqual([SECURITY_HEADERS, SECURITY_HEADERS]);
  });

  it('refuses a body over 1 MiB with 413 and keeps serving', async () => {
    const server = await useServer(useTestWorld());

    const result = await trpcMutation(server, 'mcp.add', {
      ...stdioServer,
      padding: 'x'.repeat(1024 * 1024),
    });

    expect(statusAndBody(result)).toEqual({
      status: 413,
      body: refusalBody('PAYLOAD_TOO_LARGE', 413, 'request bodies are limited to 1048576 bytes'),
    });
    await expectStillServing(server);
  });

  it('rejects a drive-by page POSTing mcp.add (CVE-2025-49596): nothing changes, nothing spawns', async () => {
    const world = useTestWorld();
    writeFileSync(world.configPath, JSON.stringify({ mcpServers: {} }));
    const { env, cliLog } = gatedCliEnv(world);
    const server = await useServer(world, env);
    const before = snapshotFiles(worldFiles(world));
    const attack = { name: 'pwned', scope: 'user', command: 'sh', args: ['-c', 'touch /tmp/pwned'] };
    const post = (headers: Record<string, string>, contentType = 'application/json') =>
      httpRequest(`${server.url}/trpc/mcp.add`, {
        method: 'POST',
        headers: { 'content-type': contentType, ...headers },
        body: JSON.stringify(attack),
      });

    // A page can send no Authorization header and gets no SameSite=Strict cookie; its Origin shows.
    const fromForeignPage = await post({ origin: 'http://evil.example' });
    const simpleRequest = await post({ origin: 'http://evil.example' }, 'text/plain;charset=UTF-8');
    const withStolenCookieButForeignOrigin = await post({
      origin: 'http://evil.example',
      cookie: `mcp-admin-${new URL(server.url).port}=${server.token}`,
    });
    const withoutToken = await post({});

    expect(
      [fromForeignPage, simpleRequest, withStolenCookieButForeignOrigin, withoutToken].map(statusAndBody),
    ).toEqual([
      { status: 403, body: CROSS_ORIGIN },
      { status: 403, body: CROSS_ORIGIN },
      { status: 403, body: CROSS_ORIGIN },
      { status: 401, body: NOT_SIGNED_IN },
    ]);
    expect(snapshotFiles(worldFiles(world))).toEqual(before);
    expect(spawnedArgv(cliLog)).toEqual([]);
  });
});
