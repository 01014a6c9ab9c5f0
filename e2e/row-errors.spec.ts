/**
 * Issue 29, "The row at 1280 px" and "Keyboard and errors": an error about a row is a full-width line
 * under it in plain words (never in the switch's cell), a row the team's settings turn off never
 * offers "Turn it on", the check the server kept shows in the row after a reload, a lost connection
 * makes a failed action say so once and leaves nothing stale once it is back, the paste box starts
 * empty after each add, and a busy control keeps focus. Where the error line goes is checked at a
 * desktop and a phone width, the rest (behaviour no width changes) at a desktop width; the world is
 * seeded by writing its files.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { MCP_SERVER_SCRIPTS } from '@mcp-admin/core/testing';
import type { PanelPage } from './pages/PanelPage';
import { holdRequests } from './support/held-requests';
import type { ServerProcess } from './support/server-process';
import { expect, test } from './support/fixtures';

async function writeJson(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
}

const toolsServer = (names: string) => ({
  type: 'stdio',
  command: process.execPath,
  args: [MCP_SERVER_SCRIPTS.toolsFromEnv],
  env: { TOOL_NAMES: names },
});

/**
 * Opens the panel on one server with the change message's code (the files ending in `endings`),
 * asked for as the panel starts, held until the server is stopped: they fail, and the connection
 * shows lost.
 */
async function openWithChangeMessageLost(
  page: Page,
  {
    openPanel,
    server,
    world,
  }: {
    openPanel: () => Promise<PanelPage>;
    server: Pick<ServerProcess, 'stop'>;
    world: { configPath: string };
  },
  endings: readonly ('js' | 'css')[],
): Promise<{ panel: PanelPage; lost: Locator }> {
  await writeJson(world.configPath, { mcpServers: { first: toolsServer('a') } });
  const isHeld = (path: string) =>
    endings.some((ending) => new RegExp(`/assets/ChangeToast-[\\w-]+\\.${ending}$`).test(path));
  const release = await holdRequests(page, (url) => isHeld(url.pathname));
  const panel = await openPanel();

  await server.stop();
  const lost = page.getByRole('alert').filter({ hasText: 'Connection to MCP Admin lost' });
  await expect(lost).toBeVisible();
  const failed = endings.map((ending) =>
    page.waitForEvent(
      'requestfailed',
      (request) => isHeld(new URL(request.url()).pathname) && request.url().endsWith(`.${ending}`),
    ),
  );
  release();
  await Promise.all(failed);
  return { panel, lost };
}

/** Pastes `text` into the box as the browser does (a paste event carrying it). */
async function paste(box: Locator, text: string): Promise<void> {
  await box.focus();
  await box.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

const TEAM_WORDS = "the team's .claude/settings.json turns it off; a personal approval can't override that";

// Where the line goes depends on the width (a phone's row is a card): both widths.
for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });

    test("a server the team's settings turn off says so in plain words, in its row and its sheet, and turning it on fails on a full-width line under the row, not in the switch's cell", async ({
      openPanel,
      page,
      world,
    }) => {
      await writeJson(join(world.projectDir, '.mcp.json'), { mcpServers: { shared: toolsServer('a') } });
      await writeJson(join(world.projectDir, '.claude', 'settings.json'), {
        disabledMcpjsonServers: ['shared'],
      });
      const panel = await openPanel();
      const row = panel.serverRow('shared');
      await expect(row.getByRole('cell').nth(1)).toHaveText(`Won't loadRejected: ${TEAM_WORDS}.`);
      await expect(row).not.toContainText('Turn it on');

      const toggle = panel.enabledSwitch('shared');
      await toggle.focus();
      await page.keyboard.press('Space');
      const alert = row.getByRole('alert');
      await expect(alert).toHaveText(`Not turned on: ${TEAM_WORDS}. Nothing was changed.`);
      await expect(toggle).toBeFocused();
      await expect(toggle).not.toBeChecked();
      await expect(row).not.toContainText('disabledMcpjsonServers');
      // Its own line: the whole row's width, under the row's cells, none of them holding it.
      const cells = row.locator(':scope > th, :scope > td:not(.row-error-cell)');
      await expect(cells.getByRole('alert')).toHaveCount(0);
      const [rowBox, alertBox, switchBox] = await Promise.all([
        row.boundingBox(),
        alert.boundingBox(),
        toggle.boundingBox(),
      ]);
      expect(alertBox?.width ?? 0).toBeGreaterThan((rowBox?.width ?? 0) * 0.9);
      expect(alertBox?.y ?? 0).toBeGreaterThan((switchBox?.y ?? 0) + (switchBox?.height ?? 0));
      await panel.screenshot(`row-errors-team-${width}`, { fullPage: false });

      // Its sheet gives the same answer as its row.
      await row.getByRole('link', { name: 'shared', exact: true }).click();
      const sheet = page.getByRole('dialog', { name: 'shared', exact: true });
      await expect(sheet).toContainText(`Rejected: ${TEAM_WORDS}.`);
      await expect(sheet).not.toContainText('turned off for this project');
    });
  });
}

