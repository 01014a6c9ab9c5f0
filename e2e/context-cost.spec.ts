import type { AddServerInput } from '@mcp-admin/core';
import { MCP_SERVER_SCRIPTS } from '@mcp-admin/core/testing';
import { expect, test } from './support/fixtures';
import { addWithCli } from './support/claude-cli';

/** A stdio server (the fixture script) whose tools are named by `toolNames`. */
function toolsServer(name: string, toolNames: string[]): AddServerInput {
  return {
    name,
    scope: 'user',
    command: process.execPath,
    args: [MCP_SERVER_SCRIPTS.toolsFromEnv],
    env: { TOOL_NAMES: toolNames.join(',') },
  };
}

// Tokens of each definition (packages/mcp-core/test/check/tool-tokens.test.ts): files' read_file
// 32 and write_file 33 (65 in all), notes' a 27.
test('Context cost ranks the checked servers, totals what Claude Code loads, and "Turning files off" is one click from its switch', async ({
  panel,
  world,
  page,
}) => {
  await addWithCli(world, world.projectDir, toolsServer('files', ['read_file', 'write_file']));
  await addWithCli(world, world.projectDir, toolsServer('notes', ['a']));
  await panel.reload();
  const region = page.getByRole('region', { name: 'Context cost', exact: true });
  const ranked = region.getByRole('list', { name: 'Servers by cost' }).getByRole('listitem');
  await panel.showView('Context cost');
  await expect(ranked.filter({ hasText: 'files' })).toContainText('Not checked yet');
  await panel.showView('Servers');

  await panel.checkButton('notes').click();
  await panel.checkButton('files').click();
  // Each item goes on with the tool's permission (see permissions.spec.ts).
  await expect(
    panel.serverRow('files').getByRole('list', { name: 'Tools' }).getByRole('listitem'),
  ).toHaveText([/^read_fileTool read_file≈ 32 tokens/, /^write_fileTool write_file≈ 33 tokens/]);

  await panel.showView('Context cost');
  await expect(ranked.first()).toContainText('files');
  await expect(ranked.first()).toContainText('≈ 65 tokens, 2 tools');
  await expect(ranked.nth(1)).toContainText('≈ 27 tokens, 1 tool');
  await expect(region).toContainText(
    'Claude Code loads ≈ 92 tokens of MCP tool definitions in this project (estimate): 0.1% of a 200,000-token context window.',
  );
  await expect(region).toContainText('Under 20,000 tokens (10% of the window)');
  await expect(region).toContainText('Under 25,000 tokens, where /doctor warns');

  await region.getByRole('button', { name: 'Turning files off saves ≈ 65 tokens' }).click();
  await expect(panel.enabledSwitch('files')).toBeFocused();
  await expect(panel.viewLink('Servers')).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Space');
  await expect(panel.enabledSwitch('files')).not.toBeChecked();
  await panel.showView('Context cost');

  // Off, it costs nothing; its kept check still says what it would cost (the stash holds the same entry).
  await expect(ranked.filter({ hasText: 'files' })).toContainText(
    'Not loaded in this project: costs nothing.',
  );
  await expect(ranked.filter({ hasText: 'files' })).toContainText('≈ 65 tokens, 2 tools');
  await expect(region).toContainText('Claude Code loads ≈ 27 tokens');
  await panel.screenshot('context-cost', { fullPage: true });

  // Kept across a reload of the panel: nothing is checked again.
  await panel.reload();
  await expect(region).toContainText('Claude Code loads ≈ 27 tokens');
});
