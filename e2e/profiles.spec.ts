import { expect, test } from './support/fixtures';
import { addWithCli } from './support/claude-cli';

test('Save profile, then Apply another: the rows switch, the result says per server, and one Undo in History switches all back', async ({
  panel,
  world,
  page,
}) => {
  await addWithCli(world, world.projectDir, {
    name: 'alpha',
    scope: 'user',
    command: 'node',
    args: ['a.js'],
  });
  await addWithCli(world, world.projectDir, { name: 'beta', scope: 'user', command: 'node', args: ['b.js'] });
  await panel.reload();
  const profiles = page.getByRole('region', { name: 'Profiles', exact: true });
  await panel.showView('Profiles');

  await profiles.getByLabel('Profile name').fill('both');
  await profiles.getByRole('button', { name: 'Save profile' }).click();
  await expect(profiles.getByRole('listitem').filter({ hasText: 'both' })).toContainText('(2 servers)Active');

  // A second profile of beta only, saved from what is on after switching alpha off by hand, then alpha back on.
  await panel.showView('Servers');
  await panel.enabledSwitch('alpha').click();
  await expect(panel.enabledSwitch('alpha')).not.toBeChecked();
  await panel.showView('Profiles');
  await profiles.getByLabel('Profile name').fill('only-beta');
  await profiles.getByRole('button', { name: 'Save profile' }).click();
  await expect(profiles.getByRole('listitem').filter({ hasText: 'only-beta' })).toContainText(
    '(1 servers)Active',
  );
  await profiles.getByRole('button', { name: 'Apply both' }).click();
  await expect(profiles.getByRole('list', { name: 'Result per server' })).toBeVisible();
  await panel.showView('Servers');
  await expect(panel.enabledSwitch('alpha')).toBeChecked();
  await panel.showView('Profiles');

  await profiles.getByRole('button', { name: 'Apply only-beta' }).click();
  const result = profiles.getByRole('list', { name: 'Result per server' });
  await expect(result.getByRole('listitem').filter({ hasText: 'alpha' })).toContainText('Switched off');
  await expect(result.getByRole('listitem').filter({ hasText: 'beta' })).toContainText('Unchanged');
  await expect(profiles.getByRole('listitem').filter({ hasText: 'only-beta' })).toContainText('Active');
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
  await expect(panel.enabledSwitch('beta')).toBeChecked();
  await panel.showView('Profiles');

  await profiles.getByRole('button', { name: 'Delete only-beta' }).click();
  await expect(profiles.getByRole('button', { name: 'Apply only-beta' })).toHaveCount(0);
});
