import { expect, test } from './support/fixtures';
import { seedServer } from './support/seed';
import { holdRequests } from './support/held-requests';
import { PanelPage } from './pages/PanelPage';

test('the server list shows and works while the add form opened by New server is still loading, and stays in place when it arrives', async ({
  page,
  server,
  world,
}) => {
  await seedServer(world, world.projectDir, { name: 'early', scope: 'user', command: 'node' });
  // The form's lazily loaded chunk, which Vite names after its module.
  const releaseForm = await holdRequests(page, (url) =>
    /\/assets\/AddServerForm-[\w-]+\.js$/.test(url.pathname),
  );
  const panel = new PanelPage(page);
  await page.goto(server.signInUrl);

  await expect(panel.serverRow('early')).toBeVisible();
  await panel.newServerButton.click();
  await expect(page.getByText('Loading the form…')).toBeVisible();
  await expect(panel.addForm.root).toHaveCount(0);
  await panel.screenshot('form-loading', { fullPage: false });
  await panel.removeButton('early').click();
  await expect(panel.dialog).toContainText('Remove early?');
  await page.keyboard.press('Escape');
  const tableBox = await panel.serverTable.boundingBox();

  releaseForm();
  await expect(panel.addForm.root).toBeVisible();
  await expect(page.getByText('Loading the form…')).toHaveCount(0);
  expect(await panel.serverTable.boundingBox()).toEqual(tableBox);
});
