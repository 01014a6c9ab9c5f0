import { expect, test } from './support/fixtures';
import { addWithCli } from './support/claude-cli';
import { readJson } from './support/config-files';

test('removes a server after confirming in the dialog; Escape cancels', async ({ panel, page, world }) => {
  await addWithCli(world, world.projectDir, {
    name: 'keep',
    scope: 'user',
    command: 'node',
    args: ['keep.js'],
  });
  await addWithCli(world, world.projectDir, {
    name: 'old',
    scope: 'local',
    command: 'node',
    args: ['old.js'],
  });
  await page.reload();

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
