import { createTestWorld, PINNED_CLAUDE_BIN } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCliRunner } from '../../src/cli/runner';
import { createCliVersionCache } from '../../src/cli/version-cache';
import { McpCoreError } from '../../src/errors';

const startEndLoggingClaude = join(import.meta.dirname, '..', 'fixtures', 'start-end-logging-claude.sh');

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

/** The version cache over a runner of `bin`, which the logging fixture records in cli.log. */
function versionCacheFor(bin: string, path: string) {
  const cliLog = join(world.plainDir, 'cli.log');
  const runner = createCliRunner({
    bin,
    configDir: world.configDir,
    timeoutMs: 30_000,
    env: { ...process.env, PATH: path, CLI_LOG: cliLog, REAL_CLAUDE_BIN: PINNED_CLAUDE_BIN },
  });
  const spawns = () =>
    existsSync(cliLog)
      ? readFileSync(cliLog, 'utf8')
          .split('\n')
          .filter((line) => line.startsWith('start'))
      : [];
  return { cache: createCliVersionCache(runner, { path }), spawns };
}

describe('createCliVersionCache', () => {
  it('finds a bare name on PATH as a spawn does, and asks that binary once', async () => {
    const binDir = join(world.plainDir, 'bin');
    copyFileSync(startEndLoggingClaude, join(world.plainDir, 'claude'));
    const { cache, spawns } = versionCacheFor(
      'claude',
      `${binDir}:${world.plainDir}:${process.env.PATH ?? ''}`,
    );

    const answers = [await cache.current(), await cache.current()];

    expect(answers).toEqual(Array(2).fill({ ok: true, message: '2.1.332 (Claude Code)' }));
    expect(spawns()).toHaveLength(1);
  });

  it('asks a binary that was missing at first once it is there', async () => {
    const claude = join(world.plainDir, 'claude');
    const { cache, spawns } = versionCacheFor(claude, process.env.PATH ?? '');

    const missing = await cache.current().catch((error: unknown) => error);
    copyFileSync(startEndLoggingClaude, claude);
    const answers = [await cache.current(), await cache.current()];

    expect(missing).toEqual(
      new McpCoreError(
        'CLI_NOT_FOUND',
        `Cannot run the Claude CLI at "${claude}" (ENOENT). Install Claude Code or set CLAUDE_BIN to the path of a working claude executable.`,
      ),
    );
    expect(answers).toEqual(Array(2).fill({ ok: true, message: '2.1.332 (Claude Code)' }));
    expect(spawns()).toHaveLength(1);
  });
});
