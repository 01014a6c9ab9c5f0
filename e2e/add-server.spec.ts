import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { readJson } from './support/config-files';

test('adds a stdio server with arguments and env, stored exactly as typed', async ({ panel, world }) => {
  const form = await panel.openAddForm();
  await form.fillStdio({
    name: 'files',
    scope: 'User',
    command: 'npx',
    args: ['@acme/files-server', '--root=/srv/data'],
    env: { API_KEY: 'sk-test-123', LOG_LEVEL: 'debug' },
  });
  await panel.screenshot('filled-form');
  await form.submit.click();

  const row = panel.serverRow('files');
  await expect(row).toBeVisible();
  await expect(row).toContainText('User');
  await expect(row).toContainText('stdio');
  await expect(row).toContainText('npx @acme/files-server --root=/srv/data');
  await expect(form.name).toHaveValue('');
  await panel.screenshot('list-with-servers');

  const config = (await readJson(world.configPath)) as { mcpServers?: unknown };
  expect(config.mcpServers).toEqual({
    files: {
      type: 'stdio',
      command: 'npx',
      args: ['@acme/files-server', '--root=/srv/data'],
      env: { API_KEY: 'sk-test-123', LOG_LEVEL: 'debug' },
    },
  });
});

test('adds an HTTP server whose header value stays masked until secrets are revealed', async ({ panel }) => {
  await panel.openAddForm();
  await panel.addForm.fillRemote({
    name: 'search',
    scope: 'User',
    transport: 'HTTP',
    url: 'https://mcp.example.com/search',
    headers: { Authorization: 'Bearer s3cret-token' },
  });
  await panel.addForm.submit.click();

  const row = panel.serverRow('search');
  await expect(row).toContainText('HTTP');
  await expect(row).toContainText('https://mcp.example.com/search');
  // Headers are in the server's sheet.
  let sheet = await panel.openSheet('search');
  await expect(sheet).toContainText('Authorization');
  await expect(sheet).toContainText('••••••');
  await expect(sheet).not.toContainText('s3cret-token');
  await panel.closeSheet();

  await panel.revealSecrets.check();
  sheet = await panel.openSheet('search');
  await expect(sheet).toContainText('Bearer s3cret-token');
  await expect(sheet).not.toContainText('••••••');
  await panel.screenshot('revealed-secrets');
  await panel.closeSheet();

  await panel.revealSecrets.uncheck();
  await expect(await panel.openSheet('search')).toContainText('••••••');
});

test('adds an SSE server in project scope: .mcp.json is written and approval is pending', async ({
  panel,
  world,
}) => {
  await panel.openAddForm();
  await panel.addForm.fillRemote({
    name: 'events',
    scope: 'Project',
    transport: 'SSE',
    url: 'http://localhost:9000/sse',
  });
  await panel.addForm.submit.click();

  const row = panel.serverRow('events');
  await expect(row).toContainText('Project');
  await expect(row).toContainText('SSE');
  await expect(row).toContainText('Pending approval');
  await expect(row).toContainText('.mcp.json');
  await panel.screenshot('project-scope');
  expect(await readJson(join(world.projectDir, '.mcp.json'))).toEqual({
    mcpServers: { events: { type: 'sse', url: 'http://localhost:9000/sse' } },
  });
});
