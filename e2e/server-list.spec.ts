import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { seedServer } from './support/seed';

test("with no servers the list explains the three scopes and offers Add a server, Browse the MCP registry and, once Claude Desktop's config exists, Import from Claude Desktop; no Export or Reveal secrets; the other views say what they are for", async ({
  panel,
  page,
  world,
}) => {
  await expect(panel.serverTable).toHaveCount(0);
  const servers = panel.viewRegion('Servers');
  await expect(servers.getByText('No MCP servers for this project yet.')).toBeVisible();
  for (const scope of ['User', 'Local', 'Project']) {
    await expect(page.getByRole('term').filter({ hasText: scope })).toBeVisible();
  }
  await expect(servers).not.toContainText('with the form');
  await expect(servers.getByRole('button', { name: 'Export', exact: true })).toHaveCount(0);
  await expect(panel.revealSecrets).toHaveCount(0);
  await expect(servers.getByRole('button', { name: 'Import from Claude Desktop' })).toHaveCount(0);
  await panel.screenshot('empty');

  await servers.getByRole('button', { name: 'Add a server', exact: true }).click();
  await expect(panel.addForm.root).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel.addForm.root).toBeHidden();

  await servers.getByRole('link', { name: 'Browse the MCP registry', exact: true }).click();
  await expect(panel.viewRegion('Discover')).toBeVisible();

  await panel.showView('Context cost');
  await expect(panel.viewRegion('Context cost')).toContainText("costs in Claude Code's context");
  await expect(panel.viewRegion('Context cost').getByRole('link', { name: 'add a server' })).toBeVisible();
  await panel.showView('Profiles');
  await expect(panel.viewRegion('Profiles')).toContainText('A profile is a named set of servers');
  await panel.showView('History');
  await expect(panel.viewRegion('History')).toContainText('Every change made in this panel is listed here');

  // The server runs with HOME set to the world's config dir.
  const desktopDir = join(world.configDir, '.config', 'Claude');
  mkdirSync(desktopDir, { recursive: true });
  writeFileSync(
    join(desktopDir, 'claude_desktop_config.json'),
    JSON.stringify({ mcpServers: { files: { command: 'node', args: ['files.js'] } } }),
  );
  await panel.showView('Servers');
  await panel.reload();
  await servers.getByRole('button', { name: 'Import from Claude Desktop', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Import JSON' })).toBeVisible();
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
