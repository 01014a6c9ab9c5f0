/**
 * Screenshots of every view for looking at the design (issue 29), not a test: skipped unless
 * SCREENS_DIR names where to save them. Thirty servers, at 1280 and 390 px, light and dark:
 *   SCREENS_DIR=/work/notes/screens pnpm exec playwright test e2e/screenshots.spec.ts
 * `servers-1280-light.png` is what docs/panel.png shows.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ViewName } from './pages/PanelPage';
import { expect, test } from './support/fixtures';
import { seedThirtyServers } from './support/many-servers';

const SCREENS_DIR = process.env.SCREENS_DIR;

const WIDTHS = [
  { label: '1280', width: 1280, height: 800 },
  { label: '390', width: 390, height: 844 },
] as const;

const VIEWS: readonly (readonly [ViewName, string])[] = [
  ['Servers', 'servers'],
  ['Context cost', 'context-cost'],
  ['Profiles', 'profiles'],
  ['History', 'history'],
  ['Discover', 'discover'],
  ['Running sessions', 'sessions'],
];

test.skip(SCREENS_DIR === undefined, 'Screenshots only: set SCREENS_DIR to where they go.');

for (const { label, width, height } of WIDTHS) {
  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`at ${label} px, ${scheme}`, () => {
      test.use({ viewport: { width, height }, colorScheme: scheme });

      test("each view, a profile's preview and a server sheet, with thirty servers", async ({
        openPanel,
        page,
        world,
      }) => {
        const dir = SCREENS_DIR ?? '';
        mkdirSync(dir, { recursive: true });
        const save = (name: string) =>
          page.screenshot({ path: join(dir, `${name}-${label}-${scheme}.png`), animations: 'disabled' });
        await seedThirtyServers(world);
        const panel = await openPanel();
        await expect(panel.serverRow('memory')).toBeVisible();
        // A saved profile, then one change: Profiles, History and the server's sheet have something to show.
        await panel.showView('Profiles');
        const profiles = panel.viewRegion('Profiles');
        await profiles.getByLabel('Profile name').fill('everything-on');
        await profiles.getByRole('button', { name: 'Save profile' }).click();
        await expect(profiles.getByRole('button', { name: 'Apply everything-on' })).toBeVisible();
        await panel.showView('Servers');
        await panel.enabledSwitch('memory').click();
        await expect(page.getByRole('status').getByText('Turned off memory (User).')).toBeVisible();
        for (const [view, file] of VIEWS) {
          await panel.showView(view);
          await page.mouse.move(0, 0);
          await save(file);
        }
        await panel.showView('Profiles');
        await panel.viewRegion('Profiles').getByRole('button', { name: 'Apply everything-on' }).click();
        await expect(page.getByRole('dialog', { name: 'Apply everything-on?' })).toBeVisible();
        await save('profile-preview');
        await page.keyboard.press('Escape');
        await panel.showView('Servers');
        await panel.serverRow('memory').getByRole('link', { name: 'memory', exact: true }).click();
        await expect(page.getByRole('dialog', { name: 'memory', exact: true })).toBeVisible();
        await save('server-sheet');
      });
    });
  }
}
