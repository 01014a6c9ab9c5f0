/**
 * Issue 29's History view: every `Undo` keeps the name `Undo` and names its change in its
 * accessible description, and the message after an undo says what was undone. At a desktop and a
 * phone width.
 */
import type { AddServerInput } from '@mcp-admin/core';
import { seedServer } from './support/seed';
import { expect, test } from './support/fixtures';

const WIDTHS = [
  { label: '1280', width: 1280, height: 800 },
  { label: '390', width: 390, height: 844 },
] as const;

const userServer = (name: string): AddServerInput => ({
  name,
  scope: 'user',
  command: 'node',
  args: [`${name}.js`],
});

for (const { label, width, height } of WIDTHS) {
  test.describe(`at ${label} px`, () => {
    test.use({ viewport: { width, height } });

    test('each Undo is named Undo and described by its change; the toast after an undo names the change undone, and only that change is reversed', async ({
      openPanel,
      world,
      page,
    }) => {
      await seedServer(world, world.projectDir, userServer('files'));
      await seedServer(world, world.projectDir, userServer('notes'));
      const panel = await openPanel();
      await panel.enabledSwitch('files').click();
      await expect(page.getByRole('status').getByText('Turned off files (User).')).toBeVisible();
      await panel.enabledSwitch('notes').click();
      await expect(page.getByRole('status').getByText('Turned off notes (User).')).toBeVisible();
      // The toast's own Undo: the same name, described by the change it undoes.
      await expect(
        page.getByRole('status').getByRole('button', { name: 'Undo', exact: true }),
      ).toHaveAccessibleDescription('Turned off notes (User).');

      await panel.showView('History');
      const undoButtons = panel.history.getByRole('button', { name: 'Undo', exact: true });
      await expect(undoButtons).toHaveCount(2);
      // Newest first.
      await expect(undoButtons.nth(0)).toHaveAccessibleDescription('Turned off notes (User)');
      await expect(undoButtons.nth(1)).toHaveAccessibleDescription('Turned off files (User)');
      await panel.screenshot(`history-${label}`, { fullPage: false });

      await undoButtons.nth(1).click();
      await expect(page.getByRole('status').getByText('Undone: Turned off files (User).')).toBeVisible();
      // The undo is itself a change, listed newest first (an undone switch is recorded as the switch back).
      await expect(undoButtons.first()).toHaveAccessibleDescription('Turned on files (User)');
      await panel.showView('Servers');
      await expect(panel.enabledSwitch('files')).toBeChecked();
      await expect(panel.enabledSwitch('notes')).not.toBeChecked();
    });
  });
}
