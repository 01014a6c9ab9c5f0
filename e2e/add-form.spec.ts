import { expect, test } from './support/fixtures';
import { expectValues } from './support/assertions';
import { readJson } from './support/config-files';

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
