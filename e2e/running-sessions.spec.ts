/**
 * Running sessions in the panel, with a real interactive `claude` in the world's project: the
 * `Running sessions` region lists it, the message after a change that does not reach it names it,
 * and once it exits the region says none is running.
 */
import {
  allowInteractiveSessions,
  PINNED_CLAUDE_BIN,
  startInteractiveSession,
  type InteractiveSession,
} from '@mcp-admin/core/testing';
import { basename } from 'node:path';
import { expect, test } from './support/fixtures';
import { seedServer } from './support/seed';

// A real interactive `claude` is the subject: the server drives the real CLI too.
test.use({ claudeCli: 'real' });

// A real interactive claude starts in seconds on a busy machine, and the region asks every 5 s.
test.setTimeout(120_000);

let session: InteractiveSession | undefined;
test.afterEach(async () => {
  await session?.stop('SIGKILL');
  session = undefined;
});

test('Running sessions lists a real claude session started "… ago", the message after a change names it, the view says what it misses (Misses: files), and it goes once it exits', async ({
  openPanel,
  world,
  page,
}) => {
  await seedServer(world, world.projectDir, {
    name: 'files',
    scope: 'user',
    command: 'node',
    args: ['files.js'],
  });
  allowInteractiveSessions(world.configPath, [world.projectDir]);
  session = await startInteractiveSession(PINNED_CLAUDE_BIN, {
    configDir: world.configDir,
    cwd: world.projectDir,
  });
  const panel = await openPanel();
  await panel.showView('Running sessions');

  const region = panel.viewRegion('Running sessions');
  const project = basename(world.projectDir);
  const row = region.getByRole('row').filter({ hasText: project });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('this project');
  await expect(row.getByRole('cell').nth(1)).toHaveText(new RegExp(`^${project}-`));
  await expect(page).toHaveURL(/#\/sessions$/);
  await expect(row).not.toContainText('Misses');
  // Its start as "… ago", the exact time on hover.
  const started = row.getByRole('cell').nth(3).locator('time');
  await expect(started).toHaveText(/^(just now|\d+ min ago)$/);
  await expect(started).toHaveAttribute('title', /\d/);

  // Its name, which the message after the change names.
  const sessionName = (await row.getByRole('cell').nth(1).textContent()) ?? '';

  await panel.showView('Servers');
  await panel.enabledSwitch('files').click();

  await expect(page.getByRole('status').filter({ hasText: 'Turned off files' })).toContainText(
    `1 running Claude Code session in ${project} (${sessionName}) started before this change and still uses the old servers: restart it, or run /mcp there.`,
  );
  await panel.showView('Running sessions');
  await expect(row).toContainText('Misses: files — run /mcp in it, or restart it.');
  await panel.screenshot('running-sessions');

  await session.stop('SIGTERM');
  await expect(region).toContainText('No Claude Code session is running.', { timeout: 15_000 });
});
