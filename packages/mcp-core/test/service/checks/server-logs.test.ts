/**
 * `mcp.logs` hides what the list hides: Claude Code writes a failing server's command line into its
 * log, so the credentials in its arguments and URL are masked by the same rule, not only the
 * entry's env and header values.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { claudeCacheDir, mcpLogsDir, type Server } from '../../../src/config';
import { readServerLogs } from '../../../src/service/checks/server-logs';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'server-logs-'));
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

const db: Server = {
  name: 'db',
  scope: 'user',
  transport: 'stdio',
  command: 'pg-mcp',
  args: ['--api-key', 'k3y-in-args-0042', 'postgresql://app:hunter2@db.example/x'],
  env: { PGPASSWORD: 'env-s3cret' },
  status: 'active',
  statusReason: 'in ~/.claude.json',
};

it('masks credentials of the command line Claude Code logged (an option value, a URL password) as the list does', async () => {
  const projectPath = join(home, 'project');
  const dir = mcpLogsDir(claudeCacheDir(home, process.platform, {}), projectPath, 'db');
  mkdirSync(dir, { recursive: true });
  const logged = [
    'Connection failed: spawn pg-mcp --api-key k3y-in-args-0042 postgresql://app:hunter2@db.example/x ENOENT',
    'Server stderr: could not connect to postgresql://app:hunter2@db.example/x with PGPASSWORD=env-s3cret',
  ];
  writeFileSync(
    join(dir, '2026-12-01T10-00-00-000Z.jsonl'),
    logged.map((error) => `${JSON.stringify({ error, timestamp: '2026-12-01T10:00:00.000Z' })}\n`).join(''),
  );

  const [session] = await readServerLogs({
    name: 'db',
    projectPath,
    servers: [db],
    homeDir: home,
    env: {},
    limit: undefined,
  });

  expect(session?.lines.map((line) => line.text)).toEqual([
    'Connection failed: spawn pg-mcp --api-key •••••• postgresql://app:••••••@db.example/x ENOENT',
    'Server stderr: could not connect to postgresql://app:••••••@db.example/x with PGPASSWORD=••••••',
  ]);
});
