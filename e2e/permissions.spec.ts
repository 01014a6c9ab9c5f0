import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MCP_SERVER_SCRIPTS } from '@mcp-admin/core/testing';
import type { PanelPage } from './pages/PanelPage';
import { expect, test } from './support/fixtures';
import { seedServer } from './support/seed';

/** Checks the `tools` row and opens its sheet, whose Tools region lists them with their permissions. */
async function checkedToolsOf(panel: PanelPage) {
  await panel.checkButton('tools').click();
  await expect(panel.serverRow('tools')).toContainText('Connected');
  return panel.openSheetTools('tools');
}

test.beforeEach(async ({ world }) => {
  await seedServer(world, world.projectDir, {
    name: 'tools',
    scope: 'user',
    command: process.execPath,
    args: [MCP_SERVER_SCRIPTS.toolsFromEnv],
    env: { TOOL_NAMES: 'ping,pong' },
  });
});

test("Deny in a checked server's sheet writes the project's personal file, shows the rule that decides, and Undo in History puts it back", async ({
  openPanel,
  world,
}) => {
  const panel = await openPanel();
  const tools = await checkedToolsOf(panel);
  const ping = tools.getByRole('group', { name: 'Permission for ping' });
  await expect(ping.getByRole('radio', { name: 'Default' })).toBeChecked();

  await ping.getByRole('radio', { name: 'Deny' }).click();

  await expect(ping.getByRole('radio', { name: 'Deny' })).toBeChecked();
  const settings = join(world.projectDir, '.claude', 'settings.local.json');
  await expect(ping).toContainText(`Denied: Claude never gets this tool by mcp__tools__ping in ${settings}`);
  expect(JSON.parse(readFileSync(settings, 'utf8'))).toEqual({ permissions: { deny: ['mcp__tools__ping'] } });
  await expect(panel.page.getByRole('status').filter({ hasText: 'Denied mcp__tools__ping' })).toHaveText(
    new RegExp(`Denied mcp__tools__ping in ${settings}\\.`),
  );
  await expect(
    tools.getByRole('group', { name: 'Permission for pong' }).getByRole('radio', { name: 'Default' }),
  ).toBeChecked();

  await panel.closeSheet();
  await panel.showView('History');
  await panel
    .historyEntry('Changed tool permissions of tools')
    .first()
    .getByRole('button', { name: 'Undo', exact: true })
    .click();
  await panel.showView('Servers');
  await panel.openSheet('tools');
  await expect(ping.getByRole('radio', { name: 'Default' })).toBeChecked();
  expect(JSON.parse(readFileSync(settings, 'utf8'))).toEqual({ permissions: {} });
});

test("a rule for the team's .claude/settings.json asks first, naming the file", async ({
  openPanel,
  world,
}) => {
  const panel = await openPanel();
  const tools = await checkedToolsOf(panel);
  await tools.getByRole('radio', { name: 'The team (committed) .claude/settings.json' }).check();

  await tools.getByRole('group', { name: 'Permission for pong' }).getByRole('radio', { name: 'Ask' }).click();
  const shared = join(world.projectDir, '.claude', 'settings.json');
  // Over the server's sheet, which stays open under it.
  const confirm = panel.page.getByRole('dialog', { name: 'Change a file your team shares?' });
  await expect(confirm).toContainText(`The rule for pong goes to ${shared}`);
  await confirm.getByRole('button', { name: 'Change .claude/settings.json' }).click();
  await expect(confirm).toHaveCount(0);

  await expect(
    tools.getByRole('group', { name: 'Permission for pong' }).getByRole('radio', { name: 'Ask' }),
  ).toBeChecked();
  expect(JSON.parse(readFileSync(shared, 'utf8'))).toEqual({ permissions: { ask: ['mcp__tools__pong'] } });
});

test('a managed rule shows, with its reason, and cannot be changed', async ({ openPanel, world }) => {
  mkdirSync(world.managedDir, { recursive: true });
  const managed = join(world.managedDir, 'managed-settings.json');
  writeFileSync(managed, JSON.stringify({ permissions: { deny: ['mcp__tools__ping'] } }));
  const panel = await openPanel();
  const tools = await checkedToolsOf(panel);

  const ping = tools.getByRole('group', { name: 'Permission for ping' });
  await expect(ping.getByRole('radio', { name: 'Deny' })).toBeChecked();
  await expect(ping.getByRole('radio', { name: 'Allow' })).toBeDisabled();
  await expect(ping).toContainText(
    `by mcp__tools__ping in ${managed}: set by your organization, so it cannot be changed here.`,
  );
});

test("allowManagedPermissionRulesOnly: the panel says only the organization's rules apply, and the user's own deny shows as no rule", async ({
  openPanel,
  world,
}) => {
  mkdirSync(world.managedDir, { recursive: true });
  const managed = join(world.managedDir, 'managed-settings.json');
  writeFileSync(managed, JSON.stringify({ allowManagedPermissionRulesOnly: true }));
  mkdirSync(join(world.projectDir, '.claude'), { recursive: true });
  writeFileSync(
    join(world.projectDir, '.claude', 'settings.local.json'),
    JSON.stringify({ permissions: { deny: ['mcp__tools__ping'] } }),
  );
  const panel = await openPanel();
  const tools = await checkedToolsOf(panel);

  await expect(tools.getByRole('note')).toHaveText(
    `Only your organization's permission rules apply: allowManagedPermissionRulesOnly in ${managed} makes the rules of every other settings file inert.`,
  );
  const ping = tools.getByRole('group', { name: 'Permission for ping' });
  await expect(ping.getByRole('radio', { name: 'Default' })).toBeChecked();
  await expect(ping.getByRole('radio', { name: 'Deny' })).toBeDisabled();
});
