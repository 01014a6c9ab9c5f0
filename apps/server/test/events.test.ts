/** `mcp.events` over real HTTP as server-sent events. */
import { addArgv, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { bearer, openEventStream, useServer, useTestWorld } from './support';

const anyVersion = expect.any(String) as unknown as string;

describe('mcp.events over HTTP', () => {
  it('streams a change another program makes, to a caller with the token', async () => {
    const world = useTestWorld();
    const server = await useServer(world);
    const input = encodeURIComponent(JSON.stringify({ projectPath: world.projectDir }));

    await runCliAsAnotherTerminal(
      world,
      world.projectDir,
      addArgv({ name: 'u0', scope: 'user', command: 'node' }),
    );

    const stream = await openEventStream(`${server.url}/trpc/mcp.events?input=${input}`, bearer(server));
    const connected = await stream.next();
    await runCliAsAnotherTerminal(
      world,
      world.projectDir,
      addArgv({ name: 'p1', scope: 'project', command: 'node' }),
    );
    const change = await stream.next();

    expect({
      status: stream.status,
      contentType: stream.headers.get('content-type'),
      connection: stream.headers.get('connection'),
      connected,
      change,
    }).toEqual({
      status: 200,
      contentType: 'text/event-stream',
      connection: 'close',
      connected: { event: 'connected', data: {} },
      change: { id: anyVersion, data: { file: join(world.projectDir, '.mcp.json'), exists: true } },
    });
  });

  it('refuses a caller without the token', async () => {
    const server = await useServer(useTestWorld());

    const stream = await openEventStream(`${server.url}/trpc/mcp.events`, {});

    expect(stream.status).toBe(401);
  });
});
