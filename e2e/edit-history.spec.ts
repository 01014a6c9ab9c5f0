import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { addJsonWithCli, removeWithCli } from './support/claude-cli';
import { seedJsonServer, seedServer } from './support/seed';
import { readJson } from './support/config-files';

interface StoredConfig {
  mcpServers?: Record<string, unknown>;
  projects?: Record<string, { mcpServers?: Record<string, unknown> }>;
}

test('Edit fills the form with the row (a secret revealed), Save changes stores the new values and keeps the fields the form has no box for, and the add form comes back as it was left', async ({
  openPanel,
  world,
}) => {
  const signedIn = {
    type: 'http',
    url: 'https://old.test/mcp',
    headers: { 'X-Api-Key': 'k3y-0ld' },
    oauth: { clientId: 'mcp-admin', callbackPort: 8765 },
    timeout: 15000,
    alwaysLoad: true,
  };
  await seedJsonServer(world, world.projectDir, 'web', 'user', signedIn);
  const panel = await openPanel();
  await expect(await panel.openSheet('web')).toContainText('••••••');
  await panel.closeSheet();
  await panel.openAddForm();
  await panel.addForm.name.fill('half-typed');

  await panel.editButton('web').click();
  await expect(panel.addForm.root).toBeHidden();
  const form = panel.editForm;
  await expect(form.name).toHaveValue('web');
  await expect(form.scope('User')).toBeChecked();
  await expect(form.transport('HTTP')).toBeChecked();
  await expect(form.url).toHaveValue('https://old.test/mcp');
  await expect(form.headerNames).toHaveValue('X-Api-Key');
  await expect(form.headerValues).toHaveValue('k3y-0ld');
  await panel.screenshot('edit-form', { fullPage: false });

  await form.url.fill('https://new.test/mcp');
  await form.headerValues.fill('k3y-n3w');
  await form.submit.click();

  await expect(form.root).toBeHidden();
  // Keyboard users are back where they were.
  await expect(panel.editButton('web')).toBeFocused();
  await expect(panel.addForm.name).toHaveValue('half-typed');
  await expect(panel.serverRow('web')).toContainText('https://new.test/mcp');
  const config = (await readJson(world.configPath)) as StoredConfig;
  expect(config.mcpServers).toEqual({
    web: { ...signedIn, url: 'https://new.test/mcp', headers: { 'X-Api-Key': 'k3y-n3w' } },
  });
  await panel.showView('History');
  await expect(panel.historyEntry('Edited web')).toBeVisible();
});

test('editing a project-scope row asks first, naming the .mcp.json it changes', async ({
  openPanel,
  world,
}) => {
  await seedServer(world, world.projectDir, { name: 'team', scope: 'project', command: 'node' });
  const panel = await openPanel();
  const mcpJson = join(world.projectDir, '.mcp.json');

  await panel.editButton('team').click();
  await panel.editForm.addArgument('team.js');
  await panel.editForm.submit.click();
  await expect(panel.dialog).toContainText(mcpJson);
  await panel.dialog.getByRole('button', { name: 'Change .mcp.json', exact: true }).click();

  await expect(panel.serverRow('team')).toContainText('node team.js');
  expect(await readJson(mcpJson)).toEqual({
    mcpServers: { team: { type: 'stdio', command: 'node', args: ['team.js'], env: {} } },
  });
});

test('Undo in the History region brings a removed server back whole, its secret included', async ({
  openPanel,
  world,
}) => {
  await seedServer(world, world.projectDir, {
    name: 'old',
    scope: 'local',
    command: 'node',
    args: ['old.js'],
    env: { API_KEY: 's3cret' },
  });
  const panel = await openPanel();
  await panel.removeServer('old');
  await expect(panel.serverRow('old')).toHaveCount(0);

  await panel.showView('History');
  const removal = panel.historyEntry('Removed old');
  await expect(removal).toBeVisible();
  await removal.getByRole('button', { name: 'Undo', exact: true }).click();

  await expect(panel.historyEntry('Undid a change of old')).toBeVisible();
  await expect(removal.getByRole('button', { name: 'Undo', exact: true })).toHaveCount(0);
  await panel.screenshot('history');
  await panel.showView('Servers');
  await expect(panel.serverRow('old')).toBeVisible();
  const config = (await readJson(world.configPath)) as StoredConfig;
  expect(config.projects?.[world.projectDir]?.mcpServers).toEqual({
    old: { type: 'stdio', command: 'node', args: ['old.js'], env: { API_KEY: 's3cret' } },
  });
});

test('an undo refused because the server changed since shows the reason in an alert', async ({
  panel,
  world,
}) => {
  await panel.openAddForm();
  await panel.addForm.fillStdio({ name: 'files', scope: 'User', command: 'node' });
  await panel.addForm.submit.click();
  await panel.showView('History');
  await expect(panel.historyEntry('Added files')).toBeVisible();
  // Another terminal replaces it.
  await removeWithCli(world, world.projectDir, 'files', 'user');
  await addJsonWithCli(world, world.projectDir, 'files', 'user', {
    type: 'stdio',
    command: 'other',
    args: [],
    env: {},
  });

  await panel.historyEntry('Added files').getByRole('button', { name: 'Undo', exact: true }).click();

  await expect(panel.history.getByRole('alert')).toHaveText(
    `Cannot undo: "files" in user scope (${world.configPath}) changed since: command changed.`,
  );
  await panel.showView('Servers');
  await expect(panel.serverRow('files')).toContainText('other');
});
