import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { seedServer } from './support/seed';
import { readJson } from './support/config-files';
import { ExportDialog, ImportDialog } from './pages/TransferDialogs';

const MIXED = `{
  "mcpServers": {
    "files": { "command": "npx", "args": ["-y", "@acme/files"], "env": { "API_KEY": "sk-1" } },
    "search": { "type": "http", "url": "https://mcp.example.com/search", "headers": { "Authorization": "Bearer s3cret" } },
    "broken": { "command": "node", "env": { "BAD KEY": "v" } },
    "same": { "type": "stdio", "command": "node", "args": ["same.js"] }
  }
}`;

test('pasted JSON: Preview shows each server with a checkbox, Import runs the checked ones and shows each result, and its message in the dialog', async ({
  page,
  openPanel,
  world,
}) => {
  await seedServer(world, world.projectDir, {
    name: 'same',
    scope: 'user',
    command: 'node',
    args: ['same.js'],
  });
  const panel = await openPanel();
  const dialog = new ImportDialog(page);

  await dialog.openButton.click();
  await dialog.json.fill(MIXED);
  await dialog.scope('User').check();
  await dialog.preview.click();

  await expect(dialog.row('files')).toContainText('Will be added');
  await expect(dialog.row('search')).toContainText('Will be added');
  await expect(dialog.row('broken')).toContainText(
    'Invalid' + 'env.BAD KEY: env name must start with a letter or "_" and hold only letters, digits and "_"',
  );
  await expect(dialog.row('same')).toContainText(
    `Already there` + `Already in user scope (${world.configPath}), identical.`,
  );
  await expect(dialog.checkbox('files')).toBeChecked();
  await expect(dialog.checkbox('search')).toBeChecked();
  for (const name of ['broken', 'same']) {
    await expect(dialog.checkbox(name)).not.toBeChecked();
    await expect(dialog.checkbox(name)).toBeDisabled();
  }
  await expect(dialog.status).toHaveText('2 will be added, 1 invalid, 1 already there');
  await panel.screenshot('import-preview', { fullPage: false });

  await dialog.checkbox('search').uncheck();
  await dialog.import.click();

  await expect(dialog.row('files')).toContainText('AddedAdded stdio MCP server files to user config');
  await expect(dialog.rows).toHaveCount(2);
  await expect(dialog.status).toHaveText('1 added');
  // The message after the import shows in the dialog, where it can be read and dismissed.
  const message = dialog.root.getByRole('status').filter({ hasText: 'Imported 1 server (User).' });
  await message.getByRole('button', { name: 'Dismiss', exact: true }).click();
  await expect(message).toHaveCount(0);
  await dialog.close.click();
  await expect(dialog.root).toBeHidden();
  await expect(panel.serverRow('files')).toBeVisible();
  await expect(panel.serverRow('search')).toHaveCount(0);
  const config = (await readJson(world.configPath)) as { mcpServers?: unknown };
  expect(config.mcpServers).toEqual({
    same: { type: 'stdio', command: 'node', args: ['same.js'], env: {} },
    files: { command: 'npx', args: ['-y', '@acme/files'], env: { API_KEY: 'sk-1' } },
  });
});

test("Claude Desktop's config fills the JSON box and imports into User scope; an uploaded file into the scope chosen", async ({
  page,
  panel,
  world,
}) => {
  // The server runs with HOME set to the world's config dir.
  const desktopDir = join(world.configDir, '.config', 'Claude');
  const desktopConfig =
    '{\n  "mcpServers": {\n    "desktop-tool": { "command": "node", "args": ["tool.js"] }\n  }\n}\n';
  mkdirSync(desktopDir, { recursive: true });
  writeFileSync(join(desktopDir, 'claude_desktop_config.json'), desktopConfig);
  const uploaded = JSON.stringify({ 'team-db': { type: 'sse', url: 'https://db.example.com/sse' } });
  const dialog = new ImportDialog(page);

  await dialog.openButton.click();
  await expect(dialog.root).toContainText('desktop-tool');
  await dialog.loadSource('Claude Desktop').click();
  // Its servers as a document, not the file's text.
  await expect(dialog.json).toHaveValue(
    `${JSON.stringify({ mcpServers: { 'desktop-tool': { command: 'node', args: ['tool.js'] } } }, null, 2)}\n`,
  );
  await panel.screenshot('import-source-loaded', { fullPage: false });
  await expect(dialog.scope('User')).toBeChecked();
  await dialog.preview.click();
  await expect(dialog.row('desktop-tool')).toContainText('Will be added');
  await dialog.import.click();
  await expect(dialog.row('desktop-tool')).toContainText('Added');

  await dialog.fileInput.setInputFiles({
    name: 'team.json',
    mimeType: 'application/json',
    buffer: Buffer.from(uploaded),
  });
  await expect(dialog.json).toHaveValue(uploaded);
  await expect(dialog.rows).toHaveCount(0);
  await dialog.scope('Local').check();
  await dialog.preview.click();
  await dialog.import.click();
  await expect(dialog.row('team-db')).toContainText('Added');

  const config = (await readJson(world.configPath)) as {
    mcpServers: unknown;
    projects: Record<string, { mcpServers: unknown }>;
  };
  expect(config.mcpServers).toEqual({ 'desktop-tool': { command: 'node', args: ['tool.js'] } });
  expect(config.projects[world.projectDir]?.mcpServers).toEqual({
    'team-db': { type: 'sse', url: 'https://db.example.com/sse' },
  });
});

test('text that is not JSON is refused in an alert that says where', async ({ page, panel }) => {
  const dialog = new ImportDialog(page);

  await dialog.openButton.click();
  await dialog.json.fill('{\n  "a": }');
  await dialog.preview.click();

  await expect(dialog.alert).toHaveText('json is not valid JSON: Unexpected character at line 2, column 8');
  await expect(dialog.import).toBeDisabled();
  await panel.screenshot('import-error', { fullPage: false });
});

test('Export shows a scope as .mcp.json, secrets hidden until included, and downloads it', async ({
  page,
  openPanel,
  world,
}) => {
  await seedServer(world, world.projectDir, {
    name: 'search',
    scope: 'user',
    url: 'https://mcp.example.com/search',
    headers: { Authorization: 'Bearer s3cret' },
  });
  const dialog = new ExportDialog(page);
  await openPanel();

  await dialog.openButton.click();
  await dialog.scope('User').check();
  const entry = {
    type: 'http',
    url: 'https://mcp.example.com/search',
    headers: { Authorization: 'Bearer s3cret' },
  };
  await expect(dialog.json).toHaveValue(
    `${JSON.stringify({ mcpServers: { search: { ...entry, headers: { Authorization: '••••••' } } } }, null, 2)}\n`,
  );
  await dialog.revealSecrets.check();
  const revealed = `${JSON.stringify({ mcpServers: { search: entry } }, null, 2)}\n`;
  await expect(dialog.json).toHaveValue(revealed);

  const downloading = page.waitForEvent('download');
  await dialog.download.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('mcp-servers-user.json');
  expect(readFileSync(await download.path(), 'utf8')).toBe(revealed);
  await expect(dialog.status).toHaveText('Saved as mcp-servers-user.json.');
});
