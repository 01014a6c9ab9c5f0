/**
 * Profiles (issue 29): a profile saved from what is on, edited (which servers), applied after a
 * preview of what it turns off and on, each server's outcome shown, one Undo in History switching
 * all back. At a desktop and a phone width.
 */
import { expect, test } from './support/fixtures';
import { seedServer } from './support/seed';

const WIDTHS = [
  { label: '1280', width: 1280, height: 800 },
  { label: '390', width: 390, height: 844 },
] as const;

for (const { label, width, height } of WIDTHS) {
  test.describe(`at ${label} px`, () => {
    test.use({ viewport: { width, height } });

    test('Save profile, Edit it to hold beta only, Apply previews "turns off 1 server in every project" before anything switches, then says per server; one Undo in History switches all back', async ({
      openPanel,
      world,
      page,
    }) => {
      await seedServer(world, world.projectDir, {
        name: 'alpha',
        scope: 'user',
        command: 'node',
        args: ['a.js'],
      });
      await seedServer(world, world.projectDir, {
        name: 'beta',
        scope: 'user',
        command: 'node',
        args: ['b.js'],
      });
      const panel = await openPanel();
      const profiles = panel.viewRegion('Profiles');
      const item = (name: string) => profiles.getByRole('listitem').filter({ hasText: name });
      await panel.showView('Profiles');

      await profiles.getByLabel('Profile name').fill('only-beta');
      await profiles.getByRole('button', { name: 'Save profile' }).click();
      await expect(item('only-beta')).toContainText('(2 servers)Active');

      // Edit: which servers, not only what is on now.
      await profiles.getByRole('button', { name: 'Edit only-beta', exact: true }).click();
      const edit = page.getByRole('dialog', { name: 'Edit profile only-beta' });
      await expect(edit.getByRole('checkbox', { name: 'beta (User)' })).toBeChecked();
      await edit.getByRole('checkbox', { name: 'alpha (User)' }).uncheck();
      await edit.getByRole('button', { name: 'Save only-beta', exact: true }).click();
      await expect(edit).toBeHidden();
      await expect(item('only-beta')).toContainText('(1 servers)');
      await expect(item('only-beta')).not.toContainText('Active');

      // Apply: a preview first; nothing switches until the confirm.
      await profiles.getByRole('button', { name: 'Apply only-beta', exact: true }).click();
      const apply = page.getByRole('dialog', { name: 'Apply only-beta?' });
      await expect(apply).toContainText(
        'Applying only-beta turns off 1 server in every project, leaves 1 as it is.',
      );
      const steps = apply.getByRole('list', { name: 'Servers it switches' }).getByRole('listitem');
      // What changes first, then what stays.
      await expect(steps).toHaveText(['alpha (User): Turns off', 'beta (User): Stays as it is']);
      await panel.screenshot(`profiles-preview-${label}`, { fullPage: false });
      await apply.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(apply).toBeHidden();
      await panel.showView('Servers');
      await expect(panel.enabledSwitch('alpha')).toBeChecked();
      await panel.showView('Profiles');

      await profiles.getByRole('button', { name: 'Apply only-beta', exact: true }).click();
      await apply.getByRole('button', { name: 'Apply profile', exact: true }).click();
      await expect(steps).toHaveText(['alpha (User): Switched off', 'beta (User): Unchanged']);
      await expect(apply.getByRole('status')).toHaveText(
        'Applied profile "only-beta": 1 switched off, 1 unchanged.',
      );
      await apply.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(item('only-beta')).toContainText('Active');
      await panel.showView('Servers');
      await expect(panel.enabledSwitch('alpha')).not.toBeChecked();
      await expect(panel.enabledSwitch('beta')).toBeChecked();

      await panel.showView('History');
      await panel
        .historyEntry('Applied profile only-beta')
        .first()
        .getByRole('button', { name: 'Undo', exact: true })
        .click();
      await panel.showView('Servers');
      await expect(panel.enabledSwitch('alpha')).toBeChecked();
      await panel.showView('Profiles');

      await profiles.getByRole('button', { name: 'Delete only-beta' }).click();
      await expect(profiles.getByRole('button', { name: 'Apply only-beta' })).toHaveCount(0);
    });
  });
}
