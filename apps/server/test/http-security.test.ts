/** docs/api.md#http-and-access over real HTTP: auth, the Host and Origin guards, limits, headers, sign-in, the panel. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import type { HttpResult } from './support';
import {
  TEST_WEB_DIST,
  bearer,
  expectStillServing,
  gatedCliEnv,
  httpRequest,
  json,
  refusalBody,
  snapshotFiles,
  spawnedArgv,
  trpcMutation,
  trpcQuery,
  useServer,
  useTestWorld,
  worldFiles,
} from './support';

const NOT_SIGNED_IN = refusalBody(
  'UNAUTHORIZED',
  401,
  'not signed in: open the address MCP Admin printed at start, or send "Authorization: Bearer <token>"',
);
const CROSS_ORIGIN = refusalBody('FORBIDDEN', 403, 'requests from another origin may not change anything');
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

const statusAndBody = (result: HttpResult) => ({ status: result.status, body: json(result) });
const securityHeadersOf = (result: HttpResult) =>
  Object.fromEntries(Object.keys(SECURITY_HEADERS).map((name) => [name, result.headers[name]]));
const shell = readFileSync(join(TEST_WEB_DIST, 'index.html'), 'utf8');
const stdioServer = { name: 's1', scope: 'user', command: 'node' };

describe('authentication', () => {
  it('refuses API calls without a token or with a wrong one, by header or cookie', async () => {
    const server = await useServer(useTestWorld());
    const cookieName = `mcp-admin-${new URL(server.url).port}`;

    expect(statusAndBody(await trpcQuery(server, 'mcp.list', undefined, {}))).toEqual({
      status: 401,
      body: NOT_SIGNED_IN,
    });
    const wrongCredentials: Record<string, string>[] = [
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${server.token}x` },
      { authorization: `Basic ${server.token}` },
      { cookie: `${cookieName}=wrong` },
      { cookie: `mcp-admin-1=${server.token}` },
    ];
    for (const headers of wrongCredentials) {
      expect(statusAndBody(await trpcQuery(server, 'mcp.list', undefined, headers))).toEqual({
        status: 401,
        body: NOT_SIGNED_IN,
      });
    }
    expect(
      (await trpcQuery(server, 'mcp.list', undefined, { cookie: `${cookieName}=${server.token}` })).status,
    ).toBe(200);
    expect((await trpcQuery(server, 'mcp.list')).status).toBe(200);
  });

  it('answers /healthz without auth', async () => {
    const server = await useServer(useTestWorld());

    const result = await httpRequest(`${server.url}/healthz`);

    expect({ status: result.status, type: result.headers['content-type'], body: result.body }).toEqual({
      status: 200,
      type: 'text/plain; charset=utf-8',
      body: 'ok',
    });
  });

  it('signs the panel in: /?token= sets an HttpOnly SameSite=Strict cookie and redirects to /', async () => {
    const server = await useServer(useTestWorld());
    const port = new URL(server.url).port;

    const signIn = await httpRequest(server.signInUrl);
    const wrong = await httpRequest(`${server.url}/?token=wrong`);

    expect({
      status: signIn.status,
      location: signIn.headers.location,
      cookie: signIn.headers['set-cookie'],
    }).toEqual({
      status: 302,
      location: '/',
      cookie: [`mcp-admin-${port}=${server.token}; HttpOnly; SameSite=Strict; Path=/`],
    });
    expect({ status: wrong.status, cookie: wrong.headers['set-cookie'], body: wrong.body }).toEqual({
      status: 200,
      cookie: undefined,
      body: shell,
    });
  });

  it('lets the signed-in panel call the API with just the cookie, same-origin', async () => {
    const server = await useServer(useTestWorld());
    const [cookie = ''] = (await httpRequest(server.signInUrl)).headers['set-cookie'] ?? [];
    const session = { cookie: cookie.split(';')[0] ?? '', origin: server.url };

    const listed = await trpcQuery(server, 'mcp.list', undefined, session);
    const added = await trpcMutation(server, 'mcp.add', stdioServer, session);

    expect([listed.status, added.status]).toEqual([200, 200]);
  });
});

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
      return { status: result.status, type: result.headers['content-type'], body: result.body };
    };

    expect(await get('/')).toEqual({ status: 200, type: 'text/html; charset=utf-8', body: shell });
    expect(await get('/servers/s1')).toEqual({ status: 200, type: 'text/html; charset=utf-8', body: shell });
    expect(await get('/assets/app.js')).toEqual({
      status: 200,
      type: 'application/javascript; charset=utf-8',
      body: readFileSync(join(TEST_WEB_DIST, 'assets', 'app.js'), 'utf8'),
    });
    expect(await get('/assets/missing.js')).toEqual({
      status: 404,
      type: 'application/json; charset=utf-8',
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
      cli: { path: expect.stringMatching(/\/claude$/) as unknown, version: '2.1.332 (Claude Code)' },
      managed: null,
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
