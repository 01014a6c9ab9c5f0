import { join } from 'node:path';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { expect, test } from './support/fixtures';
import { addWithCli } from './support/claude-cli';

async function writeJson(path: string, value: unknown): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, JSON.stringify(value));
}

test('a pending, a rejected and a /mcp-disabled server each show their status and its reason', async ({
  panel,
  world,
}) => {
  await addWithCli(world, world.projectDir, { name: 'turned-off', scope: 'user', command: 'node' });
  await addWithCli(world, world.projectDir, { name: 'loaded', scope: 'user', command: 'node' });
  await writeJson(join(world.projectDir, '.mcp.json'), {
    mcpServers: { waiting: { command: 'node' }, refused: { command: 'node' } },
  });
  const localSettings = join(world.projectDir, '.claude', 'settings.local.json');
  await writeJson(localSettings, { disabledMcpjsonServers: ['refused'] });
  const config = JSON.parse(await readFile(world.configPath, 'utf8')) as { projects?: object };
  await writeJson(world.configPath, {
    ...config,
    projects: { ...config.projects, [world.projectDir]: { disabledMcpServers: ['turned-off'] } },
  });
  await panel.reload();

  await expect(panel.serverRow('waiting').getByRole('cell').nth(3)).toHaveText(
    'Pending approval"waiting" is in no enabledMcpjsonServers or disabledMcpjsonServers of the settings files: run claude in the project to approve it.',
  );
  await expect(panel.serverRow('refused').getByRole('cell').nth(3)).toHaveText(
    `Rejected"refused" is in disabledMcpjsonServers of ${localSettings}.`,
  );
  await expect(panel.serverRow('turned-off').getByRole('cell').nth(3)).toHaveText(
    `Disabled in this project"turned-off" is in projects[${JSON.stringify(world.projectDir)}].disabledMcpServers of ${world.configPath} (turned off with /mcp).`,
  );
  await expect(panel.serverRow('loaded').getByRole('cell').nth(3)).toHaveText(
    `Active"loaded" is in mcpServers of ${world.configPath}.`,
  );
  await panel.screenshot('effective-view');

  await panel.notLoadingFilter.click();
  await expect(panel.notLoadingFilter).toHaveText('Not loading (3)');
  await expect(panel.serverTable.getByRole('rowheader')).toHaveText(['refused', 'waiting', 'turned-off']);
});

test('a managed config shows its banner, no add form, and read-only rows without Remove or Edit', async ({
  panel,
  world,
}) => {
  await addWithCli(world, world.projectDir, { name: 'mine', scope: 'user', command: 'node' });
  const managed = join(world.managedDir, 'managed-mcp.json');
  await writeJson(managed, { mcpServers: { company: { command: 'company-server' } } });
  await panel.reload();

  await expect(panel.managedBanner).toHaveText(
    `Your organization manages MCP servers on this machine. Claude Code loads only the servers in ${managed} and ignores every other entry, so servers cannot be added or removed here.`,
  );
  await expect(panel.addForm.root).toHaveCount(0);
  await expect(panel.serverRow('company')).toContainText('Read-only: from the managed config');
  await expect(panel.removeButton('company')).toHaveCount(0);
  await expect(panel.editButton('company')).toHaveCount(0);
  await expect(panel.serverRow('mine')).toContainText('Overridden by managed config');
  await expect(panel.removeButton('mine')).toBeDisabled();
  await expect(panel.editButton('mine')).toBeDisabled();
  await panel.screenshot('managed-config');
});
