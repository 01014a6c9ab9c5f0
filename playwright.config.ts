import { defineConfig } from '@playwright/test';

/**
 * Browser tests of the built panel against the real server, on the verified fake Claude CLI unless a
 * spec opts into the real one. Each worker keeps one server on a world emptied before each test (see
 * e2e/support/fixtures.ts), so no base URL here.
 * Debian's Chromium is used (this machine cannot download browsers), as its headless shell: see
 * `launchOptions` below.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  // Each worker runs a server and real CLI calls (about 300 MB each): two fit the two cores.
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    viewport: { width: 1280, height: 800 },
    // No trace: recording one (DOM snapshots at each action) cost every passing test about 9% of the
    // run's time and CPU (25 tests, two runs each). `--trace retain-on-failure` keeps a failure's.
    trace: 'off',
    // One browser context per worker, reset by Playwright between tests (cookies, cache, storage,
    // routes, init scripts, extra pages, viewport and emulation), instead of a new context and page
    // for each test: 39 tests took 54 s instead of 62 s (two runs each), the whole suite 250 s
    // instead of 267 s. The worlds stay one per test (support/fixtures.ts); a spec whose options
    // cannot be reused (JavaScript off) still gets a fresh context, and nothing here grants
    // permissions or goes offline, which a reset would not take back.
    reuseContext: true,
    launchOptions: {
      // Debian's `chromium-headless-shell`: the same Chromium 156 build as `/usr/bin/chromium`
      // without the desktop browser around it, which is what Playwright itself runs headless tests
      // in. Each test's new context and page load cost about half: the `shell`, `rows` and `look`
      // specs took 36 s against 72 s in the desktop browser, the whole suite 4.5 min against 8.2–8.4.
      executablePath: '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
