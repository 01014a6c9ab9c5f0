import { defineConfig } from '@playwright/test';

/**
 * Browser tests of the built panel against the real server, on the verified fake Claude CLI unless a
 * spec opts into the real one. Each worker keeps one server on a world emptied before each test (see
 * e2e/support/fixtures.ts), so no base URL here.
 * The system Chromium is used: this machine cannot download browsers.
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
    launchOptions: {
      executablePath: '/usr/bin/chromium',
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
