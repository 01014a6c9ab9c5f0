/**
 * Claude Code's per-project off (`/mcp`) from the panel: the switch `In this project <name>` on a
 * user-scope row, written by the real CLI, said in words beside the lasting `Enabled` switch.
 */
import { runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import { expect, test } from './support/fixtures';
import { seedServer } from './support/seed';
import { readJson } from './support/config-files';

// Claude Code's `/mcp` toggle (its control protocol) and `claude mcp get` as the oracle: the real CLI.
test.use({ claudeCli: 'real' });

test("turns a user server off in this project only (Claude Code's /mcp), which claude mcp get confirms, and back on with Undo; the server's sheet turns it off again and says so there; a local row has no such switch", async ({
  openPanel,
  world,
}) => {
  await seedServer(world, world.projectDir, { name: 'docs', scope: 'user', command: 'true' });
  await seedServer(world, world.projectDir, { name: 'mine', scope: 'local', command: 'true' });
  const panel = await openPanel();
  const row = panel.serverRow('docs');
  const inProject = row.getByRole('switch', { name: 'In this project docs', exact: true });
  await expect(inProject).toBeChecked();
  await expect(row).toContainText('On everywhere');
  await expect(row).toContainText('On in this project');
  await expect(
    panel.serverRow('mine').getByRole('switch', { name: 'In this project mine', exact: true }),
  ).toHaveCount(0);

  await inProject.click();
  await expect(inProject).not.toBeChecked();
  await expect(row).toContainText("Off in this project only (Claude Code's /mcp)");
  await expect(row).toContainText('Disabled in this project with /mcp.');
  await expect(panel.enabledSwitch('docs')).toBeChecked();
  const projects = (
    (await readJson(world.configPath)) as { projects: Record<string, { disabledMcpServers?: string[] }> }
  ).projects;
  expect(projects[world.projectDir]?.disabledMcpServers).toEqual(['docs']);
  expect(await runCliAsAnotherTerminal(world, world.projectDir, ['mcp', 'get', 'docs'])).toContain(
    '⊘ Disabled for this project',
  );
  await panel.screenshot('project-switch-off', { fullPage: false });

  await panel.page
    .getByRole('status')
    .filter({ hasText: 'Turned off docs in this project only.' })
    .getByRole('button', { name: 'Undo', exact: true })
    .click();
  await expect(
    panel.page.getByRole('status').getByText('Undone: Turned off docs in this project only (User).'),
  ).toBeVisible();
  await expect(inProject).toBeChecked();
  const after = (
    (await readJson(world.configPath)) as { projects: Record<string, { disabledMcpServers?: string[] }> }
  ).projects;
  expect(after[world.projectDir]?.disabledMcpServers).toEqual([]);

  // The same switch in the server's sheet, its message shown there.
  const sheet = await panel.openSheet('docs');
  const inSheet = sheet.getByRole('switch', { name: 'In this project docs', exact: true });
  await inSheet.click();
  await expect(
    sheet.getByRole('status').filter({ hasText: 'Turned off docs in this project only.' }),
  ).toContainText('Undo');
  await expect(inSheet).not.toBeChecked();
  const fromSheet = (
    (await readJson(world.configPath)) as { projects: Record<string, { disabledMcpServers?: string[] }> }
  ).projects;
  expect(fromSheet[world.projectDir]?.disabledMcpServers).toEqual(['docs']);
});
