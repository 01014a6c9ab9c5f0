import { expect, test } from './support/fixtures';
import { readJson } from './support/config-files';

test('a server can be added with the keyboard alone', async ({ panel, page, world }) => {
  const form = await panel.openAddForm();
  const tab = async () => {
    await page.keyboard.press('Tab');
  };

  // Focus order: project picker, the CLI's paths (folded), reveal switch, then the form: its paste box and
  // its button first, then the fields.
  await tab();
  await expect(panel.projectPicker).toBeFocused();
  await tab();
  await expect(page.locator('summary').filter({ hasText: /^Claude CLI/ })).toBeFocused();
  await tab();
  await expect(panel.revealSecrets).toBeFocused();
  await tab();
  await expect(
    form.root.getByRole('textbox', { name: 'Paste a command or JSON', exact: true }),
  ).toBeFocused();
  await tab();
  await expect(form.button('Fill the form')).toBeFocused();
  await tab();
  await expect(form.name).toBeFocused();
  await page.keyboard.type('kbd');

  await tab();
  await expect(form.scope('Local')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(form.scope('User')).toBeChecked();
  await tab();
  await expect(form.transport('stdio')).toBeChecked();
  await expect(form.transport('stdio')).toBeFocused();
  await tab();
  await expect(form.command).toBeFocused();
  await page.keyboard.type('node');

  await tab();
  await expect(form.button('Add argument')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.arguments.first()).toBeFocused();
  await page.keyboard.type('--inspect');

  await tab();
  await expect(form.button('Delete argument 1')).toBeFocused();
  await tab();
  await tab();
  await expect(form.button('Add variable')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.variableNames.first()).toBeFocused();
  await page.keyboard.type('TOKEN');
  await tab();
  await page.keyboard.type('abc');
  await page.keyboard.press('Enter');

  await expect(panel.serverRow('kbd')).toBeVisible();
  await expect(form.name).toBeFocused();
  const config = (await readJson(world.configPath)) as { mcpServers?: unknown };
  expect(config.mcpServers).toEqual({
    kbd: { type: 'stdio', command: 'node', args: ['--inspect'], env: { TOKEN: 'abc' } },
  });
});
