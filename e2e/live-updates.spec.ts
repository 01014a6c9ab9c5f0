import { expect, test } from './support/fixtures';
import { writeJson } from './support/seed';
import { addWithCli, removeWithCli } from './support/claude-cli';

// Another terminal's `claude mcp add` / `remove` is the subject: the real CLI writes the files.
test.use({ claudeCli: 'real' });

test('servers another terminal adds and removes appear and disappear without a reload', async ({
  panel,
  page,
  world,
}) => {
  const documentRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documentRequests.push(request.url());
  });

  await addWithCli(world, world.projectDir, {
    name: 'live',
    scope: 'user',
    command: 'node',
    args: ['live.js'],
  });
  await expect(panel.serverRow('live')).toBeVisible();
  await addWithCli(world, world.projectDir, {
    name: 'shared',
    scope: 'project',
    url: 'https://example.test/mcp',
  });
  await expect(panel.serverRow('shared')).toBeVisible();

  await removeWithCli(world, world.projectDir, 'live', 'user');
  await expect(panel.serverRow('live')).toHaveCount(0);
  await removeWithCli(world, world.projectDir, 'shared', 'project');
  await expect(panel.serverRow('shared')).toHaveCount(0);

  expect(documentRequests).toEqual([]);
});

test('when the panel info cannot be read again after a live update, the panel stays and shows the next update', async ({
  panel,
  page,
  world,
}) => {
  let failedInfoReads = 0;
  const failInfoReads = (url: URL) => url.pathname.includes('system.info');
  await page.route(failInfoReads, async (route) => {
    failedInfoReads += 1;
    await route.abort();
  });

  await addWithCli(world, world.projectDir, { name: 'first', scope: 'user', command: 'node' });
  // The live update reads the info again; with its two retries, that fails three times.
  await expect.poll(() => failedInfoReads, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  await page.unroute(failInfoReads);

  await addWithCli(world, world.projectDir, { name: 'second', scope: 'user', command: 'node' });
  await expect(panel.serverRow('second')).toBeVisible();
  await expect(panel.serverRow('first')).toBeVisible();
  await expect(panel.newServerButton).toBeVisible();
});

test('a live stream answered with an error (a stopping server answers 503) is opened again, and what changes next shows without a reload', async ({
  openPanel,
  page,
  world,
}) => {
  // The browser gives up on such a stream for good; the panel must open it again itself.
  const isEvents = (url: URL) => url.pathname.endsWith('/mcp.events');
  let eventRequests = 0;
  await page.route(isEvents, async (route) => {
    eventRequests += 1;
    await (eventRequests === 1
      ? route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' })
      : route.continue());
  });
  const panel = await openPanel();
  await expect.poll(() => eventRequests, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('alert').filter({ hasText: 'Connection to MCP Admin lost' })).toHaveCount(0);

  await writeJson(world.configPath, { mcpServers: { later: { type: 'stdio', command: 'node', args: [] } } });
  await expect(panel.serverRow('later')).toBeVisible();
});
