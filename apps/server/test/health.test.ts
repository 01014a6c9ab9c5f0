/** `/healthz` tells whether the server can still do its work. */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { stuckQueue } from '../src/http/health';
import { httpRequest, json, trpcMutation, useServer, useTestWorld } from './support';

describe('stuckQueue', () => {
  it('calls a change stuck once it runs past the CLI timeout plus 10 s, and only then', () => {
    const health = (runningForMs: number | null) => ({ runningForMs, waiting: 3, cliTimeoutMs: 30_000 });

    expect([null, 0, 40_000, 40_001].map((runningForMs) => stuckQueue(health(runningForMs)))).toEqual([
      undefined,
      undefined,
      undefined,
      'stuck: a change has been running for 40 s, past the CLI timeout of 30 s (3 waiting)',
    ]);
  });
});

describe('/healthz', () => {
  it('answers 503 while every file-reading thread is blocked, and ok once they are free', async () => {
    const world = useTestWorld();
    const server = await useServer(world);
    // Opening a FIFO for reading blocks its thread of the pool until a writer opens it.
    const fifos = Array.from({ length: Number(process.env.UV_THREADPOOL_SIZE ?? 4) }, (_, index) =>
      join(world.plainDir, `fifo-${index}`),
    );
    execFileSync('mkfifo', fifos);
    const blocking = fifos.map((fifo) => open(fifo, 'r'));

    const blocked = await httpRequest(`${server.url}/healthz`).finally(() => {
      for (const fifo of fifos) execFileSync('sh', ['-c', ': > "$1"', 'sh', fifo]);
    });
    await Promise.all((await Promise.all(blocking)).map((handle) => handle.close()));
    const freed = await httpRequest(`${server.url}/healthz`);

    expect(
      [blocked, freed].map(({ status, headers, body }) => ({ status, type: headers['content-type'], body })),
    ).toEqual([
      {
        status: 503,
        type: 'text/plain; charset=utf-8',
        body: 'stuck: file reads have not answered within 1 s',
      },
      { status: 200, type: 'text/plain; charset=utf-8', body: 'ok' },
    ]);
  });
});

describe('/healthz with a FIFO at the journal and the audit log', () => {
  it('stays ok: the change lands and answers with a warning for each file it could not write', async () => {
    const world = useTestWorld();
    const server = await useServer(world);
    const dir = join(world.configDir, '.mcp-admin');
    const [history, audit] = [join(dir, 'history.jsonl'), join(dir, 'audit.jsonl')];
    // The server's start may have made the folder already (its recovery looks there under the lock).
    mkdirSync(dir, { mode: 0o700, recursive: true });
    execFileSync('mkfifo', [history, audit]);

    const added = await trpcMutation(server, 'mcp.add', { name: 'files', scope: 'user', command: 'node' });
    const health = await httpRequest(`${server.url}/healthz`);

    const notWritten = (file: string) =>
      `The change was not recorded in ${file}: Cannot write ${file}: it is a FIFO, not a regular file`;
    expect({
      added: { status: added.status, body: json(added) },
      health: [health.status, health.body],
    }).toEqual({
      added: {
        status: 200,
        body: {
          result: {
            data: {
              ok: true,
              message: expect.stringContaining('Added stdio MCP server files') as unknown,
              warning: `${notWritten(audit)}\n${notWritten(history)}`,
            },
          },
        },
      },
      health: [200, 'ok'],
    });
  });
});
