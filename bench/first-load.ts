/**
 * The panel's first load: the bytes it fetches before anything is lazily imported (gzipped, as
 * apps/web/test/first-load.test.ts counts them), and how long after a cold page load the first
 * server row is painted. The real server (`src/main.ts`, as `pnpm start`) on a throwaway world with
 * a few servers added by the pinned CLI; the system Chromium, a fresh browser context per run (empty
 * cache, only the session cookie), the page asked for as a user with a session opens it: `GET /`.
 */
import { addArgv, createTestWorld, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import type { AddServerInput } from '@mcp-admin/core';
import { chromium, type Browser, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchServer } from './bench-server';
import { firstLoadAssets, type FirstLoadAsset } from '../apps/web/test/first-load-assets';

const WEB_ROOT = fileURLToPath(new URL('../apps/web', import.meta.url));
const WEB_DIST = join(WEB_ROOT, 'dist');
const SERVER_COUNT = 5;
const RUNS = 9;

/**
 * The desktop browser a user opens (Debian's, this machine cannot download browsers), with the flags
 * playwright.config.ts launches its headless shell with: the paint a user sees, not the test's.
 * Where only the headless shell is installed (`.ci/run` installs that one), the bench paints in it
 * and says so, rather than stopping: the ratio to the same run's baseline still compares like with like.
 */
export const BENCH_BROWSER = existsSync('/usr/bin/chromium')
  ? '/usr/bin/chromium'
  : '/usr/bin/chromium-headless-shell';
export const CHROMIUM = {
  executablePath: BENCH_BROWSER,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/** The session cookie a signed-in browser holds. */
type Cookies = Parameters<Awaited<ReturnType<Browser['newContext']>>['addCookies']>[0];

export interface PaintRun {
  /** `performance.now()` (from navigation start) when the first server row was in the document. */
  insertedMs: number;
  /** When it was first painted: Element Timing's `renderTime` (see `FIRST_ROW_WATCH`). */
  paintedMs: number;
}

export interface FirstLoadFigures {
  assets: FirstLoadAsset[];
  totalGzipped: number;
  runs: PaintRun[];
  /**
   * The baseline of the same run: the first paint of a page with one word and no script (the
   * server's `/healthz`), loaded cold the same way. No page paints sooner on this machine.
   */
  floorRuns: number[];
}

/** `pnpm build`'s panel, measured: bytes, then the first row painted after each cold page load. */
export async function benchFirstLoad(): Promise<FirstLoadFigures> {
  buildPanel();
  const assets = firstLoadAssets(WEB_DIST);
  const totalGzipped = assets.reduce((sum, { gzipped }) => sum + gzipped, 0);
  let floorRuns: number[] = [];
  const runs = await withPanelServer(async (measure, measureFloor) => {
    // Taken in turn, so a busier moment of the machine weighs on both alike.
    const measured: PaintRun[] = [];
    for (let run = 0; run < RUNS; run++) {
      floorRuns = [...floorRuns, ...(await measureFloor(1))];
      measured.push(...(await measure(1)));
    }
    return measured;
  });
  return { assets, totalGzipped, runs, floorRuns };
}

/** The panel as `pnpm build` writes it, where the server serves it from. */
export function buildPanel(): void {
  const vite = join(
    dirname(createRequire(join(WEB_ROOT, 'package.json')).resolve('vite/package.json')),
    'bin',
    'vite.js',
  );
  // The browser's panel, then the server's (dist/ssr), as apps/web's `build` script does.
  for (const ssr of [[], ['--ssr', 'src/entry-server.tsx']]) {
    execFileSync(process.execPath, [vite, 'build', ...ssr, '--logLevel', 'warn'], {
      cwd: WEB_ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    });
  }
}

/**
 * Runs `use` with a server on a throwaway world of `SERVER_COUNT` servers and a browser signed in
 * to it; `measure(runs)` loads the panel cold `runs` times. One load before that, untimed, warms
 * the server up: the figure is about a cold page, not a server that never listed.
 */
export async function withPanelServer<T>(
  use: (
    measure: (runs: number) => Promise<PaintRun[]>,
    measureFloor: (runs: number) => Promise<number[]>,
    url: string,
    cookies: Cookies,
  ) => Promise<T>,
): Promise<T> {
  const world = createTestWorld();
  let browser: Browser | undefined;
  for (let index = 1; index <= SERVER_COUNT; index++) {
    const input: AddServerInput = {
      name: `server-${index}`,
      scope: 'user',
      command: 'node',
      args: ['server.js'],
    };
    await runCliAsAnotherTerminal(world, world.projectDir, addArgv(input));
  }
  const main = await startBenchServer(world, { MCP_ADMIN_MANAGED_DIR: world.managedDir });
  try {
    const { signInUrl, url } = await main.started();
    browser = await chromium.launch(CHROMIUM);
    const signedIn = await browser.newContext();
    await loadCold(signedIn, signInUrl);
    const cookies = await signedIn.storageState().then((state) => state.cookies);
    await signedIn.close();
    const launched = browser;
    return await use(
      async (runs) => {
        const measured: PaintRun[] = [];
        for (let run = 0; run < runs; run++) {
          const context = await launched.newContext();
          await context.addCookies(cookies);
          measured.push(await loadCold(context, `${url}/`));
          await context.close();
        }
        return measured;
      },
      async (runs) => {
        const measured: number[] = [];
        for (let run = 0; run < runs; run++) {
          const context = await launched.newContext();
          await context.addCookies(cookies);
          measured.push(await firstPaintCold(context, `${url}/healthz`));
          await context.close();
        }
        return measured;
      },
      url,
      cookies,
    );
  } finally {
    await browser?.close();
    await main.stop();
    world.remove();
  }
}

async function loadCold(
  context: Awaited<ReturnType<Browser['newContext']>>,
  pageUrl: string,
): Promise<PaintRun> {
  const page = await context.newPage();
  const painted = await reported<PaintRun>(page);
  await page.addInitScript(FIRST_ROW_WATCH);
  await page.goto(pageUrl);
  return await painted.value;
}

/** When a page loaded cold in `context` first painted (`first-contentful-paint`), from navigation start. */
async function firstPaintCold(
  context: Awaited<ReturnType<Browser['newContext']>>,
  pageUrl: string,
): Promise<number> {
  const page = await context.newPage();
  const painted = await reported<number>(page);
  await page.addInitScript(FIRST_PAINT_WATCH);
  await page.goto(pageUrl);
  return await painted.value;
}

/**
 * What the page's watch will report through `window.reportPaint`, a binding made before the page
 * loads: the page tells, nothing is asked of it. Polling it (`waitForFunction`) had Playwright compile
 * its own script in the page (about 20 ms) and run it every frame, on the page's main thread, while
 * the page was being painted.
 */
export async function reported<T>(page: Page): Promise<{ value: Promise<T> }> {
  let resolve: (value: T) => void = () => undefined;
  const value = new Promise<T>((resolved, reject) => {
    resolve = resolved;
    setTimeout(() => {
      reject(new Error(`${page.url()} reported no paint within 30 s`));
    }, 30_000).unref();
  });
  // A load that failed first rejects on its own: this one is then no one's to hear.
  value.catch(() => undefined);
  await page.exposeFunction(REPORT, (painted: T) => {
    resolve(painted);
  });
  return { value };
}

/** The binding the watches report through. */
const REPORT = 'reportPaint';

/** The baseline's watch: its first contentful paint, reported as `FIRST_ROW_WATCH` reports the row's. */
const FIRST_PAINT_WATCH = `new PerformanceObserver((list, observer) => {
  const entry = list.getEntriesByName('first-contentful-paint')[0];
  if (entry === undefined) return;
  observer.disconnect();
  window.${REPORT}(entry.startTime);
}).observe({ type: 'paint', buffered: true });`;

/**
 * Runs in the page before its own scripts. A MutationObserver gives every row header (`<th
 * scope="row">`: a server row) and what it holds an `elementtiming` attribute as the parser or a
 * render puts it in the document, noting when the first one was there (`insertedMs`): observers run
 * before the browser's next rendering step, so a row carries the attribute when it is first painted,
 * and Chrome's Element Timing reports that paint's time (`renderTime`). A row that is not rendered
 * (a hidden view) is not painted, and reports nothing until it is. The watch only reads the document:
 * asking whether a row is rendered (`checkVisibility`, as it once did) made the browser compute the
 * page's style and layout in the middle of parsing it, which a user's page never does, and which
 * cost the measured paint 20–35 ms. Both times are milliseconds since the navigation started, as
 * `performance.now()`.
 */
export const FIRST_ROW_WATCH = `(() => {
  let insertedMs;
  new PerformanceObserver((list, observer) => {
    const entry = list.getEntries().find((entry) => entry.identifier === 'first-row');
    if (entry === undefined) return;
    observer.disconnect();
    rows.disconnect();
    window.firstRow = { insertedMs, paintedMs: entry.renderTime };
    window.${REPORT}?.(window.firstRow);
  }).observe({ type: 'element', buffered: true });
  const rows = new MutationObserver(() => {
    for (const row of document.querySelectorAll('table th[scope="row"]:not([elementtiming])')) {
      insertedMs ??= performance.now();
      // Element Timing reports text by the element holding it: the name may sit in a link.
      for (const element of [row, ...row.querySelectorAll('*')]) element.setAttribute('elementtiming', 'first-row');
    }
  });
  rows.observe(document, { childList: true, subtree: true });
})();`;
