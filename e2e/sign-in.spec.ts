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

test('an open panel whose MCP Admin restarted with a new token says how to sign in again, instead of reconnecting for ever', async ({
  openPanel,
  page,
  server,
}) => {
  let streamOpen = false;
  page.on('response', (response) => {
    if (response.url().includes('/trpc/mcp.events')) streamOpen = true;
  });
  // Settled first: the stream open and the reads it asked for answered, so no read is in flight
  // (and retried against the new server) when the server goes.
  const settled = page.waitForResponse((response) => streamOpen && response.url().includes('system.info'));
  const panel = await openPanel();
  await settled;

  await server.restart({ newToken: true });
  // The stream the panel opens again is refused (401): the info read after it shows the hint.
  await expect(page.getByText('MCP Admin listening on http://HOST:PORT/?token=TOKEN')).toBeVisible({
    timeout: 15_000,
  });
  await panel.signIn(server.signInUrl);
  await expect(panel.newServerButton).toBeVisible();
});
