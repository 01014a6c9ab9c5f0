/**
 * `dist/main.mjs`, the one file `pnpm start` runs with plain Node (scripts/build.ts), as
 * vitest.global-setup.ts built it from the sources before any test ran.
 */
import { PINNED_CLAUDE_BIN } from '@mcp-admin/core/testing';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

// A static import at the start of a line, or a `require` of a bundled CommonJS module: a built-in of
// Node, or a file of dist/ (its chunks), never a package.
const IMPORTED = /^import\b[^;]*?["']([^"']+)["'];?$|\b__require\(["']([^"']+)["']\)/gm;

it('imports only Node built-ins and its own chunks: every package is bundled into dist/, so a start reads a few files, not hundreds', () => {
  const dist = fileURLToPath(new URL('../dist', import.meta.url));
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.mjs'),
  );
  const imported = files.flatMap((file) =>
    [...readFileSync(join(dist, file), 'utf8').matchAll(IMPORTED)].map(
      ([, specifier, required]) => specifier ?? required ?? '',
    ),
  );
  const builtIn = (specifier: string) =>
    specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0] ?? '');

  expect(files).toContain('main.mjs');
  expect(imported).toContain('node:fs');
  expect(imported.filter((specifier) => !builtIn(specifier) && !specifier.startsWith('./'))).toEqual([]);
});
