/**
 * Claude Code's own MCP logs, as the real CLI writes them: a `claude -p` session in the project
 * connects to a working and a failing server, and `mcp.logs` finds both folders by Claude Code's
 * naming rule and reads its line format, the failing server's secret redacted.
 */
import { createTestWorld, MCP_SERVER_SCRIPTS, worldAdminOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createMcpAdmin, type McpAdmin } from '../../src/service';
import { claudeCacheDir, mcpLogsDir } from '../../src/config';
import { runClaudeSessionUntil } from '../support/claude-session';
import { writeConfig } from '../support/stored-config';

let world: TestWorld;
let admin: McpAdmin;
beforeEach(() => {
  world = createTestWorld();
  admin = createMcpAdmin(worldAdminOptions(world));
});
afterEach(async () => {
  await admin.close();
  world.remove();
});

const SECRET = 'sk-live-4f9a8b7c6d5e';

/** User servers stored as `mcp.add` stores them: adding is not the subject, Claude Code's logs are. */
function writeUserServers(servers: Record<string, { args: string[]; env?: Record<string, string> }>) {
  writeConfig(world, {
    mcpServers: Object.fromEntries(
      Object.entries(servers).map(([name, { args, env = {} }]) => [
        name,
        { type: 'stdio', command: process.execPath, args, env },
      ]),
    ),
  });
}

/** Every line Claude Code wrote for `server` in the world's project so far. */
function loggedText(server: string): string {
  const dir = mcpLogsDir(claudeCacheDir(world.configDir, 'linux', {}), world.projectDir, server);
  if (!existsSync(dir)) return '';
  return readdirSync(dir)
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('');
}

it("reads the logs the real CLI wrote for a working and a failing server, newest first, the failing one's secret redacted", async () => {
  writeUserServers({
    good_server: { args: [MCP_SERVER_SCRIPTS.toolsFromEnv], env: { TOOL_NAMES: 'ping' } },
    failing: { args: [MCP_SERVER_SCRIPTS.stderrThenExit], env: { API_TOKEN: SECRET } },
  });

  await runClaudeSessionUntil(
    world,
    world.projectDir,
    () =>
      loggedText('good_server').includes('Successfully connected') &&
      loggedText('failing').includes('"error":"Connection failed'),
  );
  // What the CLI wrote holds the secret the server printed: the answer must not.
  expect(loggedText('failing')).toContain(SECRET);

  const [failingSession, ...olderFailing] = await admin.logs({ name: 'failing' });
  expect(olderFailing).toEqual([]);
  expect(failingSession?.file).toMatch(
    new RegExp(
      `/claude-cli-nodejs/${world.projectDir.replace(/[^a-zA-Z0-9]/g, '-')}/mcp-logs-failing/\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}-\\d{3}Z\\.jsonl$`,
    ),
  );
  expect(failingSession?.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  expect(failingSession?.lines).toContainEqual({
    time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
    level: 'error',
    text: expect.stringMatching(/^Connection failed/) as unknown,
  });
  expect(JSON.stringify(failingSession)).not.toContain(SECRET);
  expect(JSON.stringify(failingSession)).toContain('fatal: token •••••• was refused');

  // "_" is not kept in Claude Code's folder names: the server's folder is mcp-logs-good-server.
  const [goodSession] = await admin.logs({ name: 'good_server' });
  expect(goodSession?.file).toContain('/mcp-logs-good-server/');
  expect(goodSession?.lines.filter((line) => line.level === 'error')).toEqual([]);
  expect(goodSession?.lines.map((line) => line.text)).toContainEqual(
    expect.stringMatching(/^Successfully connected \(transport: stdio\)/),
  );
});

it('finds the logs of a project whose path is over 200 characters, where Claude Code cuts and hashes the folder name', async () => {
  const deep = join(world.projectDir, 'a-rather-long-folder-name-for-this-test'.repeat(6));
  mkdirSync(deep, { recursive: true });
  expect(deep.length).toBeGreaterThan(200);
  writeUserServers({ good: { args: [MCP_SERVER_SCRIPTS.toolsFromEnv] } });

  const dir = mcpLogsDir(claudeCacheDir(world.configDir, 'linux', {}), deep, 'good');
  expect(dir).toMatch(/-[0-9a-z]+\/mcp-logs-good$/);
  // Until its first line is written: the file is there a moment before the line is.
  const written = () =>
    existsSync(dir) &&
    readdirSync(dir).some((name) => readFileSync(join(dir, name), 'utf8').includes('Starting connection'));
  await runClaudeSessionUntil(world, deep, written);

  const [session] = await admin.logs({ name: 'good', projectPath: deep });
  expect(session?.file.startsWith(`${dir}/`)).toBe(true);
  expect(session?.lines[0]?.text).toMatch(/^Starting connection/);
});
