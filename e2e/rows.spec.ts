/// <reference lib="dom" />
// Callbacks given to page.evaluate run in the browser.
/**
 * Issue 18 at 30 servers, at 1280 and 390 px: one answer per row, dense one-line rows without
 * sideways scroll, details on demand, search / filter / sort / grouping with counts that follow,
 * words instead of config keys, sign-in only where OAuth applies, a switched-off server that can be
 * edited and removed. Screenshots of the main states go to
 * $SCREENS_DIR/rows-*.png (when set).
 */
import type { Page } from '@playwright/test';
import { type PanelPage, saveScreenshot } from './pages/PanelPage';
import { expect, test } from './support/fixtures';
import { SEEDED, seedThirtyServers } from './support/many-servers';

async function shoot(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, `rows-${name}`, { fullPage: false });
}

/** How far the page scrolls sideways, and the tallest server row. */
async function layout(page: Page) {
  return page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - window.innerWidth,
    tallestRow: Math.max(
      ...Array.from(document.querySelectorAll('tbody tr'))
        .filter((row) => row.querySelector('th[scope="row"]') !== null)
        .map((row) => Math.round(row.getBoundingClientRect().height)),
    ),
  }));
}

/** Writes the thirty servers, then opens the panel on them. */
async function seeded(
  openPanel: () => Promise<PanelPage>,
  world: Parameters<typeof seedThirtyServers>[0],
): Promise<PanelPage> {
  await seedThirtyServers(world);
  const panel = await openPanel();
  await expect(panel.serverTable.getByRole('rowheader')).toHaveCount(SEEDED.total);
  return panel;
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });

    test('30 servers: one answer per row, no sideways scroll, counts follow search and filter', async ({
      openPanel,
      page,
      world,
    }) => {
      const panel = await seeded(openPanel, world);
      const { overflow, tallestRow } = await layout(page);
      expect(overflow).toBe(0);
      if (width === 1280) {
        // Claude Code's answer and the command line wrap rather than being cut (e2e/row-layout.spec.ts):
        // at most two lines a row from 1280 px up (72 px); at 1024 px, the name over a command line
        // of three (112 px); never sideways scroll.
        expect(tallestRow).toBeLessThanOrEqual(72);
        for (const [other, tallest] of [
          [1024, 112],
          [1440, 72],
        ] as const) {
          await page.setViewportSize({ width: other, height: 800 });
          expect({ other, ...(await layout(page)) }).toEqual({
            other,
            overflow: 0,
            tallestRow: expect.any(Number) as unknown,
          });
          expect((await layout(page)).tallestRow).toBeLessThanOrEqual(tallest);
        }
        await page.setViewportSize({ width, height: 800 });
      }

      const verdict = (name: string) => panel.serverRow(name).getByRole('cell').nth(1);
      await expect(verdict(SEEDED.missingVariable)).toHaveText(
        'Needs youActive, but Claude Code would pass ${DATABASE_URL_FOR_E2E} on as text.Missing variable DATABASE_URL_FOR_E2E: set it where you start claude.',
      );
      await expect(verdict(SEEDED.awaitingTrust)).toContainText('Needs youPending approval');
      await expect(verdict(SEEDED.awaitingTrust)).toContainText(
        'Open claude in this folder once to trust it.',
      );
      await expect(panel.enabledSwitch(SEEDED.awaitingTrust)).toBeChecked();
      await expect(verdict(SEEDED.notApproved)).toContainText('Turn it on to approve it.');
      await expect(panel.enabledSwitch(SEEDED.notApproved)).not.toBeChecked();
      await expect(verdict(SEEDED.rejected)).toContainText("Won't loadRejected");
      await expect(verdict('memory')).toHaveText('LoadsActive in every project.');
      // Config keys and paths stay in the server's sheet.
      await expect(panel.serverTable).not.toContainText('enabledMcpjsonServers');
      await expect(panel.serverTable).not.toContainText('.claude.json');

      // Sign-in only where OAuth applies: a fixed Authorization header is how notion signs in.
      await expect(panel.serverRow(SEEDED.fixedAuthorization)).not.toContainText('Not signed in');
      await expect(
        await panel.rowMenuItem(SEEDED.fixedAuthorization, `Sign in ${SEEDED.fixedAuthorization}`),
      ).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(await panel.rowMenuItem(SEEDED.oauth, `Sign in ${SEEDED.oauth}`)).toBeVisible();
      await page.keyboard.press('Escape');

      await expect(panel.notLoadingFilter).toHaveText('Not loading (6)');
      await expect(page.getByRole('heading', { name: /^Servers/ })).toHaveText('Servers 30');
      await page.keyboard.press('/');
      const search = page.getByRole('searchbox', { name: 'Search servers' });
      await expect(search).toBeFocused();
      await page.keyboard.type('team');
      await expect(panel.serverTable.getByRole('rowheader')).toHaveCount(8);
      await expect(page.getByRole('heading', { name: /^Servers/ })).toHaveText('Servers 8 of 30');
      await expect(panel.notLoadingFilter).toHaveText('Not loading (3)');
      await panel.notLoadingFilter.click();
      await expect(panel.serverTable.getByRole('rowheader')).toHaveText([
        'team-docs',
        'team-legacy',
        'team-tracker',
      ]);
      await search.fill('');
      await expect(panel.notLoadingFilter).toHaveText('Not loading (6)');
      await panel.notLoadingFilter.click();
      await shoot(page, `not-loading-${width}-light`);
    });

    test('grouped by scope, sortable, and each row has no Details toggle: its name opens its sheet with the reason, file and key', async ({
      openPanel,
      page,
      world,
    }) => {
      const panel = await seeded(openPanel, world);
      await expect(
        panel.serverTable.getByRole('columnheader', { name: /^(Local|Project|User) \d+$/ }),
      ).toHaveText(['Local 7', 'Project 8', 'User 15']);
      await shoot(page, `list-${width}-light`);
      await page.emulateMedia({ colorScheme: 'dark' });
      await shoot(page, `list-${width}-dark`);
      await page.emulateMedia({ colorScheme: 'light' });

      await page.getByRole('combobox', { name: 'Sort' }).selectOption('attention');
      await page.getByRole('switch', { name: 'Group by scope' }).click();
      await expect(panel.serverTable.getByRole('rowheader').first()).toHaveText(SEEDED.awaitingTrust);

      // One place for a server's details: its sheet, not a second copy under the row.
      await expect(page.getByRole('button', { name: /^Details / })).toHaveCount(0);
      const sheet = await panel.openSheet(SEEDED.awaitingTrust);
      await expect(sheet).toContainText('hasTrustDialogAccepted is not true');
      await expect(sheet).toContainText('.mcp.json');
      expect((await layout(page)).overflow).toBe(0);
      await shoot(page, `sheet-${width}-light`);
      await page.emulateMedia({ colorScheme: 'dark' });
      await shoot(page, `sheet-${width}-dark`);
    });

    test('a switched-off server can be edited and removed for good without switching it on', async ({
      openPanel,
      page,
      world,
    }) => {
      const panel = await seeded(openPanel, world);
      const name = SEEDED.switchedOff;
      await expect(panel.serverRow(name)).toContainText("Won't loadDisabled");
      await expect(panel.editButton(name)).toBeEnabled();
      await panel.editButton(name).click();
      await expect(panel.editForm.root).toBeVisible();
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();

      await panel.removeServer(name);
      await expect(panel.serverRow(name)).toHaveCount(0);
      await expect(panel.serverTable.getByRole('rowheader')).toHaveCount(SEEDED.total - 1);
      await expect(panel.enabledSwitch(name)).toHaveCount(0);
    });
  });
}
