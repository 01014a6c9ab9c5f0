import { expect, test } from './support/fixtures';
import { readJson } from './support/config-files';
import { seedServer } from './support/seed';

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

test('Ctrl+K opens the command palette: it finds a server (Enter opens its sheet), a view and an action; arrows move, Escape closes and gives focus back', async ({
  openPanel,
  page,
  world,
}) => {
  await seedServer(world, world.projectDir, { name: 'memory', scope: 'user', command: 'node', args: [] });
  await seedServer(world, world.projectDir, { name: 'time', scope: 'user', command: 'node', args: [] });
  const panel = await openPanel();
  const palette = page.getByRole('dialog', { name: 'Command palette', exact: true });
  const box = palette.getByRole('combobox', { name: 'Search servers, views and actions', exact: true });
  const selected = palette.getByRole('option', { selected: true });

  await panel.newServerButton.focus();
  await page.keyboard.press('Control+k');
  await expect(box).toBeFocused();
  await page.keyboard.type('ti');
  await expect(selected).toHaveText(/^time\s*Server$/);
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await expect(panel.newServerButton).toBeFocused();

  await page.keyboard.press('Control+k');
  await expect(box).toBeFocused();
  await page.keyboard.type('e');
  await expect(selected).toHaveText(/^memory/);
  await page.keyboard.press('ArrowDown');
  await expect(selected).toHaveText(/^time/);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'memory', exact: true })).toBeVisible();
  await panel.closeSheet();

  await page.keyboard.press('Control+k');
  await page.keyboard.type('history');
  await page.keyboard.press('Enter');
  await expect(panel.viewRegion('History')).toBeVisible();

  await page.keyboard.press('Control+k');
  await page.keyboard.type('export');
  await expect(selected).toHaveText(/^Export\s*Action$/);
  await page.keyboard.press('Enter');
  await expect(panel.viewRegion('Servers')).toBeVisible();
  await expect(page.getByRole('dialog', { name: /^Export/ })).toBeVisible();
});
