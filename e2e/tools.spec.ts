/**
 * Issue 29's tool list: a checked server with 40 tools fits in a few screens (at most 100 px a
 * tool), and arrow keys move through a tool's `Permission for <tool>` choices without writing each
 * one or losing focus; Space writes the choice. At a desktop and a phone width.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MCP_SERVER_SCRIPTS } from '@mcp-admin/core/testing';
import { expect, test } from './support/fixtures';
import { seedServer } from './support/seed';

const WIDTHS = [
  { label: '1280', width: 1280, height: 800 },
  { label: '390', width: 390, height: 844 },
] as const;

const TOOL_NAMES = Array.from({ length: 40 }, (_, index) => `tool_${String(index + 1)}`);

for (const { label, width, height } of WIDTHS) {
  test.describe(`at ${label} px`, () => {
    test.use({ viewport: { width, height } });

    test("40 tools take at most 100 px each; arrows move a tool's choice without writing it or losing focus, Space writes it", async ({
      openPanel,
      world,
      page,
    }) => {
      await seedServer(world, world.projectDir, {
        name: 'many',
        scope: 'user',
        command: process.execPath,
        args: [MCP_SERVER_SCRIPTS.toolsFromEnv],
        env: { TOOL_NAMES: TOOL_NAMES.join(',') },
      });
      const panel = await openPanel();
      await panel.checkButton('many').click();
      await expect(panel.serverRow('many')).toContainText('Connected');
      // The tools are in the server's sheet; a long list waits behind its summary.
      const sheet = await panel.openSheet('many');
      await sheet.getByText('40 tools', { exact: true }).click();
      const tools = sheet.getByRole('list', { name: 'Tools' }).getByRole('listitem');
      await expect(tools).toHaveCount(40);
      const heights = await tools.evaluateAll((items) =>
        items.map((item) => item.getBoundingClientRect().height),
      );
      expect(Math.max(...heights)).toBeLessThanOrEqual(100);
      await panel.screenshot(`tools-40-${label}`, { fullPage: false });

      const group = sheet.getByRole('group', { name: 'Permission for tool_1', exact: true });
      const settings = join(world.projectDir, '.claude', 'settings.local.json');
      await group.getByRole('radio', { name: 'Default' }).focus();
      await page.keyboard.press('ArrowLeft');
      await expect(group.getByRole('radio', { name: 'Deny' })).toBeChecked();
      await expect(group.getByRole('radio', { name: 'Deny' })).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      await expect(group.getByRole('radio', { name: 'Ask' })).toBeFocused();
      await expect(group.getByRole('radio', { name: 'Ask' })).toBeChecked();
      expect(existsSync(settings)).toBe(false);

      await page.keyboard.press('Space');
      await expect(group).toContainText(`Asks first by mcp__many__tool_1 in ${settings}`);
      expect(JSON.parse(readFileSync(settings, 'utf8'))).toEqual({
        permissions: { ask: ['mcp__many__tool_1'] },
      });
      await expect(group.getByRole('radio', { name: 'Ask' })).toBeFocused();
      // One change written, not one per arrow.
      await panel.closeSheet();
      await panel.showView('History');
      await expect(panel.historyEntry('Changed tool permissions of many')).toHaveCount(1);
      await panel.showView('Servers');
      await panel.openSheet('many');
      await sheet.getByText('40 tools', { exact: true }).click();

      // Leaving the group writes the choice moved to.
      await group.getByRole('radio', { name: 'Ask' }).focus();
      await page.keyboard.press('ArrowLeft');
      await expect(group.getByRole('radio', { name: 'Allow' })).toBeChecked();
      await page.keyboard.press('Tab');
      await expect(group).toContainText(`Allowed by mcp__many__tool_1 in ${settings}`);
      expect(JSON.parse(readFileSync(settings, 'utf8'))).toEqual({
        permissions: { allow: ['mcp__many__tool_1'] },
      });
    });
  });
}
