/**
 * A real `claude -p` session in a world, as a user starting Claude Code in the project: offline,
 * with a dummy API key, it connects to the MCP servers (writing its MCP logs) before it fails to
 * reach the API. It is stopped, with its whole process group, once `until` holds.
 */
import { spawn } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { PINNED_CLAUDE_BIN, type TestWorld, UNREACHABLE_API_ENV } from '@mcp-admin/core/testing';

export async function runClaudeSessionUntil(
  world: TestWorld,
  cwd: string,
  until: () => boolean,
  timeoutMs = 45_000,
): Promise<void> {
  const child = spawn(PINNED_CLAUDE_BIN, ['-p', 'hi', '--output-format', 'stream-json', '--verbose'], {
    cwd,
    env: {
      ...process.env,
      HOME: world.configDir,
      CLAUDE_CONFIG_DIR: world.configDir,
      ANTHROPIC_API_KEY: 'sk-ant-dummy-for-tests',
      ...UNREACHABLE_API_ENV,
    },
    detached: true,
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const giveUpAt = Date.now() + timeoutMs;
  try {
    while (!until()) {
      if (Date.now() > giveUpAt) throw new Error(`claude -p did not get there within ${timeoutMs} ms`);
      await delay(100);
    }
  } finally {
    try {
      process.kill(-(child.pid ?? 0), 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}
