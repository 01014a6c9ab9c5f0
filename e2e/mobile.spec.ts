/// <reference lib="dom" />
// The callback given to page.evaluate runs in the browser.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { seedServer } from './support/seed';

test.use({ viewport: { width: 390, height: 844 } });

test('the panel fits a 390 px wide phone screen, 4 server rows whole on its first screen', async ({
  openPanel,
  page,
  world,
}) => {
  await seedServer(world, world.projectDir, {
    name: 'files',
    scope: 'local',
    command: 'npx',
    args: ['@acme/files-server', '--root=/srv/data'],
    env: { API_KEY: 'sk-test-123' },
  });
  await seedServer(world, world.projectDir, {
    name: 'search',
    scope: 'user',
    transport: 'http',
    url: 'https://mcp.example.com/search',
    headers: { Authorization: 'Bearer s3cret' },
  });
  // Signed in with OAuth, not with a fixed header: it offers Sign in.
  await seedServer(world, world.projectDir, {
    name: 'tracker',
    scope: 'user',
    transport: 'http',
    url: 'https://mcp.example.com/tracker',
  });
  await seedServer(world, world.projectDir, {
    name: 'notes',
    scope: 'user',
    command: 'node',
    args: ['notes.js'],
  });
  const panel = await openPanel();

  await expect(panel.serverRow('files')).toBeVisible();
  // Issue 43: the header and the views' navigation leave room for 4 rows on the first screen.
  const rows = panel.serverTable.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(rows).toHaveCount(4);
  await panel.screenshot('mobile-first-screen', { fullPage: false });
  await expect(rows.nth(3)).toBeInViewport({ ratio: 1 });
  // Every control of a row whole on screen once scrolled to, none cut off at the side: rows wrap
  // their command lines, so the second may start below the first screen. Centred: scrolled only
  // "into view", a fraction of a pixel can stay past the bottom edge.
  const wholeOnScreen = async (control: Locator) => {
    await control.evaluate((element) => {
      element.scrollIntoView({ block: 'center' });
    });
    await expect(control).toBeInViewport({ ratio: 1 });
  };
  for (const name of ['files', 'search']) {
    await wholeOnScreen(panel.enabledSwitch(name));
    await wholeOnScreen(panel.removeButton(name));
  }
  await wholeOnScreen(page.getByRole('switch', { name: 'In this project search', exact: true }));
  // Below the first screen on a phone (each user row holds two switches); its menu holds Sign in.
  const signIn = panel.moreActions('tracker');
  await wholeOnScreen(signIn);
  // Open, the menu is whole on screen and pushes nothing sideways.
  await expect(await panel.rowMenuItem('tracker', 'Sign in tracker')).toBeInViewport({ ratio: 1 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBe(0);
  await page.keyboard.press('Escape');
  await panel.screenshot('mobile');
});

test('on a phone, a long project path reads from its end while not typed in, the whole path its value and title', async ({
  panel,
  world,
}) => {
  // A long project path: its end shows while the box is not typed in; the whole path is its value and title.
  const deep = join(world.projectDir, 'a-folder-with-a-rather-long-name', 'and-another-long-one');
  mkdirSync(deep, { recursive: true });
  await panel.chooseProject(deep);
  await panel.projectPicker.blur();
  await expect(panel.projectPicker).toHaveValue(deep);
  await expect(panel.projectPicker).toHaveAttribute('title', deep);
  await expect
    .poll(() =>
      panel.projectPicker.evaluate(
        (input: HTMLInputElement) => input.scrollWidth - input.clientWidth - input.scrollLeft,
      ),
    )
    .toBeLessThanOrEqual(1);
  expect(await panel.projectPicker.evaluate((input: HTMLInputElement) => input.scrollLeft)).toBeGreaterThan(
    0,
  );
});
