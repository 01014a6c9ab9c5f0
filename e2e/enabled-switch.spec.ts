import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { seedServer } from './support/seed';
import { readJson } from './support/config-files';

const FILES = { type: 'stdio', command: 'node', args: ['files.js'], env: { API_KEY: 's3cret' } };

test('switches a user server off (kept whole, row Disabled) and on again (stored as before)', async ({
  openPanel,
  world,
}) => {
  await seedServer(world, world.projectDir, {
    name: 'files',
    scope: 'user',
    command: 'node',
    args: ['files.js'],
    env: { API_KEY: 's3cret' },
  });
  const panel = await openPanel();
  const row = panel.serverRow('files');
  const enabled = panel.enabledSwitch('files');
  await expect(enabled).toBeChecked();

  await enabled.click();
  await expect(row).toContainText('Disabled');
  await expect(enabled).not.toBeChecked();
  // Switched off, it can still be edited or removed for good (in the stash).
  await expect(panel.removeButton('files')).toBeEnabled();
  await expect(panel.editButton('files')).toBeEnabled();
  expect(((await readJson(world.configPath)) as { mcpServers: unknown }).mcpServers).toEqual({});
  expect(await readJson(join(world.configDir, '.mcp-admin', 'disabled.json'))).toEqual({
    version: 1,
    servers: [{ scope: 'user', name: 'files', entry: FILES, disabledAt: expect.any(String) as unknown }],
  });
  await panel.screenshot('switched-off', { fullPage: false });

  await enabled.click();
  await expect(row).toContainText('Active');
  await expect(enabled).toBeChecked();
  expect(((await readJson(world.configPath)) as { mcpServers: unknown }).mcpServers).toEqual({
    files: FILES,
  });
});

test('switches a project server on and off in .claude/settings.local.json, saying what is left to do, never touching .mcp.json', async ({
  openPanel,
  world,
}) => {
  await seedServer(world, world.projectDir, { name: 'team', scope: 'project', command: 'node' });
  const mcpJson = join(world.projectDir, '.mcp.json');
  const mcpJsonText = readFileSync(mcpJson, 'utf8');
  const settings = join(world.projectDir, '.claude', 'settings.local.json');
  const panel = await openPanel();
  const row = panel.serverRow('team');
  const enabled = panel.enabledSwitch('team');
  // Not approved yet: off, and the row says the switch approves it.
  await expect(enabled).not.toBeChecked();
  await expect(row).toContainText('Pending approval');
  await expect(row).toContainText('Turn it on to approve it.');
  await expect(await panel.openSheet('team')).toContainText(
    'Your own on/off choice: .claude/settings.local.json (personal)',
  );
  await panel.closeSheet();

  await enabled.click();
  await expect(enabled).toBeChecked();
  // The world's folder is not trusted: the approval is written, and the row says what is left to do.
  await expect(row).toContainText('Needs youPending approval');
  await expect(row).toContainText('Open claude in this folder once to trust it.');
  expect(await readJson(settings)).toEqual({ enabledMcpjsonServers: ['team'] });

  await enabled.click();
  await expect(row).toContainText("Won't loadRejected");
  await expect(enabled).not.toBeChecked();
  expect(await readJson(settings)).toEqual({ enabledMcpjsonServers: [], disabledMcpjsonServers: ['team'] });
  expect(readFileSync(mcpJson, 'utf8')).toBe(mcpJsonText);
});

test('shows the refusal when a server of the same name was added since it was switched off, and keeps it off', async ({
  openPanel,
  world,
}) => {
  await seedServer(world, world.projectDir, {
    name: 'files',
    scope: 'user',
    command: 'node',
    args: ['old.js'],
  });
  const panel = await openPanel();
  await panel.enabledSwitch('files').click();
  await expect(panel.serverRow('files')).toContainText('Disabled');
  await seedServer(world, world.projectDir, {
    name: 'files',
    scope: 'user',
    command: 'node',
    args: ['new.js'],
  });
  // The change outside the panel shows without a reload.
  await expect(panel.serverRow('files')).toHaveCount(2);
  const disabledRow = panel.serverRow('files').filter({ hasText: 'Disabled' });

  await panel.enabledSwitch('files', disabledRow).click();
  await expect(disabledRow.getByRole('alert')).toHaveText(
    `A user-scope server "files" was added to ${world.configPath} since this one was disabled; the disabled entry stays in ${join(world.configDir, '.mcp-admin', 'disabled.json')}. Remove that server to enable this one.`,
  );
  await expect(panel.enabledSwitch('files', disabledRow)).not.toBeChecked();
});

test('Undo in the History region turns a switched-off server back on, whole', async ({
  openPanel,
  world,
}) => {
  await seedServer(world, world.projectDir, {
    name: 'files',
    scope: 'user',
    command: 'node',
    args: ['files.js'],
    env: { API_KEY: 's3cret' },
  });
  const panel = await openPanel();
  const enabled = panel.enabledSwitch('files');
  await enabled.click();
  await expect(enabled).not.toBeChecked();

  await panel.showView('History');
  const disabled = panel.historyEntry('Turned off files');
  await disabled.getByRole('button', { name: 'Undo', exact: true }).click();

  await expect(panel.historyEntry('Turned on files')).toBeVisible();
  await expect(disabled.getByRole('button', { name: 'Undo', exact: true })).toHaveCount(0);
  await panel.showView('Servers');
  await expect(enabled).toBeChecked();
  await expect(panel.serverRow('files')).toContainText('Active');
  expect(((await readJson(world.configPath)) as { mcpServers: unknown }).mcpServers).toEqual({
    files: FILES,
  });
});
