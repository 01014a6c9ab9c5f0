/**
 * Issue 29's keyboard points: a button that starts something shows it is busy and keeps focus
 * (never disabled under the user's focus). At a desktop width: focus and busy state do not depend on
 * the width (a phone's rows are the subject of rows.spec.ts and row-layout.spec.ts).
 */
import { MCP_SERVER_SCRIPTS } from '@mcp-admin/core/testing';
import { seedServer } from './support/seed';
import { expect, test } from './support/fixtures';

// Not at 390 px too: that run repeated the same keyboard behaviour and checked nothing the width changes.
for (const width of [1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });

    test('Check and Check all stay focused and say they are busy while they run, instead of turning disabled', async ({
      openPanel,
      page,
      world,
    }) => {
      await seedServer(world, world.projectDir, {
        name: 'slow',
        scope: 'user',
        command: process.execPath,
        args: [MCP_SERVER_SCRIPTS.answersAfterDelay],
        env: { DELAY_MS: '1500' },
      });
      const panel = await openPanel();
      const check = panel.checkButton('slow');
      await check.focus();
      await page.keyboard.press('Enter');
      await expect(check).toHaveAttribute('aria-disabled', 'true');
      await expect(check).toBeFocused();
      await expect(panel.serverRow('slow')).toContainText('Connected', { timeout: 30_000 });
      await expect(check).not.toHaveAttribute('aria-disabled');
      await expect(check).toBeFocused();

      await panel.checkAllButton.focus();
      await page.keyboard.press('Enter');
      await expect(panel.checkAllButton).toHaveAttribute('aria-disabled', 'true');
      await expect(panel.checkAllButton).toBeFocused();
      await expect(page.getByRole('status').filter({ hasText: 'checked' })).toContainText('1 of 1 checked', {
        timeout: 30_000,
      });
      await expect(panel.checkAllButton).toBeFocused();
    });
  });
}
