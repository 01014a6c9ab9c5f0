/** docs/api.md#http-and-access over real HTTP: security headers, the panel shell, batches, long paths, secrets. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { SECURITY_HEADERS, shell, statusAndBody, securityHeadersOf, stdioServer } from './http-expectations';
import {
  TEST_WEB_DIST,
  bearer,
  httpRequest,
  json,
  refusalBody,
  trpcMutation,
  trpcQuery,
  useServer,
  useTestWorld,
} from './support';

describe('responses', () => {
  it('carry the security headers on every kind of response', async () => {
    const server = await useServer(useTestWorld());

    const responses = [
      await httpRequest(`${server.url}/healthz`),
      await httpRequest(`${server.url}/`),
      await httpRequest(server.signInUrl),
      await httpRequest(`${server.url}/assets/app.js`),
      await httpRequest(`${server.url}/missing.js`),
      await trpcQuery(server, 'mcp.list'),
      await trpcQuery(server, 'mcp.list', undefined, {}),
      await trpcQuery(server, 'mcp.list', undefined, { ...bearer(server), host: 'evil.example' }),
      await trpcMutation(server, 'mcp.add', { name: '-x' }),
      await trpcMutation(server, 'mcp.add', { padding: 'x'.repeat(2 * 1024 * 1024) }),
    ];

    expect(responses.map(securityHeadersOf)).toEqual(responses.map(() => SECURITY_HEADERS));
  });

  it('serve the panel shell and its assets without auth, with the shell for client-side routes', async () => {
    const server = await useServer(useTestWorld());
    const get = async (path: string) => {
      const result = await httpRequest(`${server.url}${path}`);
      return {
        status: result.status,
        type: result.headers['content-type'],
        cache: result.headers['cache-control'],
        body: result.body,
      };
    };

    const page = { status: 200, type: 'text/html; charset=utf-8', cache: 'no-store', body: shell };
    expect(await get('/')).toEqual(page);
    expect(await get('/servers/s1')).toEqual(page);
    // Vite's assets are named by their content's hash: kept by the browser for good.
    expect(await get('/assets/app.js')).toEqual({
      status: 200,
      type: 'application/javascript; charset=utf-8',
      cache: 'public, max-age=31536000, immutable',
      body: readFileSync(join(TEST_WEB_DIST, 'assets', 'app.js'), 'utf8'),
    });
    // A file outside assets/ keeps its name across builds: asked again each time.
    expect(await get('/favicon.svg')).toEqual({
      status: 200,
      type: 'image/svg+xml',
      cache: 'no-cache',
      body: readFileSync(join(TEST_WEB_DIST, 'favicon.svg'), 'utf8'),
    });
    // The server's own code for drawing the panel is not served.
    expect(await get('/ssr/entry-server.mjs')).toEqual({
      status: 404,
      type: 'application/json; charset=utf-8',
      cache: undefined,
      body: JSON.stringify(refusalBody('NOT_FOUND', 404, 'no route /ssr/entry-server.mjs')),
    });
    expect(await get('/assets/missing.js')).toEqual({
      status: 404,
      type: 'application/json; charset=utf-8',
      cache: undefined,
      body: JSON.stringify(refusalBody('NOT_FOUND', 404, 'no route /assets/missing.js')),
    });
  });

  it('answer a batch of 12 calls in one request, as a typed client batches them', async () => {
    const world = useTestWorld();
    const server = await useServer(world);
    const paths = Array.from({ length: 12 }, (_, index) => (index % 2 === 0 ? 'mcp.list' : 'system.info'));

    const result = await httpRequest(`${server.url}/trpc/${paths.join(',')}?batch=1&input=%7B%7D`, {
      headers: bearer(server),
    });

    const list = { configPath: world.configPath, projectPath: world.projectDir, servers: [], problems: [] };
    const info = {
      version: '0.1.0',
      configPath: world.configPath,
      defaultProject: world.projectDir,
      cli: { path: world.claudeBin, version: '2.1.332 (Claude Code)' },
      managed: null,
      keychain: expect.objectContaining({ backend: 'Secret Service' }) as unknown,
    };
    expect({ status: result.status, body: json(result) }).toEqual({
      status: 200,
      body: paths.map((path) => ({ result: { data: path === 'mcp.list' ? list : info } })),
    });
  });

  it('refuse a query or a change whose procedure names pass 1024 characters', async () => {
    const server = await useServer(useTestWorld());
    const paths = Array(100).fill('system.info').join(',');
    const url = `${server.url}/trpc/${paths}?batch=1`;

    const query = await httpRequest(`${url}&input=%7B%7D`, { headers: bearer(server) });
    const change = await httpRequest(url, {
      method: 'POST',
      headers: { ...bearer(server), 'content-type': 'application/json' },
      body: '{}',
    });

    const tooLong = {
      status: 400,
      body: refusalBody(
        'BAD_REQUEST',
        400,
        'the procedure names of one request may take at most 1024 characters',
      ),
    };
    expect([query, change].map(statusAndBody)).toEqual([tooLong, tooLong]);
    expect([query, change].map(securityHeadersOf)).toEqual([SECURITY_HEADERS, SECURITY_HEADERS]);
  });

  it('redact env and header values unless the request asks with reveal: true', async () => {
    const server = await useServer(useTestWorld());
    await trpcMutation(server, 'mcp.add', { ...stdioServer, env: { API_KEY: 'hunter2' } });
    await trpcMutation(server, 'mcp.add', {
      name: 'h1',
      scope: 'user',
      url: 'https://example.test/mcp',
      headers: { Authorization: 'Bearer abc' },
    });
    const secretsOf = async (input: unknown) => {
      const body = json(await trpcQuery(server, 'mcp.list', input)) as {
        result: { data: { servers: { name: string; env?: unknown; headers?: unknown }[] } };
      };
      return body.result.data.servers.map(({ name, env, headers }) => ({ name, env, headers }));
    };

    expect(await secretsOf(undefined)).toEqual([
      { name: 'h1', env: undefined, headers: { Authorization: '••••••' } },
      { name: 's1', env: { API_KEY: '••••••' }, headers: undefined },
    ]);
    expect(await secretsOf({ reveal: false })).toEqual(await secretsOf(undefined));
    expect(await secretsOf({ reveal: true })).toEqual([
      { name: 'h1', env: undefined, headers: { Authorization: 'Bearer abc' } },
      { name: 's1', env: { API_KEY: 'hunter2' }, headers: undefined },
    ]);
  });
});
