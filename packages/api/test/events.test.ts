/** `mcp.events` through `createCaller`: tracked events, their end, and a refused project path. */
import { addArgv, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import { tracked } from '@trpc/server';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { apiErrorOf, callerFor, useTestWorld } from './support';

const anyVersion = expect.any(String) as unknown as string;

describe('mcp.events through createCaller', () => {
  it('yields a tracked event for each config file a change touches, until the request is aborted', async () => {
    const world = useTestWorld();
    // .claude.json exists before the events start, as after any first run of Claude Code.
    await runCliAsAnotherTerminal(
      world,
      world.projectDir,
      addArgv({ name: 'u0', scope: 'user', command: 'node' }),
    );
    const request = new AbortController();
    const api = callerFor(world, { signal: request.signal });

    const events = (await api.mcp.events())[Symbol.asyncIterator]();
    await api.mcp.add({ name: 'p1', scope: 'project', url: 'https://example.test/mcp' });
    const first = await events.next();
    await api.mcp.add({ name: 'u1', scope: 'user', command: 'node' });
    const second = await events.next();
    request.abort();

    expect([first, second]).toEqual([
      {
        done: false,
        value: tracked(anyVersion, { file: join(world.projectDir, '.mcp.json'), exists: true }),
      },
      { done: false, value: tracked(anyVersion, { file: world.configPath, exists: true }) },
    ]);
    await expect(events.next()).resolves.toEqual({ done: true, value: undefined });
  });

  it('ends when the server starts to close', async () => {
    const world = useTestWorld();
    const closing = new AbortController();
    const api = callerFor(world, { closing: closing.signal });

    const events = (await api.mcp.events({ projectPath: world.nestedDir }))[Symbol.asyncIterator]();
    const next = events.next();
    closing.abort();

    await expect(next).resolves.toEqual({ done: true, value: undefined });
  });

  it('refuses a project path that breaks the rules or is not a directory', async () => {
    const world = useTestWorld();
    const api = callerFor(world);
    const missing = join(world.plainDir, 'gone');

    await expect(apiErrorOf(api.mcp.events({ projectPath: 'relative' }))).resolves.toEqual({
      code: 'BAD_REQUEST',
      message: 'projectPath: projectPath must be an absolute path',
      coreCode: undefined,
    });
    await expect(apiErrorOf(api.mcp.events({ projectPath: missing }))).resolves.toEqual({
      code: 'BAD_REQUEST',
      message: `projectPath "${missing}" is not an existing directory`,
      coreCode: 'INVALID_INPUT',
    });
  });
});