// Not at 390 px too: that run repeated the same behaviour (a kept check, a lost connection, focus,
// the paste box) and checked nothing the width changes.
for (const width of [1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('the check the server kept shows in the row after a reload, how it ended included, as Context cost counts it', async ({
      openPanel,
      world,
    }) => {
      await writeJson(world.configPath, {
        mcpServers: {
          kept: toolsServer('one,two'),
          never: toolsServer('x'),
          broken: { type: 'stdio', command: process.execPath, args: ['-e', 'process.exit(3)'] },
        },
      });
      const panel = await openPanel();
      await panel.checkButton('kept').click();
      await expect(panel.serverRow('kept')).toContainText('2 tools');
      await panel.checkButton('broken').click();
      await expect(panel.serverRow('broken').getByRole('cell').nth(2)).toContainText('Failed');

      await panel.reload();
      const connection = panel.serverRow('kept').getByRole('cell').nth(2);
      await expect(connection).toContainText(/^Connected2 tools · (just now|\d+ min ago)$/);
      await expect(panel.serverRow('broken').getByRole('cell').nth(2)).toHaveText(
        /^Failedchecked (just now|\d+ min ago)$/,
      );
      await expect(panel.serverRow('never').getByRole('cell').nth(2)).toHaveText('Not checked');
      await panel.showView('Context cost');
      const costRow = panel
        .viewRegion('Context cost')
        .getByRole('row')
        .filter({ has: panel.page.getByRole('rowheader', { name: /^kept / }) });
      await expect(costRow.getByRole('cell').first()).toHaveText('2');
    });

    test('while the connection is lost a failed change says so once, and no error is left once it is back', async ({
      openPanel,
      page,
      server,
      world,
    }) => {
      await writeJson(world.configPath, {
        mcpServers: { first: toolsServer('a'), second: toolsServer('b') },
      });
      const panel = await openPanel();
      await expect(panel.serverTable.getByRole('rowheader')).toHaveCount(2);

      await server.stop();
      const lost = page.getByRole('alert').filter({ hasText: 'Connection to MCP Admin lost' });
      await expect(lost).toBeVisible();
      await panel.enabledSwitch('first').click();
      await expect(panel.serverRow('first').getByRole('alert')).toContainText(
        'MCP Admin could not be reached',
      );
      await expect(page.getByRole('alert')).toHaveCount(2);
      // Another failure replaces it: still the connection alert and one more.
      await panel.enabledSwitch('second').click();
      await expect(panel.serverRow('second').getByRole('alert')).toContainText(
        'MCP Admin could not be reached',
      );
      await expect(panel.serverRow('first').getByRole('alert')).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(2);
      await panel.screenshot(`row-errors-lost-${width}`, { fullPage: false });

      await server.restart();
      await expect(lost).toHaveCount(0, { timeout: 20_000 });
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(panel.enabledSwitch('first')).toBeChecked();
    });

    test('code that could not load while the connection is lost adds no alert, and loads by itself once the server is back', async ({
      page,
      openPanel,
      server,
      world,
    }) => {
      const { panel, lost } = await openWithChangeMessageLost(page, { openPanel, server, world }, ['js']);
      await expect(page.getByRole('alert')).toHaveCount(1);
      await expect(page.getByText('Could not load the change message')).toHaveCount(0);

      await server.restart();
      await expect(lost).toHaveCount(0, { timeout: 20_000 });
      await expect(page.getByRole('alert')).toHaveCount(0);
      // Its code came: a change says what happened.
      await panel.enabledSwitch('first').click();
      await expect(page.getByRole('status').getByText('Turned off first (User).')).toBeVisible();
    });

    test('code and its stylesheet that could not load while the connection is lost load by themselves once the server is back: the change message shows styled', async ({
      page,
      openPanel,
      server,
      world,
    }) => {
      const { panel, lost } = await openWithChangeMessageLost(page, { openPanel, server, world }, [
        'js',
        'css',
      ]);

      await server.restart();
      await expect(lost).toHaveCount(0, { timeout: 20_000 });
      await panel.enabledSwitch('first').click();
      await expect(page.getByRole('status').getByText('Turned off first (User).')).toBeVisible();
      // Its own stylesheet applies: the message floats over the page's bottom edge.
      await expect(page.locator('.toast-card')).toHaveCSS('position', 'fixed');
    });

    test('a switch that is saving stays focused and says it is busy instead of turning disabled', async ({
      openPanel,
      page,
      world,
    }) => {
      await writeJson(world.configPath, { mcpServers: { held: toolsServer('a') } });
      const panel = await openPanel();
      const release = await holdRequests(page, (url) => url.pathname.includes('mcp.disable'));
      const toggle = panel.enabledSwitch('held');
      await toggle.focus();
      await page.keyboard.press('Space');
      await expect(toggle).toHaveAttribute('aria-disabled', 'true');
      await expect(toggle).toHaveAttribute('aria-busy', 'true');
      // Not the `disabled` attribute, which would drop the focus.
      await expect(toggle).not.toHaveAttribute('disabled');
      await expect(toggle).toBeFocused();
      release();
      await expect(panel.serverRow('held')).toContainText("Won't load");
      await expect(toggle).not.toHaveAttribute('aria-disabled');
      // Landed, the entry lives in MCP Admin's stash and its row is drawn anew: focus is still on its switch.
      await expect(toggle).toBeFocused();
    });

    test('after Add server the paste box is empty and the next paste fills the form', async ({ panel }) => {
      // An add is a CLI call: on a loaded machine it may take a while.
      test.slow();
      const form = await panel.openAddForm();
      const box = form.root.getByRole('textbox', { name: 'Paste a command or JSON', exact: true });
      await paste(box, 'claude mcp add --scope user first -- node first.js');
      await expect(form.name).toHaveValue('first');
      await form.submit.click();
      await expect(panel.serverRow('first')).toBeVisible();

      await expect(box).toHaveValue('');
      await paste(box, 'claude mcp add --scope user second -- node second.js');
      await expect(form.name).toHaveValue('second');
      await expect(form.command).toHaveValue('node');
      await expect(form.arguments).toHaveValue('second.js');
      await expect(box).toHaveValue('claude mcp add --scope user second -- node second.js');
    });
  });
}
