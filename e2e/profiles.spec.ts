/**
 * Profiles (issue 29): a profile saved from what is on, edited (which servers), applied after a
 * preview of what it turns off and on, each server's outcome shown, one Undo in History switching
 * all back. At a desktop width: nothing here depends on the width.
 */
import { expect, test } from './support/fixtures';
import { seedServer } from './support/seed';

// Not at 390 px too: that run repeated the same behaviour and checked nothing the width changes.
const WIDTHS = [{ label: '1280', width: 1280, height: 800 }] as const;

for (const { label, width, height } of WIDTHS) {
  test.describe(`at ${label} px`, () => {
    test.use({ viewport: { width, height } });

    test('Save profile, Edit it to hold beta only (Filter servers, Select none, Select all act on the servers shown), Apply previews "turns off 1 server in every project" before anything switches, its button says Apply in every project, then the view says per server with the Undo of the message after it reachable; one Undo in History switches all back', async ({
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
      // Filter servers narrows the boxes; Select none and Select all act on those shown.
      const filter = edit.getByRole('searchbox', { name: 'Filter servers', exact: true });
      await filter.fill('alp');
      await expect(edit.getByRole('checkbox')).toHaveCount(1);
      await edit.getByRole('button', { name: 'Select none', exact: true }).click();
      await expect(edit.getByRole('checkbox', { name: 'alpha (User)' })).not.toBeChecked();
      await filter.fill('');
      await expect(edit.getByRole('checkbox', { name: 'beta (User)' })).toBeChecked();
      await edit.getByRole('button', { name: 'Select all', exact: true }).click();
      await expect(edit.getByRole('checkbox', { name: 'alpha (User)' })).toBeChecked();
      await filter.fill('alp');
      await edit.getByRole('button', { name: 'Select none', exact: true }).click();
      await filter.fill('');
      await expect(edit.getByRole('checkbox', { name: 'alpha (User)' })).not.toBeChecked();
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
      // It turns off a user server: its button says so, as the sentence above it does.
      await apply.getByRole('button', { name: 'Apply in every project', exact: true }).click();
      // Done, the dialog closes: the message after it and its Undo are not behind it.
      await expect(apply).toBeHidden();
      const applied = profiles
        .getByRole('list', { name: 'Servers only-beta switched' })
        .getByRole('listitem');
      await expect(applied).toHaveText(['alpha (User): Switched off', 'beta (User): Unchanged']);
      await expect(profiles.getByRole('status')).toHaveText(
        'Applied profile "only-beta": 1 switched off, 1 unchanged.',
      );
      const toastUndo = page.locator('.change-toast').getByRole('button', { name: 'Undo', exact: true });
      await toastUndo.focus();
      await expect(toastUndo).toBeFocused();
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
