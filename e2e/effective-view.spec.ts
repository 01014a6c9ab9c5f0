import { join } from 'node:path';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { expect, test } from './support/fixtures';
import { seedServer } from './support/seed';

async function writeJson(path: string, value: unknown): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, JSON.stringify(value));
}

test('a pending, a rejected and a /mcp-disabled server each show their status in words in the row, and the file and key that decide it in its sheet', async ({
  openPanel,
  world,
}) => {
  await seedServer(world, world.projectDir, { name: 'turned-off', scope: 'user', command: 'node' });
  await seedServer(world, world.projectDir, { name: 'loaded', scope: 'user', command: 'node' });
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
  const panel = await openPanel();

  const answer = (name: string) => panel.serverRow(name).getByRole('cell').nth(1);
  await expect(answer('waiting')).toHaveText(
    "Needs youPending approval: from the project's shared .mcp.json, not approved by you yet.Turn it on to approve it.",
  );
  await expect(answer('refused')).toHaveText(
    "Won't loadRejected: turned off for this project.Turn it on to load it.",
  );
  await expect(answer('turned-off')).toHaveText(
    "Won't loadDisabled in this project with /mcp.Turn it on again with /mcp in claude.",
  );
  await expect(answer('loaded')).toHaveText('LoadsActive in every project.');
  // The files and keys are in the server's sheet, not in the row.
  const reasons = {
    waiting:
      '"waiting" is in no enabledMcpjsonServers or disabledMcpjsonServers of the settings files: run claude in the project to approve it.',
    refused: `"refused" is in disabledMcpjsonServers of ${localSettings}.`,
    'turned-off': `"turned-off" is in projects[${JSON.stringify(world.projectDir)}].disabledMcpServers of ${world.configPath} (turned off with /mcp).`,
    loaded: `"loaded" is in mcpServers of ${world.configPath}.`,
  };
  for (const [name, reason] of Object.entries(reasons)) {
    await expect(panel.serverRow(name)).not.toContainText(reason);
    await expect(await panel.openSheet(name)).toContainText(reason);
    await panel.closeSheet();
  }
  await panel.screenshot('effective-view');

  await panel.notLoadingFilter.click();
  await expect(panel.notLoadingFilter).toHaveText('Not loading (3)');
  await expect(panel.serverTable.getByRole('rowheader')).toHaveText(['refused', 'waiting', 'turned-off']);
});

test('a managed config shows its banner, no add form, and read-only rows without Remove or Edit', async ({
  openPanel,
  world,
}) => {
  await seedServer(world, world.projectDir, { name: 'mine', scope: 'user', command: 'node' });
  const managed = join(world.managedDir, 'managed-mcp.json');
  await writeJson(managed, { mcpServers: { company: { command: 'company-server' } } });
  const panel = await openPanel();

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
