/**
 * The page carries the panel's first reads (apps/server/src/http/first-reads.ts): to a signed-in
 * page of this origin only, as `system.info` and `mcp.list` answer them, in a block no text of an
 * entry can end, and the panel drawn from them (./server-render.test.ts has its faults).
 */
import { describe, expect, it } from 'vitest';

import { AFTER_FIRST_PAINT_SCRIPT } from '../src/http/after-first-paint';
import { shell } from './http-expectations';
import { httpRequest, trpcMutation, trpcQuery, useServer, useTestWorld } from './support';

const BLOCK = /<script type="application\/json" id="first-reads">(.*?)<\/script>/s;

/** An entry whose text tries to end the block and run a script of its own. */
const hostile = {
  name: 'hostile',
  scope: 'user',
  command: 'node',
  args: ['</script><script>alert(1)</script>', '\u2028<!--'],
  env: { API_KEY: 'sk-live-first-reads-secret' },
};

async function signedIn(server: Awaited<ReturnType<typeof useServer>>) {
  const [cookie = ''] = (await httpRequest(server.signInUrl)).headers['set-cookie'] ?? [];
  return cookie.split(';')[0] ?? '';
}

describe('the first reads inside the page', () => {
  it('a signed-in page opened by the user carries system.info and mcp.list as the API answers them, secrets masked, and the block ends only where it should', async () => {
    const server = await useServer(useTestWorld());
    expect((await trpcMutation(server, 'mcp.add', hostile)).status).toBe(200);
    const cookie = await signedIn(server);

    const page = await httpRequest(`${server.url}/`, { headers: { cookie, 'sec-fetch-site': 'none' } });

    const block = BLOCK.exec(page.body)?.[1] ?? '';
    const reads = JSON.parse(block) as unknown;
    const info = JSON.parse((await trpcQuery(server, 'system.info')).body) as { result: { data: unknown } };
    const list = JSON.parse((await trpcQuery(server, 'mcp.list', { reveal: false })).body) as {
      result: { data: unknown };
    };
    expect({
      status: page.status,
      type: page.headers['content-type'],
      cache: page.headers['cache-control'],
    }).toEqual({
      status: 200,
      type: 'text/html; charset=utf-8',
      cache: 'no-store',
    });
    expect(reads).toEqual({ info: info.result.data, list: list.result.data });
    expect(block).not.toContain('sk-live-first-reads-secret');
    expect(block).not.toMatch(/<|\u2028/);
    // The shell with the panel drawn from the same reads in its root (the test build's entry says
    // how many servers it got), its script moved behind the root and held until the first paint
    // (../src/http/after-first-paint.ts), and the block just before its body's end: nothing else changed.
    const script = '<script type="module" src="/assets/app.js"></script>';
    const drawn = shell
      .replace(script, '')
      .replace('<div id="root"></div>', '<div id="root"><p>1 servers drawn by the server</p></div>')
      .replace(
        '</body>',
        `<template id="after-first-paint">${script}</template><script type="module">${AFTER_FIRST_PAINT_SCRIPT}</script></body>`,
      );
    expect(page.body.replace(BLOCK, '')).toBe(drawn);
    expect(page.body.indexOf(BLOCK.exec(page.body)?.[0] ?? '-')).toBe(drawn.lastIndexOf('</body>'));
  });

  it('a page opened after the sign-in redirect (same origin) carries them; without the session, with a wrong one, or opened from another site, it is the bare shell', async () => {
    const server = await useServer(useTestWorld());
    const cookie = await signedIn(server);
    const open = (headers: Record<string, string>) => httpRequest(`${server.url}/`, { headers });

    const bodies = {
      sameOrigin: (await open({ cookie, 'sec-fetch-site': 'same-origin' })).body,
      noSession: (await open({ 'sec-fetch-site': 'none' })).body,
      wrongSession: (await open({ cookie: `${cookie.split('=')[0] ?? ''}=wrong`, 'sec-fetch-site': 'none' }))
        .body,
      otherSite: (await open({ cookie, 'sec-fetch-site': 'cross-site' })).body,
      otherOrigin: (await open({ cookie, origin: 'http://evil.example' })).body,
      panelRoute: (await httpRequest(`${server.url}/servers`, { headers: { cookie } })).body,
    };

    expect(BLOCK.test(bodies.sameOrigin)).toBe(true);
    expect(BLOCK.test(bodies.panelRoute)).toBe(true);
    expect([bodies.noSession, bodies.wrongSession, bodies.otherSite, bodies.otherOrigin]).toEqual([
      shell,
      shell,
      shell,
      shell,
    ]);
  });
});
