/** Closing the server ends, even when a request in flight never will. */
import { execFileSync } from 'node:child_process';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';

import { startServer } from '../src';
import { TEST_WEB_DIST, httpRequest, openRawConnection, useTestWorld, worldEnv } from './support';

describe('closing the server', () => {
  it('cuts off a request stuck on a blocked file-reading pool once the CLI timeout and the shutdown margin have passed', async () => {
    const world = useTestWorld();
    const server = await startServer({
      env: worldEnv(world, { MCP_ADMIN_CLI_TIMEOUT_MS: '1000' }),
      webDist: TEST_WEB_DIST,
      // 5 s unless given: the sum is what the warning names, whatever the margin.
      shutdownMarginMs: 500,
    });
    const warnings = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onTestFinished(() => {
      warnings.mockRestore();
    });
    // Opening a FIFO for reading blocks its thread of the pool until a writer opens it.
    const fifos = Array.from({ length: Number(process.env.UV_THREADPOOL_SIZE ?? 4) }, (_, index) =>
      join(world.plainDir, `fifo-${index}`),
    );
    execFileSync('mkfifo', fifos);
    const blocking = fifos.map((fifo) => open(fifo, 'r'));

    try {
      const listing = await openRawConnection(server.url);
      listing.socket.write(
        `GET /trpc/mcp.list HTTP/1.1\r\nHost: ${listing.host}\r\nAuthorization: Bearer ${server.token}\r\n\r\n`,
      );
      // Answered after the request above was read: its stat of the project waits in the pool too.
      const health = await httpRequest(`${server.url}/healthz`);
      await server.close();

      expect({ health: health.status, listing: await listing.closed }).toEqual({ health: 503, listing: '' });
      expect(warnings.mock.calls).toEqual([
        ['MCP Admin: requests still running 1500 ms after the shutdown began were cut off'],
      ]);
    } finally {
      for (const fifo of fifos) execFileSync('sh', ['-c', ': > "$1"', 'sh', fifo]);
      await Promise.all((await Promise.all(blocking)).map((handle) => handle.close()));
    }
  });
});
