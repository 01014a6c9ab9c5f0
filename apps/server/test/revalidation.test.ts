import { addArgv, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { bearer, httpRequest, json, trpcQuery, useServer, useTestWorld } from './support';

describe('revalidating a query answer', () => {
  it('answers mcp.list with an ETag, a 304 without a body to the same ETag, and the new list once the config changed', async () => {
    const world = useTestWorld();
    const server = await useServer(world);
    const first = await trpcQuery(server, 'mcp.list');
    const etag = first.headers.etag as string;
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(etag).toMatch(/^"[\w-]+"$/);

    const unchanged = await trpcQuery(server, 'mcp.list', undefined, {
      ...bearer(server),
      'if-none-match': etag,
    });
    expect({ status: unchanged.status, body: unchanged.body, etag: unchanged.headers.etag }).toEqual({
      status: 304,
      body: '',
      etag,
    });

    await runCliAsAnotherTerminal(
      world,
      world.projectDir,
      addArgv({ name: 'later', scope: 'user', command: 'node' }),
    );
    const changed = await trpcQuery(server, 'mcp.list', undefined, {
      ...bearer(server),
      'if-none-match': etag,
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(json(changed)).toMatchObject({ result: { data: { servers: [{ name: 'later' }] } } });
  });

  it('never lets a browser keep an answer asked with reveal: true, and gives it no ETag', async () => {
    const server = await useServer(useTestWorld());

    const revealed = await trpcQuery(server, 'mcp.list', { reveal: true });

    expect(revealed.status).toBe(200);
    expect({ cacheControl: revealed.headers['cache-control'], etag: revealed.headers.etag }).toEqual({
      cacheControl: 'no-store',
      etag: undefined,
    });
  });

  it('never lets a browser keep an answer asked with reveal however the JSON spells it (escaped, in a batch)', async () => {
    const world = useTestWorld();
    writeFileSync(
      world.configPath,
      JSON.stringify({
        mcpServers: { s: { command: 'node', env: { API_KEY: 'sk-visible-only-revealed' } } },
      }),
    );
    const server = await useServer(world);
    const spellings: Record<string, [path: string, input: string]> = {
      escaped: ['mcp.list', '{"\\u0072eveal":true}'],
      spaced: ['mcp.list', '{ "reveal" :\ttrue }'],
      batch: ['mcp.list?batch=1', '{"0":{"reveal":true}}'],
    };

    for (const [spelling, [path, input]] of Object.entries(spellings)) {
      const separator = path.includes('?') ? '&' : '?';
      const answer = await httpRequest(
        `${server.url}/trpc/${path}${separator}input=${encodeURIComponent(input)}`,
        { headers: bearer(server) },
      );
      expect({
        spelling,
        status: answer.status,
        revealed: answer.body.includes('sk-visible-only-revealed'),
      }).toEqual({ spelling, status: 200, revealed: true });
      expect({
        spelling,
        cacheControl: answer.headers['cache-control'],
        etag: answer.headers.etag,
      }).toEqual({ spelling, cacheControl: 'no-store', etag: undefined });
    }
  });

  it('answers mcp.projects bigger than 256 KiB whole, with an ETag, and a 304 without a body to it', async () => {
    const world = useTestWorld();
    const paths = Array.from({ length: 4000 }, (_, index) =>
      join(world.plainDir, 'a-folder-long-deleted-with-a-long-name', `project-${index}`),
    );
    writeFileSync(
      world.configPath,
      JSON.stringify({ projects: Object.fromEntries(paths.map((path) => [path, { mcpServers: {} }])) }),
    );
    const server = await useServer(world);

    const first = await trpcQuery(server, 'mcp.projects');
    const etag = first.headers.etag as string;
    expect(first.status).toBe(200);
    expect(Buffer.byteLength(first.body)).toBeGreaterThan(256 * 1024);
    expect(json(first)).toEqual({
      result: {
        data: [...paths].sort().map((path) => ({ path, localCount: 0, hasMcpJson: false })),
      },
    });
    expect(etag).toMatch(/^"[\w-]+"$/);

    const unchanged = await trpcQuery(server, 'mcp.projects', undefined, {
      ...bearer(server),
      'if-none-match': etag,
    });
    expect({ status: unchanged.status, body: unchanged.body, etag: unchanged.headers.etag }).toEqual({
      status: 304,
      body: '',
      etag,
    });
  });
});
