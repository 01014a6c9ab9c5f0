import { PanelPage } from './pages/PanelPage';
import { expect, test } from './support/fixtures';

test('the printed sign-in URL signs in and leaves a clean address bar', async ({ panel, server }) => {
  await expect(panel.page).toHaveURL(`${server.origin}/`);
  await expect(panel.newServerButton).toBeVisible();
});

test('without a session the panel explains where the sign-in URL comes from', async ({ page, server }) => {
  const panel = new PanelPage(page);
  await page.goto(server.origin);
  await expect(page.getByText('MCP Admin listening on http://HOST:PORT/?token=TOKEN')).toBeVisible();
  await expect(panel.newServerButton).toHaveCount(0);
  await panel.screenshot('sign-in-hint');
});
