import { expect, test } from './support/fixtures';
import { seedServer } from './support/seed';
import { holdRequests } from './support/held-requests';
import { PanelPage } from './pages/PanelPage';
import { settledBox } from './support/assertions';

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
  await panel.loaded();
  await panel.newServerButton.click();
  await expect(page.getByText('Loading the form…')).toBeVisible();
  await expect(panel.addForm.root).toHaveCount(0);
  await panel.screenshot('form-loading', { fullPage: false });
  await panel.removeButton('early').click();
  await expect(panel.dialog).toContainText('Remove early?');
  await page.keyboard.press('Escape');
  await expect(panel.dialog).toHaveCount(0);
  const tableBox = await settledBox(panel.serverTable);

  releaseForm();
  await expect(panel.addForm.root).toBeVisible();
  await expect(page.getByText('Loading the form…')).toHaveCount(0);
  expect(await panel.serverTable.boundingBox()).toEqual(tableBox);
});

test('the first rows come with the page: with every API request held back, the signed-in panel shows its servers and the header, styled by the stylesheet the page carries (no request for it, no CSP refusal), and the page keeps no copy of the data; its script is asked for only once that first content is painted', async ({
  page,
  server,
  world,
}) => {
  await seedServer(world, world.projectDir, { name: 'inline', scope: 'user', command: 'node' });
  const apiCalls: string[] = [];
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/trpc')) apiCalls.push(request.url());
    if (/^\/assets\/index-[\w-]+\.css$/.test(pathname)) stylesheets.push(pathname);
  });
  await page.addInitScript(() => {
    const refused: string[] = [];
    Object.assign(window, { refused });
    document.addEventListener('securitypolicyviolation', (event) => refused.push(event.violatedDirective));
  });
  const releaseApi = await holdRequests(page, (url) => url.pathname.startsWith('/trpc'));
  const panel = new PanelPage(page);
  await page.goto(server.signInUrl);

  await expect(panel.serverRow('inline')).toBeVisible();
  await expect(panel.newServerButton).toBeVisible();
  await expect(page.locator('#first-reads')).toHaveCount(0);
  // Issue 43: the stylesheet is in the page's head (a request for it would delay that paint), allowed by its hash.
  await expect(panel.serverTable).toHaveCSS('display', 'grid');
  expect(stylesheets).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual([]);
  // Whatever the panel asked since, none of it has been answered: the row came from the page.
  releaseApi();
  await expect(panel.serverRow('inline')).toBeVisible();
  expect(
    apiCalls.every((url) => !url.includes('mcp.list,system.info?batch=1&input=%7B%220%22%3A%7B%22reveal')),
  ).toBe(true);
  // Issue 43: the script's fetch, compiling and hydrating would delay that paint.
  await panel.loaded();
  const { painted, scriptAsked } = await page.evaluate(() => ({
    painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scriptAsked: performance
      .getEntriesByType('resource')
      .find(({ name }) => /\/assets\/index-[\w-]+\.js$/.test(name))?.startTime,
  }));
  expect(painted).toBeGreaterThan(0);
  expect(scriptAsked).toBeGreaterThanOrEqual(painted ?? Infinity);
});

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('the signed-in page comes with the panel drawn by the server: its rows with Claude Code’s answer (markup in an entry drawn as text), the header and the views, busy until the script takes over; a bookmarked other view shows none of that Servers view', async ({
    page,
    server,
    world,
  }) => {
    await seedServer(world, world.projectDir, { name: 'drawn', scope: 'user', command: 'node' });
    // A config file's text is drawn as text: markup in it cannot end the row or add an element.
    const markup = '</td></tr></table><h1>injected</h1><script>1</script>';
    await seedServer(world, world.projectDir, {
      name: 'hostile',
      scope: 'user',
      command: 'node',
      args: [markup],
    });
    const panel = new PanelPage(page);
    await page.goto(server.signInUrl);

    await expect(panel.serverRow('drawn')).toContainText('drawn');
    await expect(panel.serverRow('drawn')).toContainText('Loads');
    await expect(panel.serverRow('hostile')).toContainText(markup);
    await expect(page.getByRole('heading', { name: 'injected' })).toHaveCount(0);
    await expect(panel.newServerButton).toBeVisible();
    await expect(panel.viewLink('History')).toBeVisible();
    await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'true');

    // The server never sees the fragment: loaded as a bookmark of Profiles, its drawing of the
    // Servers view stays hidden until the script draws Profiles.
    await page.goto(`${server.origin}/#/profiles`);
    await page.reload();
    await expect(panel.viewLink('Profiles')).toBeVisible();
    await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    await expect(panel.viewRegion('Servers')).toBeHidden();
    await expect(panel.serverRow('drawn')).toBeHidden();
  });
});

test('a drawn page that differs from the panel’s first render is drawn again by the browser, which says so on the console', async ({
  page,
  server,
  world,
}) => {
  await seedServer(world, world.projectDir, { name: 'drawn', scope: 'user', command: 'node' });
  const panel = new PanelPage(page);
  await panel.signIn(server.signInUrl);
  const said: string[] = [];
  page.on('console', (message) => said.push(message.text()));
  // The page's own name for the server, changed on its way (the first reads keep the real one).
  await page.route(`${server.origin}/`, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('>drawn</a>', '>changed</a>');
    expect(body).toContain('>changed</a>');
    await route.fulfill({ response, body });
  });
  await panel.reload();

  await expect(panel.serverRow('drawn')).toBeVisible();
  await expect(page.getByText('changed', { exact: true })).toHaveCount(0);
  await expect
    .poll(() => said.filter((line) => line.includes('the page the server drew differs')))
    .toHaveLength(1);
});
