/**
 * `dist/main.mjs`, the one file `pnpm start` runs with plain Node (scripts/build.ts), as
 * vitest.global-setup.ts built it from the sources before any test ran.
 */
import { PINNED_CLAUDE_BIN } from '@mcp-admin/core/testing';
import { describe, expect, it, onTestFinished } from 'vitest';

import { spawnMainProcess } from '../src/testing/main-process';

import { httpRequest, json, useTestWorld, worldEnv } from './support';

/** What a started server answers that depends on files found relative to its source files. */
async function answersOf(built: boolean, env: NodeJS.ProcessEnv) {
  const main = spawnMainProcess(env, { built });
  onTestFinished(() => {
    if (main.child.exitCode === null) main.child.kill('SIGKILL');
  });
  const { url, token } = await main.started();
  const authorization = `Bearer ${token}`;
  const panel = await httpRequest(`${url}/`, { headers: { cookie: '' } });
  const info = await httpRequest(`${url}/trpc/system.info`, { headers: { authorization } });
  const list = await httpRequest(`${url}/trpc/mcp.list`, { headers: { authorization } });
  await main.stop();
  return {
    panel: { status: panel.status, type: panel.headers['content-type'], body: panel.body },
    info: json(info),
    list: json(list),
    exit: await main.exited,
  };
}

describe('the built server', () => {
  it('answers the panel, system.info (the pinned Claude CLI found from the sources) and mcp.list as the sources do, and exits 0', async () => {
    const world = useTestWorld();
    // No CLAUDE_BIN: the CLI is the pinned one, resolved from packages/mcp-core's own directory
    // (not from a NODE_PATH that pnpm's shims set, which `node dist/main.mjs` does not have).
    const env = worldEnv(world, { CLAUDE_BIN: undefined, NODE_PATH: undefined });

    const fromSources = await answersOf(false, env);
    const built = await answersOf(true, env);

    expect(built).toEqual({ ...fromSources, exit: { ...fromSources.exit, stdout: built.exit.stdout } });
    expect(built.info).toMatchObject({ result: { data: { cli: { path: PINNED_CLAUDE_BIN } } } });

    expect(built.exit).toMatchObject({ code: 0, stderr: '' });
  });
});
