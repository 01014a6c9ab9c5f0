import { expect, test } from './support/fixtures';
import { addWithCli, removeWithCli } from './support/claude-cli';

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
