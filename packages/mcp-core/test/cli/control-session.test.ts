/**
 * The control-protocol client's faults, with a fixture CLI (the real one produces none of them on
 * demand): a deadline that kills the whole process group, a line past the cap, a session that
 * ends without answering, and a session started without the model's credentials.
 */
import { createTestWorld } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { controlArgv, toggleMcpServer } from '../../src/cli/control-session';
import { McpCoreError } from '../../src/errors';
import { expectGroupGone } from '../support/process-group';
import { fixture } from '../support/world-admin';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

const bin = fixture('control-protocol-claude.sh');
function toggle(env: NodeJS.ProcessEnv, timeoutMs = 30_000) {
  return toggleMcpServer(
    { bin, env: { PATH: process.env.PATH, ...env }, timeoutMs },
    { cwd: world.projectDir, serverName: 'docs', enabled: false, mcpServersAtStart: false },
  );
}

describe('a control session', () => {
  it('past its deadline is stopped with CLI_TIMEOUT and its whole process group killed', async () => {
    const pidFile = join(world.plainDir, 'pid');
    await expect(toggle({ CONTROL_FAULT: 'hang', HANG_PID_FILE: pidFile }, 500)).rejects.toEqual(
      new McpCoreError(
        'CLI_TIMEOUT',
        'Claude Code did not answer the toggle within 500 ms and was stopped (MCP_ADMIN_CLI_TIMEOUT_MS sets the limit).',
      ),
    );
    await expectGroupGone(Number(readFileSync(pidFile, 'utf8')));
  });

  it('printing a line over 1 MiB is stopped with CLI_FAILED saying so', async () => {
    await expect(toggle({ CONTROL_FAULT: 'longline' })).rejects.toEqual(
      new McpCoreError('CLI_FAILED', "Claude Code's control session printed a line over 1048576 bytes."),
    );
  });

  it('ending without an answer is CLI_FAILED naming its exit code', async () => {
    await expect(toggle({ CONTROL_FAULT: 'silent' })).rejects.toEqual(
      new McpCoreError(
        'CLI_FAILED',
        "Claude Code's control session ended (exit code 3) without answering the toggle.",
      ),
    );
  });

  it("runs without the model's API key, which would make Claude Code wait for remote managed settings first", async () => {
    await expect(toggle({ CONTROL_FAULT: 'env', ANTHROPIC_API_KEY: 'sk-ant-dummy' })).resolves.toEqual({
      ok: true,
    });
  });

  it('tells the lock what the session runs before its spawn, then its pid, then that it has ended', async () => {
    const told: unknown[] = [];
    const outcome = await toggleMcpServer(
      {
        bin,
        env: { PATH: process.env.PATH, CONTROL_FAULT: 'env' },
        timeoutMs: 30_000,
        beforeSpawn: (spawnedBin, args) => {
          told.push({ before: [spawnedBin, ...args] });
          return (pid) => {
            told.push({ pid: typeof pid });
            return () => told.push('ended');
          };
        },
      },
      { cwd: world.projectDir, serverName: 'docs', enabled: false, mcpServersAtStart: false },
    );

    expect(outcome).toEqual({ ok: true });
    expect(told).toEqual([
      { before: [bin, ...controlArgv({ mcpServersAtStart: false })] },
      { pid: 'number' },
      'ended',
    ]);
  });

  it('cannot start a missing CLI: CLI_NOT_FOUND saying how to set CLAUDE_BIN', async () => {
    const missing = join(world.plainDir, 'no-claude');
    await expect(
      toggleMcpServer(
        { bin: missing, env: {}, timeoutMs: 30_000 },
        { cwd: world.projectDir, serverName: 'docs', enabled: false, mcpServersAtStart: false },
      ),
    ).rejects.toEqual(
      new McpCoreError(
        'CLI_NOT_FOUND',
        `Cannot run the Claude CLI at "${missing}" (ENOENT). Install Claude Code or set CLAUDE_BIN to the path of a working claude executable.`,
      ),
    );
  });
});
