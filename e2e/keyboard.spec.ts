import { expect, test } from './support/fixtures';
import { readJson } from './support/config-files';

test('a server can be added with the keyboard alone', async ({ panel, page, world }) => {
  const form = panel.addForm;
  const tab = async () => {
    await page.keyboard.press('Tab');
  };

  // `n` opens the form in its sheet, focus in its paste box; then the paste box's button, then the fields.
  await page.keyboard.press('n');
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
  // The next server starts from the paste box, emptied.
  const pasteBox = form.root.getByRole('textbox', { name: 'Paste a command or JSON', exact: true });
  await expect(pasteBox).toBeFocused();
  await expect(pasteBox).toHaveValue('');
  const config = (await readJson(world.configPath)) as { mcpServers?: unknown };
  expect(config.mcpServers).toEqual({
    kbd: { type: 'stdio', command: 'node', args: ['--inspect'], env: { TOKEN: 'abc' } },
  });
});
