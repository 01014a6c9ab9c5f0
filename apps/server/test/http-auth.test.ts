/** docs/api.md#http-and-access over real HTTP: the token, by header or cookie, the panel's sign-in, /healthz. */
import { describe, expect, it } from 'vitest';

import { NOT_SIGNED_IN, shell, statusAndBody, stdioServer } from './http-expectations';
import { httpRequest, trpcMutation, trpcQuery, useServer, useTestWorld } from './support';

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
