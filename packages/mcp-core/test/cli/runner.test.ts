import { createTestWorld, PINNED_CLAUDE_BIN } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCliRunner } from '../../src/cli/runner';
import { McpCoreError } from '../../src/errors';
import { livingGroupMembers } from '../support/process-group';

const claude = PINNED_CLAUDE_BIN;
const hangingClaude = join(import.meta.dirname, '..', 'fixtures', 'hanging-claude.sh');

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

describe('createCliRunner', () => {
  it('runs the real CLI and returns its trimmed stdout', async () => {
    const runner = createCliRunner({
      bin: claude,
      configDir: world.configDir,
      timeoutMs: 10_000,
      env: process.env,
    });
    await expect(runner.version()).resolves.toEqual({ ok: true, message: '2.1.332 (Claude Code)' });
  });

  it('runs in the given cwd with CLAUDE_CONFIG_DIR pinned and stdin closed', async () => {
    const runner = createCliRunner({
      bin: '/bin/sh',
      configDir: world.configDir,
      timeoutMs: 10_000,
      env: { ...process.env, CLAUDE_CONFIG_DIR: '/elsewhere', PASSED_THROUGH: 'yes' },
    });
    const script = 'echo "$(pwd) $CLAUDE_CONFIG_DIR $PASSED_THROUGH"; cat';
    await expect(runner.run(['-c', script], { cwd: world.nestedDir })).resolves.toEqual({
      ok: true,
      message: `${world.nestedDir} ${world.configDir} yes`,
    });
  });

  it('leaves CLAUDE_CONFIG_DIR unset without a config dir', async () => {
    const runner = createCliRunner({
      bin: '/bin/sh',
      timeoutMs: 10_000,
      env: { ...process.env, CLAUDE_CONFIG_DIR: '/elsewhere' },
    });
    await expect(
      runner.run(['-c', 'echo "[${CLAUDE_CONFIG_DIR-unset}]"'], { cwd: world.plainDir }),
    ).resolves.toEqual({ ok: true, message: '[unset]' });
  });

  it("reports a non-zero exit as data with the CLI's own stderr", async () => {
    const runner = createCliRunner({
      bin: claude,
      configDir: world.configDir,
      timeoutMs: 10_000,
      env: process.env,
    });
    await expect(
      runner.run(['mcp', 'remove', '--scope', 'user', 'nope'], { cwd: world.projectDir }),
    ).resolves.toEqual({
      ok: false,
      message: 'No MCP server named "nope" in user scope',
    });
  });

  it('keeps colour codes out of the message even when FORCE_COLOR is set', async () => {
    const runner = createCliRunner({
      bin: claude,
      configDir: world.configDir,
      timeoutMs: 10_000,
      env: { ...process.env, FORCE_COLOR: '1' },
    });
    await expect(
      runner.run(['mcp', 'remove', '--scope', 'user', 'nope'], { cwd: world.projectDir }),
    ).resolves.toEqual({
      ok: false,
      message: 'No MCP server named "nope" in user scope',
    });
  });

  it('falls back to stdout when a failing CLI printed nothing on stderr', async () => {
    const runner = createCliRunner({ bin: '/bin/sh', timeoutMs: 10_000, env: process.env });
    await expect(
      runner.run(['-c', 'echo "  only stdout  "; exit 3'], { cwd: world.plainDir }),
    ).resolves.toEqual({
      ok: false,
      message: 'only stdout',
    });
  });

  it('throws CLI_NOT_FOUND, saying how to set CLAUDE_BIN, for a missing binary', async () => {
    const bin = join(world.plainDir, 'no-such-claude');
    const runner = createCliRunner({ bin, timeoutMs: 10_000, env: process.env });
    await expect(runner.version()).rejects.toEqual(
      new McpCoreError(
        'CLI_NOT_FOUND',
        `Cannot run the Claude CLI at "${bin}" (ENOENT). Install Claude Code or set CLAUDE_BIN to the path of a working claude executable.`,
      ),
    );
  });

  it('throws CLI_NOT_FOUND for a file that is not executable', async () => {
    const bin = join(world.plainDir, 'claude');
    writeFileSync(bin, '#!/bin/sh\n');
    chmodSync(bin, 0o644);
    const runner = createCliRunner({ bin, timeoutMs: 10_000, env: process.env });
    await expect(runner.version()).rejects.toEqual(
      new McpCoreError(
        'CLI_NOT_FOUND',
        `Cannot run the Claude CLI at "${bin}" (EACCES). Install Claude Code or set CLAUDE_BIN to the path of a working claude executable.`,
      ),
    );
  });

  it('ends whatever a CLI that exited left running in its group', async () => {
    const runner = createCliRunner({ bin: '/bin/sh', timeoutMs: 10_000, env: process.env });
    const outcome = await runner.run(['-c', 'sleep 600 & echo $$'], { cwd: world.plainDir });
    const pgid = Number(outcome.message);
    expect(outcome).toEqual({ ok: true, message: String(pgid) });
    await vi.waitFor(() => {
      expect(livingGroupMembers(pgid)).toEqual([]);
    });
  });

  it('kills the whole process group of a CLI that runs past the timeout', async () => {
    const pidFile = join(world.plainDir, 'hang.pid');
    const runner = createCliRunner({
      bin: hangingClaude,
      timeoutMs: 500,
      env: { ...process.env, HANG_PID_FILE: pidFile },
    });
    await expect(runner.run(['mcp', 'add', 'hang-1'], { cwd: world.plainDir })).rejects.toEqual(
      new McpCoreError(
        'CLI_TIMEOUT',
        'The Claude CLI did not finish within 500 ms and was stopped (MCP_ADMIN_CLI_TIMEOUT_MS sets the limit).',
      ),
    );
    const pgid = Number(readFileSync(pidFile, 'utf8'));
    await vi.waitFor(() => {
      expect(livingGroupMembers(pgid)).toEqual([]);
    });
  });
});
