/// <reference lib="dom" />
// Callbacks given to page.evaluate run in the browser.
/**
 * Issue 29, "The row at 1280 px": with 30 servers, every name and Claude Code's answer read in full
 * (wrapped, never cut), the controls in one aligned column with the rarer actions in the ARIA menu
 * `More actions for <name>`, the message after a change over no row's controls, and columns that stay
 * put while Check all fills the rows. At a desktop
 * and a phone width. Screenshots go to $SCREENS_DIR/row-layout-*.png when it is set.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { MCP_SERVER_SCRIPTS } from '@mcp-admin/core/testing';
import { saveScreenshot } from './pages/PanelPage';
import { expect, test } from './support/fixtures';
import { SEEDED, seedThirtyServers } from './support/many-servers';

/** Of each server row: whether its name cell and its verdict cell (or anything in them) are cut. */
async function cutCells(page: Page) {
  return page.evaluate(() => {
    const partsOf = (element: Element): Element[] => [element, ...Array.from(element.querySelectorAll('*'))];
    const cut = (element: Element) =>
      partsOf(element).some(
        (part) => part.scrollWidth > part.clientWidth + 1 || part.scrollHeight > part.clientHeight + 1,
      );
    // A clamp or an ellipsis anywhere in a cell would cut it too.
    const clamped = (element: Element) =>
      partsOf(element).some((part) => {
        const style = getComputedStyle(part);
        return style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none';
      });
    const rows = Array.from(document.querySelectorAll<HTMLTableRowElement>('tbody tr')).filter(
      (row) => row.querySelector('th[scope="row"]') !== null,
    );
    const nameOf = (row: HTMLTableRowElement): Element => row.cells.item(0) ?? row;
    const verdictOf = (row: HTMLTableRowElement): Element => row.cells.item(2) ?? row;
    // Where it is kept, its transport and its command line or URL, under the name.
    const commandOf = (row: HTMLTableRowElement): Element => row.cells.item(1) ?? row;
    return {
      rows: rows.length,
      names: rows.filter((row) => cut(nameOf(row))).length,
      verdicts: rows.filter((row) => cut(verdictOf(row))).length,
      clamped: rows.filter((row) => clamped(verdictOf(row))).length,
      commands: rows.filter((row) => cut(commandOf(row)) || clamped(commandOf(row))).length,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
}

/** The left edge of each row's named control, rounded. */
async function lefts(page: Page, names: readonly string[], label: (name: string) => string) {
  const xs: number[] = [];
  for (const name of names) {
    const box = await page.getByRole('button', { name: label(name), exact: true }).boundingBox();
    xs.push(Math.round(box?.x ?? -1));
  }
  return xs;
}

/**
 * The row controls in view that `cover` overlaps: any row's on a desktop; on a phone, the last row's
 * once the page is scrolled to its end.
 */
async function controlsUnder(page: Page, cover: Locator): Promise<string[]> {
  const box = await cover.boundingBox();
  if (box === null) throw new Error('the message is not shown');
  return page.evaluate((covering) => {
    const rows = Array.from(document.querySelectorAll<HTMLTableRowElement>('tbody tr')).filter(
      (row) => row.querySelector('th[scope="row"]') !== null,
    );
    const phone = window.innerWidth < 600;
    if (phone) window.scrollTo(0, document.documentElement.scrollHeight);
    const shown = phone ? rows.slice(-1) : rows;
    const controls = shown.flatMap((row) =>
      Array.from(row.querySelectorAll<HTMLElement>('button, [role="switch"]')),
    );
    return controls
      .filter((control) => {
        const rect = control.getBoundingClientRect();
        const inView = rect.bottom > 0 && rect.top < window.innerHeight;
        return (
          inView &&
          rect.right > covering.x &&
          rect.left < covering.x + covering.width &&
          rect.bottom > covering.y &&
          rect.top < covering.y + covering.height
        );
      })
      .map((control) => control.getAttribute('aria-label') ?? control.textContent);
  }, box);
}

const WRITABLE = ['memory', 'postgres', 'filesystem', 'team-docs', 'team-legacy', 'old-search'];

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });

    test('30 servers: every name, verdict and command line reads in full, never cut with an ellipsis, and the controls line up in one column', async ({
      openPanel,
      page,
      world,
    }) => {
      await seedThirtyServers(world);
      const panel = await openPanel();
      await expect(panel.serverTable.getByRole('rowheader')).toHaveCount(SEEDED.total);

      const widths = width === 1280 ? [1280, 1440, 1024] : [390];
      for (const shown of widths) {
        await page.setViewportSize({ width: shown, height: 800 });
        const cut = await cutCells(page);
        // At most 10% of verdicts may be cut at 1280 px and none at 1440: none is, at any width.
        expect({ shown, ...cut }).toEqual({
          shown,
          rows: SEEDED.total,
          names: 0,
          verdicts: 0,
          clamped: 0,
          commands: 0,
          overflow: 0,
        });
      }
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await saveScreenshot(page, `row-layout-${width}`, { fullPage: false });

      // Check, Edit, Remove and the menu: one column, each at the same x in every row.
      for (const action of ['Check', 'Edit', 'Remove', 'More actions for']) {
        const xs = await lefts(page, WRITABLE, (name) => `${action} ${name}`);
        expect(new Set(xs).size, `${action}: ${xs.join(', ')}`).toBe(1);
      }
      // A read-only row has no Edit or Remove, but its menu sits in the same column.
      // Each switch says in words what it does: the switches' column is not an empty gap.
      for (const name of WRITABLE) {
        await expect(panel.enabledSwitch(name)).toBeVisible();
        await expect(panel.serverRow(name).locator('.row-switches')).toContainText(/\b(On|Off)\b/);
      }
      await expect(page.getByRole('switch', { name: 'In this project memory', exact: true })).toBeVisible();
      // Logs and Sign in are in the menu, not beside the buttons.
      await expect(page.getByRole('button', { name: /^(Logs|Sign in|Sign out) / })).toHaveCount(0);

      // The message after a change leaves every control clickable: on a desktop it covers none
      // in view; on a phone, where it takes the width, the page scrolls the last row clear of it.
      await panel.enabledSwitch('memory').click();
      // The status region holds the card the user sees.
      const toast = page.getByRole('status').filter({ hasText: 'Turned off memory' }).locator('.toast-card');
      await expect(toast).toBeVisible();
      await expect.poll(() => controlsUnder(page, toast)).toEqual([]);

      // Also with the add form open, beside the narrower list on a desktop and above it on a phone.
      await panel.openAddForm();
      await panel.enabledSwitch('postgres').click();
      const next = page.getByRole('status').filter({ hasText: 'Turned off postgres' }).locator('.toast-card');
      await expect(next).toBeVisible();
      await expect.poll(() => controlsUnder(page, next)).toEqual([]);
    });

    test('More actions for <name> is an ARIA menu: arrows move, Escape closes it and gives focus back, a chosen item acts', async ({
      openPanel,
      page,
      world,
    }) => {
      await seedThirtyServers(world);
      const panel = await openPanel();
      const button = panel.moreActions(SEEDED.oauth);
      await expect(button).toHaveAttribute('aria-haspopup', 'menu');
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await button.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: `More actions for ${SEEDED.oauth}`, exact: true });
      await expect(menu).toBeVisible();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      const items = menu.getByRole('menuitem');
      await expect(items).toHaveText(['Logs', 'Sign in']);
      const logs = menu.getByRole('menuitem', { name: `Logs ${SEEDED.oauth}`, exact: true });
      const signIn = menu.getByRole('menuitem', { name: `Sign in ${SEEDED.oauth}`, exact: true });
      await expect(logs).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(signIn).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(logs).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await expect(signIn).toBeFocused();
      await page.keyboard.press('Home');
      await expect(logs).toBeFocused();
      await saveScreenshot(page, `row-layout-menu-${width}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();
      await expect(button).toHaveAttribute('aria-expanded', 'false');

      // ArrowUp opens it on its last item; Enter on an item acts, and the dialog hands focus back.
      await page.keyboard.press('ArrowUp');
      await expect(signIn).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await expect(menu).toBeHidden();
      const dialog = page.getByRole('dialog', { name: `Logs of ${SEEDED.oauth}` });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();

      // A click elsewhere closes it too.
      await button.click();
      await expect(menu).toBeVisible();
      await page.getByRole('heading', { name: /^Servers/ }).click();
      await expect(menu).toBeHidden();
    });

    test('columns stay put while Check all fills the rows', async ({ openPanel, page, world }) => {
      const tools = (names: string) => ({
        type: 'stdio',
        command: process.execPath,
        args: [MCP_SERVER_SCRIPTS.toolsFromEnv],
        env: { TOOL_NAMES: names },
      });
      await mkdir(dirname(world.configPath), { recursive: true });
      await writeFile(
        world.configPath,
        JSON.stringify({
          mcpServers: {
            quick: tools('a,b,c'),
            broken: { type: 'stdio', command: process.execPath, args: ['-e', 'process.exit(1)'], env: {} },
            slow: {
              type: 'stdio',
              command: process.execPath,
              args: [MCP_SERVER_SCRIPTS.answersAfterDelay],
              env: { DELAY_MS: '3000' },
            },
          },
        }),
      );
      const panel = await openPanel();
      const positions = () =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll('tbody tr'))
            .filter((row) => row.querySelector('th[scope="row"]') !== null)
            .map((row) =>
              Array.from(row.children)
                .filter((cell) => !cell.classList.contains('details-cell'))
                .map((cell) => {
                  const box = cell.getBoundingClientRect();
                  return `${Math.round(box.x)}:${Math.round(box.width)}`;
                })
                .join(' '),
            ),
        );
      await expect(panel.serverTable.getByRole('rowheader')).toHaveCount(3);
      const before = await positions();

      await panel.checkAllButton.click();
      // The quick one answered, the slow one not yet (it answers 3 s after it loaded).
      await expect(panel.serverRow('quick')).toContainText('3 tools');
      await expect(panel.serverRow('slow')).toContainText(/Checking… \d+ s/);
      const during = await positions();
      await expect(panel.serverRow('slow')).toContainText('Connected', { timeout: 30_000 });
      await expect(panel.serverRow('broken')).toContainText('Failed');
      const after = await positions();
      expect({ during, after }).toEqual({ during: before, after: before });
    });
  });
}
