import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestWorld } from '@mcp-admin/core/testing';
import { expect, test } from './support/fixtures';
import { seedServer } from './support/seed';

const SECRET = 'pg-pass-7f3e9a';

/**
 * A session log as Claude Code writes it (folder and line format pinned against the real CLI by
 * packages/mcp-core/test/config/mcp-logs-cli.test.ts), in the world's home.
 */
function writeClaudeLog(world: TestWorld, server: string, start: string, lines: Record<string, string>[]) {
  const dir = join(
    world.configDir,
    '.cache',
    'claude-cli-nodejs',
    world.projectDir.replace(/[^a-zA-Z0-9]/g, '-'),
    `mcp-logs-${server}`,
  );
  mkdirSync(dir, { recursive: true });
  const text = lines.map(
    (line) => `${JSON.stringify({ ...line, timestamp: start, cwd: world.projectDir })}\n`,
  );
  writeFileSync(join(dir, `${start.replace(/[:.]/g, '-')}.jsonl`), text.join(''));
}

test('Logs <name> shows Claude Code’s sessions newest first, errors marked, secrets hidden, and the command to copy', async ({
  openPanel,
  world,
}) => {
  await seedServer(world, world.projectDir, {
    name: 'db',
    scope: 'user',
    command: 'npx',
    args: ['-y', 'pg-mcp', '${DATABASE_URL}'],
    env: { PGPASSWORD: SECRET },
  });
  writeClaudeLog(world, 'db', '2026-11-30T09:00:00.000Z', [
    { debug: 'Successfully connected (transport: stdio) in 90ms' },
  ]);
  writeClaudeLog(world, 'db', '2026-12-01T10:00:00.000Z', [
    { debug: 'Starting connection with timeout of 30000ms' },
    { error: `Server stderr: password ${SECRET} refused` },
    { error: 'Connection failed (CONNECTION_CLOSED): Connection closed' },
  ]);
  const panel = await openPanel();

  await (await panel.rowMenuItem('db', 'Logs db')).click();
  const dialog = panel.page.getByRole('dialog', { name: 'Logs of db' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('npx -y pg-mcp ${DATABASE_URL}', { exact: true })).toBeVisible();
  const sessions = dialog.getByRole('region');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.first()).toContainText('Errors');
  await expect(sessions.first().getByRole('listitem')).toHaveCount(3);
  await expect(sessions.first().getByRole('listitem').nth(1)).toContainText('Error');
  await expect(sessions.first()).toContainText('Server stderr: password •••••• refused');
  await expect(sessions.nth(1)).toContainText('Successfully connected');
  await expect(sessions.nth(1)).not.toContainText('Errors');
  await expect(dialog).not.toContainText(SECRET);
  await panel.screenshot('logs-dialog', { fullPage: false });

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.moreActions('db')).toBeFocused();
});

test('Logs of a server Claude Code never connected to says how to get some', async ({ openPanel, world }) => {
  await seedServer(world, world.projectDir, {
    name: 'fresh',
    scope: 'user',
    url: 'https://example.test/mcp',
  });
  const panel = await openPanel();
  await (await panel.rowMenuItem('fresh', 'Logs fresh')).click();
  await expect(panel.page.getByRole('dialog', { name: 'Logs of fresh' })).toContainText(
    'Claude Code has written no log for this server in this project yet.',
  );
});
