import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { seedServer } from './support/seed';
import { readJson } from './support/config-files';

test('removes a server after confirming in the dialog; Escape cancels', async ({
  openPanel,
  page,
  world,
}) => {
  await seedServer(world, world.projectDir, {
    name: 'keep',
    scope: 'user',
    command: 'node',
    args: ['keep.js'],
  });
  await seedServer(world, world.projectDir, {
    name: 'old',
    scope: 'local',
    command: 'node',
    args: ['old.js'],
  });
  const panel = await openPanel();

  await panel.removeButton('old').click();
  await expect(panel.dialog).toBeVisible();
  await expect(panel.dialog).toContainText('Remove old?');
  await panel.screenshot('remove-dialog', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(panel.dialog).toBeHidden();
  await expect(panel.serverRow('old')).toBeVisible();

  await panel.removeServer('old');
  await expect(panel.dialog).toBeHidden();
  await expect(panel.serverRow('old')).toHaveCount(0);
  await expect(panel.serverRow('keep')).toBeVisible();

  const config = (await readJson(world.configPath)) as {
    mcpServers: unknown;
    projects: Record<string, { mcpServers: unknown }>;
  };
  expect(config.projects[world.projectDir]?.mcpServers).toEqual({});
  expect(config.mcpServers).toEqual({ keep: { type: 'stdio', command: 'node', args: ['keep.js'], env: {} } });
});

test('Remove on a shadowed row removes that entry from the farther .mcp.json, not the nearer one of the same name', async ({
  panel,
  world,
}) => {
  await seedServer(world, world.projectDir, { name: 'shared', scope: 'project', command: 'farther-server' });
  await seedServer(world, world.nestedDir, { name: 'shared', scope: 'project', command: 'nearer-server' });
  await panel.chooseProject(world.nestedDir);
  const rows = panel.serverRow('shared');
  await expect(rows).toHaveCount(2);
  const fartherRow = rows.filter({ hasText: 'farther-server' });
  await expect(fartherRow).toContainText('Shadowed by Project scope');

  await fartherRow.getByRole('button', { name: 'Remove shared', exact: true }).click();
  await expect(panel.dialog).toContainText(join(world.projectDir, '.mcp.json'));
  await panel.dialog.getByRole('button', { name: 'Remove', exact: true }).click();

  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('nearer-server');
  expect(await readJson(join(world.projectDir, '.mcp.json'))).toEqual({ mcpServers: {} });
  expect(await readJson(join(world.nestedDir, '.mcp.json'))).toEqual({
    mcpServers: { shared: { type: 'stdio', command: 'nearer-server', args: [], env: {} } },
  });
});

test("Remove whose dialog's code could not be fetched keeps the panel, says so with Retry, and Retry opens the dialog", async ({
  openPanel,
  page,
  world,
}) => {
  await seedServer(world, world.projectDir, {
    name: 'old',
    scope: 'user',
    command: 'node',
    args: ['old.js'],
  });
  // Under any address: an import asked for again may carry a query (apps/web/src/ui/import-again.ts).
  const dialogCode = /\/assets\/RemoveServerDialog-[^/?]+\.js(\?[^/]*)?$/;
  await page.route(dialogCode, (route) => route.abort());
  const panel = await openPanel();

  await panel.removeButton('old').click();
  const failure = page.getByRole('alert').filter({ hasText: 'Could not load' });
  await expect(failure).toHaveText('Could not load the remove dialog. Retry');
  await expect(panel.serverRow('old')).toBeVisible();

  await page.unroute(dialogCode);
  await failure.getByRole('button', { name: 'Retry', exact: true }).click();
  await expect(panel.dialog).toContainText('Remove old?');
});
