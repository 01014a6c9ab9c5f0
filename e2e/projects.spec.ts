import { expect, test } from './support/fixtures';
import { addWithCli } from './support/claude-cli';

test("picking another known project shows that project's servers", async ({ panel, page, world }) => {
  await addWithCli(world, world.projectDir, { name: 'here', scope: 'local', command: 'node' });
  await addWithCli(world, world.plainDir, { name: 'elsewhere', scope: 'local', command: 'node' });
  await page.reload();

  await expect(panel.projectPicker).toHaveValue(world.projectDir);
  await expect(panel.serverRow('here')).toBeVisible();
  await expect(panel.serverRow('elsewhere')).toHaveCount(0);

  await panel.chooseProject(world.plainDir);
  await expect(panel.serverRow('elsewhere')).toBeVisible();
  await expect(panel.serverRow('elsewhere')).toContainText('Local');
  await expect(panel.serverRow('here')).toHaveCount(0);

  await panel.chooseProject(world.projectDir);
  await expect(panel.serverRow('here')).toBeVisible();
  await expect(panel.serverRow('elsewhere')).toHaveCount(0);
});
