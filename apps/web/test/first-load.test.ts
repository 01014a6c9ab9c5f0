import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { firstLoadAssets } from './first-load-assets';

const WEB_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const VITE_CLI = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');

/** Issue 29's budget on React 19 (issue 19's, on Preact, was 80 kB), in Vite's kB (1000 bytes). */
const FIRST_LOAD_BUDGET_BYTES = 120_000;

let outDir: string;

// The panel's own `vite build`, into a directory of its own: `pnpm test` runs the unit tests
// before `pnpm build`, so dist/ may be missing or left from older sources.
beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'mcp-admin-web-build-'));
  await promisify(execFile)(
    process.execPath,
    [VITE_CLI, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    // Vitest sets NODE_ENV=test, which would bundle React's development build.
    { cwd: WEB_ROOT, env: { ...process.env, NODE_ENV: 'production' } },
  );
});

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

it('loads at most 120 kB gzipped (scripts, modulepreloads, styles) before anything is lazily imported', () => {
  const assets = firstLoadAssets(outDir);
  expect(assets.some(({ path }) => path.endsWith('.js'))).toBe(true);
  expect(assets.some(({ path }) => path.endsWith('.css'))).toBe(true);

  const total = assets.reduce((sum, { gzipped }) => sum + gzipped, 0);
  expect(total, `first load: ${JSON.stringify(assets)}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
});
