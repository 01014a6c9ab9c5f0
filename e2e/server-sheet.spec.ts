/**
 * Issue 29's server sheet (master–detail): a row's name opens a dialog named as the server with the
 * entry of that row (the same name in two scopes opens the right one), its details with secrets
 * masked, its tools and their permissions, Claude Code's logs of it and its own history with Undo.
 * The address names it, Back and Escape close it, and focus returns to the name. At a desktop and
 * a phone width.
 */
import { MCP_SERVER_SCRIPTS } from '@mcp-admin/core/testing';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PanelPage } from './pages/PanelPage';
import { addWithCli } from './support/claude-cli';
import { seedServer } from './support/seed';
import { expect, test } from './support/fixtures';
import { seedThirtyServers } from './support/many-servers';

const WIDTHS = [
  { label: '1280', width: 1280, height: 800 },
  { label: '390', width: 390, height: 844 },
] as const;

/** The link a row's name is, which opens its sheet. */
function nameLink(panel: PanelPage, name: string, scopeWords: string) {
  return panel.serverRow(name).filter({ hasText: scopeWords }).getByRole('link', { name, exact: true });
}

for (const { label, width, height } of WIDTHS) {
  test.describe(`at ${label} px`, () => {
    test.use({ viewport: { width, height } });

    test('the name of each of two github rows (User, Local) opens a dialog named github with that entry; the address names it; Escape and Back close it and focus returns to the name', async ({
      openPanel,
      page,
      world,
      server,
    }) => {
      await seedThirtyServers(world);
      const panel = await openPanel();
      const sheet = page.getByRole('dialog', { name: 'github', exact: true });

      const local = nameLink(panel, 'github', 'Local · stdio');
      await local.click();
      await expect(sheet).toBeVisible();
      await expect(page).toHaveURL(`${server.origin}/#/servers/local/github`);
      const details = sheet.getByRole('region', { name: 'Details', exact: true });
      await expect(details).toContainText('Local');
      await expect(details).toContainText('npx -y @modelcontextprotocol/server-github --read-only');
      await panel.screenshot(`server-sheet-${label}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await expect(local).toBeFocused();
      await expect(page).not.toHaveURL(/github/);

      const user = nameLink(panel, 'github', 'User · stdio');
      await user.click();
      await expect(page).toHaveURL(`${server.origin}/#/servers/user/github`);
      await expect(sheet.getByRole('region', { name: 'Details', exact: true })).toContainText('User');
      await expect(sheet.getByRole('region', { name: 'Details', exact: true })).not.toContainText(
        '--read-only',
      );
      await page.goBack();
      await expect(sheet).toBeHidden();
      await expect(user).toBeFocused();
    });

    test('a bookmarked sheet opens with the list; its headers show masked; Close leaves the Servers view at #/servers', async ({
      panel,
      page,
      world,
      server,
    }) => {
      await seedThirtyServers(world);
      // A bookmark: the sheet's address loaded afresh.
      await page.goto(`${server.origin}/#/servers/user/notion`);
      await page.reload();
      const sheet = page.getByRole('dialog', { name: 'notion', exact: true });
      await expect(sheet).toBeVisible();
      const details = sheet.getByRole('region', { name: 'Details', exact: true });
      await expect(details).toContainText('https://mcp.notion.example/mcp');
      await expect(details).toContainText('Authorization');
      await expect(details).toContainText('••••••');
      await expect(details).not.toContainText('ntn_s3cret');
      await sheet.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(sheet).toBeHidden();
      await expect(page).toHaveURL(`${server.origin}/#/servers`);
      await expect(panel.viewRegion('Servers')).toBeVisible();
      await expect(nameLink(panel, 'notion', 'User')).toBeFocused();
    });

    test("the sheet's one Check <name> checks the server and lists its tools; arrows move a tool's permission without writing it, Space writes it; its logs show; its History undoes the change with an Undo described by it", async ({
      openPanel,
      page,
      world,
    }) => {
      await addWithCli(world, world.projectDir, {
        name: 'tools',
        scope: 'user',
        command: process.execPath,
        args: [MCP_SERVER_SCRIPTS.toolsFromEnv],
        env: { TOOL_NAMES: 'ping,pong' },
      });
      const panel = await openPanel();
      await nameLink(panel, 'tools', 'User').click();
      const sheet = page.getByRole('dialog', { name: 'tools', exact: true });
      const tools = sheet.getByRole('region', { name: 'Tools', exact: true });
      await expect(tools).toContainText('Not checked yet: Check tools, above, lists its tools.');
      // One Check in the sheet: its controls' (issue 43).
      const check = sheet.getByRole('button', { name: 'Check tools', exact: true });
      await expect(check).toHaveCount(1);
      await check.click();
      await expect(tools.getByRole('list', { name: 'Tools' }).getByRole('listitem')).toHaveCount(2);

      const ping = tools.getByRole('group', { name: 'Permission for ping', exact: true });
      const settings = join(world.projectDir, '.claude', 'settings.local.json');
      await ping.getByRole('radio', { name: 'Default' }).focus();
      await page.keyboard.press('ArrowLeft');
      await expect(ping.getByRole('radio', { name: 'Deny' })).toBeChecked();
      await expect(ping.getByRole('radio', { name: 'Deny' })).toBeFocused();
      expect(existsSync(settings)).toBe(false);
      await page.keyboard.press('Space');
      await expect(ping).toContainText(
        `Denied: Claude never gets this tool by mcp__tools__ping in ${settings}`,
      );
      expect(JSON.parse(readFileSync(settings, 'utf8'))).toEqual({
        permissions: { deny: ['mcp__tools__ping'] },
      });
      await expect(ping.getByRole('radio', { name: 'Deny' })).toBeFocused();

      await expect(sheet.getByRole('region', { name: 'Logs', exact: true })).toContainText(
        'Claude Code runs',
      );

      const history = sheet.getByRole('region', { name: 'History of tools' });
      const undo = history.getByRole('button', { name: 'Undo', exact: true });
      await expect(undo).toHaveCount(1);
      await expect(undo).toHaveAccessibleDescription(/^Changed tool permissions of tools /);
      await undo.click();
      await expect(
        page.getByRole('status').getByText(/^Undone: Changed tool permissions of tools/),
      ).toBeVisible();
      await expect(ping.getByRole('radio', { name: 'Default' })).toBeChecked();
      expect(JSON.parse(readFileSync(settings, 'utf8'))).toEqual({ permissions: {} });
      await expect(sheet).toBeVisible();
    });

    test("the sheet carries the row's controls under the row's names: Edit opens the form in the sheet and saves; its Enabled switch, Logs and Remove act from it, and a change's message shows in the sheet with its Undo", async ({
      openPanel,
      page,
      world,
    }) => {
      await seedServer(world, world.projectDir, {
        name: 'memo',
        scope: 'user',
        command: 'node',
        args: ['memo.js'],
      });
      const panel = await openPanel();
      const sheet = await panel.openSheet('memo');
      const controls = sheet.getByRole('group', { name: 'Actions for memo', exact: true });
      await expect(controls.getByRole('button', { name: 'Check memo', exact: true })).toBeEnabled();
      await expect(sheet.getByRole('button', { name: 'Check memo', exact: true })).toHaveCount(1);
      await expect(panel.enabledSwitch('memo', controls)).toBeChecked();

      const edit = controls.getByRole('button', { name: 'Edit memo', exact: true });
      await edit.click();
      const form = sheet.getByRole('form', { name: 'Edit MCP server' });
      await expect(form).toBeVisible();
      await form.getByRole('textbox', { name: 'Command', exact: true }).fill('deno');
      await form.getByRole('button', { name: 'Save changes', exact: true }).click();
      await expect(form).toBeHidden();
      await expect(edit).toBeFocused();
      await expect(sheet.getByRole('region', { name: 'Details', exact: true })).toContainText('deno memo.js');

      // Claude Code's own per-project switch is there (it acts from the sheet in project-switch.spec.ts, on the real CLI).
      await expect(controls.getByRole('switch', { name: 'In this project memo', exact: true })).toBeChecked();
      // The change's message shows in the sheet, not on the page behind it (inert while the sheet is
      // open): its Undo is clicked where it is seen.
      await panel.enabledSwitch('memo', controls).click();
      const message = sheet.getByRole('status').filter({ hasText: 'Turned off memo (User).' });
      await message.getByRole('button', { name: 'Undo', exact: true }).click();
      await expect(
        sheet.getByRole('status').filter({ hasText: 'Undone: Turned off memo (User).' }),
      ).toBeAttached();
      await expect(panel.enabledSwitch('memo', controls)).toBeChecked();

      await (await panel.rowMenuItem('memo', 'Logs memo', controls)).click();
      const logs = page.getByRole('dialog', { name: 'Logs of memo', exact: true });
      await expect(logs).toBeVisible();
      await logs.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(logs).toBeHidden();
      await expect(sheet).toBeVisible();

      await controls.getByRole('button', { name: 'Remove memo', exact: true }).click();
      await page
        .getByRole('dialog', { name: /memo/ })
        .getByRole('button', { name: 'Remove', exact: true })
        .click();
      await expect(sheet).toBeHidden();
      await expect(panel.serverRow('memo')).toHaveCount(0);
      // Made in the sheet, the message stays once it closes: on the page, with its Undo.
      await expect(
        page.getByRole('status').filter({ hasText: 'Removed memo' }).getByRole('button', { name: 'Undo' }),
      ).toBeVisible();
    });
  });
}

test("an edit of a project server made in its sheet: its message's Undo asks before changing .mcp.json again, in the sheet, and undoes it", async ({
  openPanel,
  page,
  world,
}) => {
  await seedServer(world, world.projectDir, {
    name: 'team',
    scope: 'project',
    command: 'node',
    args: ['team.js'],
  });
  const mcpJson = join(world.projectDir, '.mcp.json');
  const panel = await openPanel();
  const sheet = await panel.openSheet('team');
  const shared = page.getByRole('dialog', { name: 'Change a file your team shares?' });

  await sheet.getByRole('button', { name: 'Edit team', exact: true }).click();
  const form = sheet.getByRole('form', { name: 'Edit MCP server' });
  await form.getByRole('textbox', { name: 'Command', exact: true }).fill('deno');
  await form.getByRole('button', { name: 'Save changes', exact: true }).click();
  await shared.getByRole('button', { name: 'Change .mcp.json', exact: true }).click();
  await expect.poll(() => readFileSync(mcpJson, 'utf8')).toContain('"deno"');

  // The confirmation its Undo opens is the message's own: the message stays in the sheet meanwhile.
  const message = sheet.getByRole('status').filter({ hasText: 'team' });
  await message.getByRole('button', { name: 'Undo', exact: true }).click();
  await shared.getByRole('button', { name: 'Change .mcp.json', exact: true }).click();
  await expect(shared).toBeHidden();
  await expect(sheet.getByRole('status').filter({ hasText: /^Undone: / })).toBeAttached();
  await expect.poll(() => readFileSync(mcpJson, 'utf8')).toContain('"node"');
  await expect(sheet).toBeVisible();
});
