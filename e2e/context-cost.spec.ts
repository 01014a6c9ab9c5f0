/**
 * Issue 29's Context cost view: a total that says what it leaves out with `Check them`, a failed
 * check never shown as "no tools", `Turn off in this project` doing exactly that, and one compact
 * table line a server. At a desktop width: the view's phone layout (no name broken inside a word)
 * is the subject of look.spec.ts at 390 px.
 */
import type { AddServerInput } from '@mcp-admin/core';
import { MCP_SERVER_SCRIPTS } from '@mcp-admin/core/testing';
import { expect, test } from './support/fixtures';
import { seedServer } from './support/seed';

// `Turn off in this project` is Claude Code's `/mcp` toggle (its control protocol): the real CLI.
test.use({ claudeCli: 'real' });

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

/** A stdio server that exits at once: its check fails. */
const brokenServer: AddServerInput = {
  name: 'broken',
  scope: 'user',
  command: process.execPath,
  args: ['-e', 'process.exit(1)'],
};

// Not at 390 px too: that run repeated the same behaviour (and real CLI calls) and checked nothing
// the width changes.
const WIDTHS = [{ label: '1280', width: 1280, height: 800 }] as const;

for (const { label, width, height } of WIDTHS) {
  test.describe(`at ${label} px`, () => {
    test.use({ viewport: { width, height } });

    // Tokens of each definition (packages/mcp-core/test/check/tool-tokens.test.ts): files' read_file
    // 32 and write_file 33 (65 in all), notes' a 27.
    test('the total says which servers it leaves out, "Check them" checks them, a failed check is "failed" not "no tools", "Tools of files" opens its sheet at its tools where one is denied, and "Turn off in this project" turns the server off in this project', async ({
      openPanel,
      world,
      page,
    }) => {
      await seedServer(world, world.projectDir, toolsServer('files', ['read_file', 'write_file']));
      await seedServer(world, world.projectDir, toolsServer('notes', ['a']));
      await seedServer(world, world.projectDir, brokenServer);
      const panel = await openPanel();
      const region = panel.viewRegion('Context cost');
      const table = region.getByRole('table', { name: 'Servers by cost' });
      const costRow = (name: string) =>
        table
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name} `) }) });

      await panel.checkButton('files').click();
      await expect(panel.serverRow('files')).toContainText('Connected');
      await panel.showView('Context cost');
      await expect(region).toContainText(
        'Claude Code loads ≈ 65 tokens from 1 checked server; 2 loaded servers not checked yet — Check them',
      );
      await expect(table.getByRole('columnheader')).toHaveText(['Server', 'Tools', 'Tokens', 'Action']);
      await expect(costRow('notes')).toContainText('Not checked yet');

      await region.getByRole('button', { name: 'Check them', exact: true }).click();
      await expect(region).toContainText(
        'Claude Code loads ≈ 92 tokens from 2 checked servers; 1 server whose last check failed, so its tools are not counted',
      );
      await expect(region.getByRole('button', { name: 'Check them' })).toHaveCount(0);
      await expect(costRow('broken')).toContainText('Last check failed: tools not counted');
      await expect(costRow('broken')).not.toContainText(/no tools/i);
      await expect(costRow('files').getByRole('cell')).toHaveText(['2', '≈ 65', 'Turn off in this project']);
      await expect(costRow('notes').getByRole('cell')).toHaveText(['1', '≈ 27', 'Turn off in this project']);
      // Most costly first.
      await expect(table.getByRole('rowheader')).toHaveText([/^files /, /^notes /, /^broken /]);
      await panel.screenshot(`context-cost-${label}`, { fullPage: true });

      // Its line's `Tools of files` opens its sheet at its tools, where one is denied; Back returns here.
      await costRow('files').getByRole('link', { name: 'Tools of files', exact: true }).click();
      const sheet = page.getByRole('dialog', { name: 'files', exact: true });
      const tools = sheet.getByRole('region', { name: 'Tools', exact: true });
      await expect(tools.getByRole('heading', { name: 'Tools', exact: true })).toBeFocused();
      const writeFile = tools.getByRole('group', { name: 'Permission for write_file', exact: true });
      await writeFile.getByRole('radio', { name: 'Deny', exact: true }).click();
      await expect(writeFile).toContainText('Denied');
      await page.goBack();
      await expect(sheet).toBeHidden();
      await expect(costRow('files').getByRole('cell')).toHaveText(['1', '≈ 32', 'Turn off in this project']);

      const turnOff = costRow('files').getByRole('button', { name: 'Turn off in this project', exact: true });
      await expect(turnOff).toHaveAccessibleDescription(/^files /);
      await turnOff.click();
      await expect(costRow('files')).toContainText('Not loaded in this project: costs nothing');
      await expect(region).toContainText('Claude Code loads ≈ 27 tokens from 1 checked server;');
      // Claude Code's per-project off, as the row's switch reads it back: the lasting switch is untouched.
      await panel.showView('Servers');
      const filesRow = panel.serverRow('files');
      await expect(
        filesRow.getByRole('switch', { name: 'In this project files', exact: true }),
      ).not.toBeChecked();
      await expect(panel.enabledSwitch('files')).toBeChecked();

      // Kept across a reload of the panel: nothing is checked again.
      await panel.reload();
      await panel.showView('Context cost');
      await expect(region).toContainText('Claude Code loads ≈ 27 tokens from 1 checked server;');
    });
  });
}
