/** What one client can hold of the server: connections, and the time to send a request. */
import { writeFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';

import type { RawConnection } from './support';
import {
  PATIENTLY,
  bearer,
  expectStillServing,
  httpRequest,
  openEventStream,
  openRawConnection,
  useServer,
  useTestWorld,
} from './support';

// Fastify's answer to a request that took too long to arrive.
const REQUEST_TIMEOUT_408 =
  'HTTP/1.1 408 Request Timeout\r\nContent-Length: 71\r\nContent-Type: application/json\r\n\r\n' +
  '{"error":"Request Timeout","message":"Client Timeout","statusCode":408}';

/** Short time limits, so a test sees them pass. */
const SHORT_TIME_LIMITS = {
  headersTimeoutMs: 500,
  requestTimeoutMs: 1_000,
  keepAliveTimeoutMs: 500,
  timeoutCheckIntervalMs: 100,
};

/** Sends `line` every 50 ms until the server closes the connection; resolves with what it sent. */
function trickle(connection: RawConnection, line: string): Promise<string> {
  const timer = setInterval(() => connection.socket.write(line), 50);
  return connection.closed.finally(() => {
    clearInterval(timer);
  });
}

describe('connection cap', () => {
  it('closes the connections idle the longest for newcomers past the cap, so /healthz still answers', async () => {
    const server = await useServer(useTestWorld(), {}, { connectionLimits: { maxConnections: 8 } });
    const connections: RawConnection[] = [];
    const closed = new Set<number>();
    for (let index = 0; index < 12; index += 1) {
      const connection = await openRawConnection(server.url);
      void connection.closed.then(() => closed.add(index));
      connections.push(connection);
    }

    await vi.waitFor(() => {
      expect([...closed].sort((a, b) => a - b)).toEqual([0, 1, 2, 3]);
    }, PATIENTLY);
    const health = await httpRequest(`${server.url}/healthz`);

    expect({ status: health.status, body: health.body }).toEqual({ status: 200, body: 'ok' });
    await vi.waitFor(() => {
      expect([...closed].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4]);
    }, PATIENTLY);
    expect(await Promise.all(connections.slice(0, 5).map((connection) => connection.closed))).toEqual(
      Array(5).fill(''),
    );
  });

  it('refuses a connection past the cap while every connection is answering, and takes one again when one ends', async () => {
    const server = await useServer(useTestWorld(), {}, { connectionLimits: { maxConnections: 3 } });
    const streams = [];
    for (let index = 0; index < 3; index += 1) {
      const stream = await openEventStream(`${server.url}/trpc/mcp.events`, bearer(server));
      expect(await stream.next()).toEqual({ event: 'connected', data: {} });
      streams.push(stream);
    }

    const refused = await httpRequest(`${server.url}/healthz`).catch((error: unknown) => error);
    streams[0]?.close();

    expect(refused).toMatchObject({ code: 'ECONNRESET' });
    await vi.waitFor(async () => {
      expect((await httpRequest(`${server.url}/healthz`)).body).toBe('ok');
    }, PATIENTLY);
  });
});

describe('time limits on receiving a request', () => {
  it('cut a request whose headers trickle in (slowloris) once the headers time limit passes', async () => {
    const server = await useServer(useTestWorld(), {}, { connectionLimits: SHORT_TIME_LIMITS });
    const connection = await openRawConnection(server.url);
    connection.socket.write(`GET /healthz HTTP/1.1\r\nHost: ${connection.host}\r\n`);

    await expect(trickle(connection, 'X-Slow: 1\r\n')).resolves.toBe(REQUEST_TIMEOUT_408);
    await expectStillServing(server);
  });

  it('leave an event stream open after the headers, request and keep-alive limits have all cut other connections', async () => {
    const world = useTestWorld();
    const server = await useServer(world, {}, { connectionLimits: SHORT_TIME_LIMITS });
    const stream = await openEventStream(`${server.url}/trpc/mcp.events`, bearer(server));
    const connected = await stream.next();

    const slowHeaders = await openRawConnection(server.url);
    slowHeaders.socket.write(`GET /healthz HTTP/1.1\r\nHost: ${slowHeaders.host}\r\n`);
    const slowBody = await openRawConnection(server.url);
    slowBody.socket.write(
      [
        'POST /trpc/mcp.add HTTP/1.1',
        `Host: ${slowBody.host}`,
        `Authorization: Bearer ${server.token}`,
        'Content-Type: application/json',
        'Content-Length: 1000',
        '',
        '{',
      ].join('\r\n'),
    );
    const keptAlive = await openRawConnection(server.url);
    keptAlive.socket.write(`GET /healthz HTTP/1.1\r\nHost: ${keptAlive.host}\r\n\r\n`);
    const cut = await Promise.all([
      trickle(slowHeaders, 'X-Slow: 1\r\n'),
      trickle(slowBody, ' '),
      keptAlive.closed,
    ]);
    writeFileSync(world.configPath, '{}');

    expect(connected).toEqual({ event: 'connected', data: {} });
    expect(cut.map((received) => received.split('\r\n')[0])).toEqual([
      'HTTP/1.1 408 Request Timeout',
      'HTTP/1.1 408 Request Timeout',
      'HTTP/1.1 200 OK',
    ]);
    await expect(stream.next()).resolves.toEqual({
      id: expect.any(String) as unknown,
      data: { file: world.configPath, exists: true },
    });
  });
});
