import { expect, test } from './support/fixtures';
import { seedServer } from './support/seed';

test('with no servers the list explains the three scopes', async ({ panel }) => {
  await expect(panel.serverTable).toHaveCount(0);
  await expect(panel.page.getByText('No MCP servers for this project yet.')).toBeVisible();
  for (const scope of ['User', 'Local', 'Project']) {
    await expect(panel.page.getByRole('term').filter({ hasText: scope })).toBeVisible();
  }
  await panel.screenshot('empty');
});

test('a server shadowed by a closer scope names the scope that wins', async ({ openPanel, world }) => {
  await seedServer(world, world.projectDir, {
    name: 'tools',
    scope: 'user',
    command: 'node',
    args: ['user.js'],
  });
  await seedServer(world, world.projectDir, {
    name: 'tools',
    scope: 'local',
    command: 'node',
    args: ['local.js'],
  });
  const panel = await openPanel();

  const rows = panel.serverRow('tools');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'user.js' })).toContainText('Shadowed by Local scope');
  await expect(rows.filter({ hasText: 'local.js' })).not.toContainText('Shadowed');
});
