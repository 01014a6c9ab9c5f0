import { expect, test } from './support/fixtures';
import { expectValues } from './support/assertions';
import { readJson } from './support/config-files';
import { seedServer } from './support/seed';
import { credentialKey, startTestKeychain } from '@mcp-admin/core/testing';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

test('arguments can be reordered and deleted before adding', async ({ panel, world }) => {
  const form = await panel.openAddForm();
  await form.fillStdio({ name: 'ordered', scope: 'User', command: 'node', args: ['first', 'second', '-v'] });

  await form.button('Move argument 3 up').click();
  await expectValues(form.arguments, ['first', '-v', 'second']);
  await expect(form.arguments.nth(1)).toBeFocused();
  await form.button('Move argument 1 down').click();
  await expectValues(form.arguments, ['-v', 'first', 'second']);
  await form.button('Delete argument 2').click();
  await expectValues(form.arguments, ['-v', 'second']);
  await form.submit.click();

  await expect(panel.serverRow('ordered')).toContainText('node -v second');
  const config = (await readJson(world.configPath)) as { mcpServers?: unknown };
  expect(config.mcpServers).toEqual({
    ordered: { type: 'stdio', command: 'node', args: ['-v', 'second'], env: {} },
  });
});

test("switching transport hides the other mode's fields but keeps what was typed", async ({ panel }) => {
  const form = await panel.openAddForm();
  await form.command.fill('npx');
  await form.addVariable('TOKEN', 'abc');

  await form.transport('HTTP').check();
  await expect(form.command).toHaveCount(0);
  await expect(form.variableNames).toHaveCount(0);
  await expect(form.url).toBeVisible();
  await form.url.fill('https://mcp.example.com');
  await form.addHeader('X-Team', 'core');

  await form.transport('stdio').check();
  await expect(form.url).toHaveCount(0);
  await expect(form.headerNames).toHaveCount(0);
  await expect(form.command).toHaveValue('npx');
  await expectValues(form.variableNames, ['TOKEN']);
  await expectValues(form.variableValues, ['abc']);

  await form.transport('SSE').check();
  await expect(form.url).toHaveValue('https://mcp.example.com');
  await expectValues(form.headerNames, ['X-Team']);
});

test('the name, command and paste boxes are not spell-checked', async ({ panel }) => {
  const form = await panel.openAddForm();
  const pasteBox = form.root.getByRole('textbox', { name: 'Paste a command or JSON', exact: true });
  for (const box of [form.name, form.command, pasteBox]) {
    await expect(box).toHaveJSProperty('spellcheck', false);
  }
});

test('without a keychain, "Keep secrets in the keychain" is off and says why, and for project scope says the keychain is for user and local scope only; a server added with a secret offers "Move secrets to the keychain", unavailable', async ({
  panel,
}) => {
  const form = await panel.openAddForm();
  const keep = form.root.getByRole('checkbox', { name: 'Keep secrets in the keychain' });
  await expect(keep).not.toBeChecked();
  await expect(keep).toBeDisabled();
  await expect(keep).toHaveAccessibleDescription(
    /^No keychain is available: .+\. Secrets are stored in \.claude\.json\.$/,
  );
  await form.scope('Project').check();
  await expect(keep).toHaveAccessibleDescription(
    /^The keychain is for user and local scope only: a project's \.mcp\.json is shared/,
  );

  await form.fillStdio({ name: 'keyed', scope: 'User', command: 'npx' });
  await form.addVariable('API_KEY', 'abc123');
  await form.submit.click();
  await expect(await panel.rowMenuItem('keyed', 'Move secrets to the keychain keyed')).toHaveAttribute(
    'aria-disabled',
    'true',
  );
});

test.describe('with a keychain', () => {
  // A private Secret Service for this test's own server (the shared one reaches none).
  test.use({
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    serverEnv: async ({}, use) => {
      const keychain = startTestKeychain();
      await use({ DBUS_SESSION_BUS_ADDRESS: keychain.busAddress });
      keychain.stop();
    },
  });

  test('"Move all secrets to the keychain" previews the user and local servers holding a secret in clear and what moves (a signed-in one: that you will need to sign in again), moves each, and undoes one', async ({
    openPanel,
    world,
  }) => {
    await seedServer(world, world.projectDir, {
      name: 'keyed',
      scope: 'user',
      transport: 'stdio',
      command: 'npx',
      env: { API_KEY: 'abc123' },
    });
    await seedServer(world, world.projectDir, {
      name: 'remote',
      scope: 'local',
      transport: 'http',
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: 'Bearer xyz' },
    });
    // Signed in, as Claude Code's token store keeps it: the move (a remove and an add) forgets that.
    const remoteKey = credentialKey({
      name: 'remote',
      transport: 'http',
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: 'Bearer xyz' },
    });
    writeFileSync(
      join(world.configDir, '.credentials.json'),
      JSON.stringify({ mcpOAuth: { [remoteKey]: { serverName: 'remote', accessToken: 'at-remote' } } }),
    );
    await seedServer(world, world.projectDir, {
      name: 'plain',
      scope: 'user',
      transport: 'stdio',
      command: 'npx',
    });
    const panel = await openPanel();

    await panel.page.getByRole('button', { name: 'Move all secrets to the keychain' }).click();
    const dialog = panel.page.getByRole('dialog', { name: 'Move all secrets to the keychain?' });
    const rows = dialog.getByRole('row');
    await expect(rows).toHaveText([
      /Name/,
      /remote\s*local\s*Authorization \(you will need to sign in again\)\s*Will move/,
      /keyed\s*user\s*API_KEY\s*Will move/,
    ]);
    await dialog.getByRole('button', { name: 'Move all to the keychain' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Moved 2 of 2 servers.');
    expect(JSON.stringify(await readJson(world.configPath))).not.toMatch(/abc123|Bearer xyz/);

    await dialog.getByRole('button', { name: 'Undo moving secrets of keyed' }).click();
    await expect.poll(async () => JSON.stringify(await readJson(world.configPath))).toContain('abc123');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(panel.page.getByRole('button', { name: 'Move all secrets to the keychain' })).toBeVisible();
  });
});
