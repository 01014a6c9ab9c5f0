import { expect, test } from './support/fixtures';
import { seedServer } from './support/seed';
import { readJson } from './support/config-files';
import { holdRequests } from './support/held-requests';

test("picking another known project shows that project's servers", async ({ openPanel, world }) => {
  await seedServer(world, world.projectDir, { name: 'here', scope: 'local', command: 'node' });
  await seedServer(world, world.plainDir, { name: 'elsewhere', scope: 'local', command: 'node' });
  const panel = await openPanel();

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

test('a typed path that is not absolute is refused beside the picker, in words', async ({ panel }) => {
  await panel.chooseProject('relative/dir');
  await expect(panel.projectPicker).toHaveAccessibleDescription(
    "Type the folder's full path, starting with /.",
  );
  await expect(panel.projectPicker).toHaveAttribute('aria-invalid', 'true');
});

test("while a picked project's servers load, the previous project's rows cannot be removed; the picked project's row then is", async ({
  openPanel,
  page,
  world,
}) => {
  // The same name in both projects, as when one server is set up per project.
  await seedServer(world, world.projectDir, {
    name: 'shared',
    scope: 'local',
    command: 'node',
    args: ['here.js'],
  });
  await seedServer(world, world.plainDir, {
    name: 'shared',
    scope: 'local',
    command: 'node',
    args: ['there.js'],
  });
  const panel = await openPanel();
  await expect(panel.serverRow('shared')).toContainText('here.js');

  const releasePlainList = await holdRequests(page, (url) => isServerListOf(url, world.plainDir));
  await panel.chooseProject(world.plainDir);
  await expect(panel.serverRow('shared')).toContainText('here.js');
  await expect(panel.removeButton('shared')).toBeDisabled();
  await panel.screenshot('project-loading', { fullPage: false });

  releasePlainList();
  await expect(panel.serverRow('shared')).toContainText('there.js');
  await panel.removeServer('shared');
  await expect(panel.serverRow('shared')).toHaveCount(0);

  const config = (await readJson(world.configPath)) as { projects: Record<string, { mcpServers: unknown }> };
  expect(config.projects[world.plainDir]?.mcpServers).toEqual({});
  expect(config.projects[world.projectDir]?.mcpServers).toEqual({
    shared: { type: 'stdio', command: 'node', args: ['here.js'], env: {} },
  });
});

// A batched tRPC query: `/trpc/mcp.list,mcp.projects?batch=1&input={"0":{...},"1":{...}}`.
function isServerListOf(url: URL, projectPath: string): boolean {
  const procedures = url.pathname.replace('/trpc/', '').split(',');
  const inputs = JSON.parse(url.searchParams.get('input') ?? '{}') as Partial<
    Record<string, { projectPath?: string }>
  >;
  return procedures.some(
    (procedure, index) => procedure === 'mcp.list' && inputs[index]?.projectPath === projectPath,
  );
}
