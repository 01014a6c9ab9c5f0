/**
 * Where a cold load of the drawn panel spends the time before its first server row paints (issue 43):
 * a Chrome trace (devtools.timeline) of `RUNS` cold loads of `/` on bench/first-load.ts's world and
 * browser, each printed as the main thread's phases (parse, style, layout, pre-paint, paint), the
 * raster and the stylesheet's request, in ms from the navigation start, up to the row's paint.
 * `node --import tsx bench/first-paint-trace.ts` after `pnpm build:changed` (`TRACE_RUNS`, `TRACE_PATHS`,
 * `TRACE_DUMP=file` to keep the last trace and its events); prints, asserts nothing.
 */
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM, FIRST_ROW_WATCH, reported, withPanelServer, type PaintRun } from './first-load';

const RUNS = Number(process.env.TRACE_RUNS ?? 5);
/** `TRACE_PATHS=/,/?x` traces each in turn. */
const PATHS = (process.env.TRACE_PATHS ?? '/').split(',');

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'loading',
  'blink.user_timing',
  'toplevel',
  'cc',
  'fonts',
].join(',');

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; frame?: string; family_name?: string };
}

/** The per-phase sums (ms) of one load, up to the first row's paint. */
interface Phases {
  painted: number;
  inserted: number;
  elements: number;
  stylesheet: string;
  /**
   * Font strikes (a size and weight of a font) and family matches set up before the paint: on Linux
   * each is a round trip to the browser's main process while layout waits. Counts, not times: they
   * do not vary with the machine's load.
   */
  fonts: { strikes: number; families: string[] };
  main: Record<string, number>;
  raster: number;
  frames: string[];
  long: string[];
}

const MAIN_PHASES = [
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'UpdateLayer',
  'CompositeLayers',
  'Commit',
  'EvaluateScript',
  'v8.compile',
  'FunctionCall',
  'ParseAuthorStyleSheet',
  'HitTest',
];

export async function traceLoad(page: Page, url: string): Promise<Phases> {
  const browser = page.context().browser();
  if (browser === null) throw new Error('no browser');
  const painted = await reported<PaintRun>(page);
  await page.addInitScript(FIRST_ROW_WATCH);
  await browser.startTracing(page, { categories: CATEGORIES.split(',') });
  await page.goto(url);
  const run = await painted.value;
  // The page settles (its script ran after the paint) before the trace stops.
  await page.waitForTimeout(300);
  const elements = await page.evaluate(() => document.querySelectorAll('*').length);
  const buffer = await browser.stopTracing();
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  const start = traceEvents.find(
    (event) =>
      event.name === 'navigationStart' &&
      typeof event.args?.data?.documentLoaderURL === 'string' &&
      event.args.data.documentLoaderURL.startsWith(url),
  );
  if (start === undefined) throw new Error('no navigationStart in the trace');
  const at = (ts: number) => (ts - start.ts) / 1000;
  const until = start.ts + run.paintedMs * 1000 + 1000;
  const inPage = traceEvents.filter(
    (event) => event.pid === start.pid && event.ts >= start.ts && event.ts <= until,
  );
  const mainTid = start.tid;
  const main: Record<string, number> = {};
  const open = new Map<string, number>();
  const long: string[] = [];
  for (const event of inPage.filter((event) => event.tid === mainTid)) {
    if (!MAIN_PHASES.includes(event.name)) continue;
    let dur: number | undefined;
    if (event.ph === 'X') dur = (event.dur ?? 0) / 1000;
    else if (event.ph === 'B') open.set(event.name, event.ts);
    else if (event.ph === 'E' && open.has(event.name)) {
      dur = (event.ts - (open.get(event.name) ?? event.ts)) / 1000;
      open.delete(event.name);
    }
    if (dur === undefined) continue;
    main[event.name] = (main[event.name] ?? 0) + dur;
    if (dur >= 1)
      long.push(
        `${event.name}@${at(event.ts - (event.ph === 'E' ? dur * 1000 : 0)).toFixed(0)}+${dur.toFixed(1)}`,
      );
  }
  const raster = inPage
    .filter((event) => event.tid !== mainTid && event.name === 'RasterTask' && event.ph === 'X')
    .reduce((sum, event) => sum + (event.dur ?? 0) / 1000, 0);
  const frames = inPage
    .filter(
      (event) =>
        event.name === 'BeginFrame' || event.name === 'DrawFrame' || event.name === 'firstContentfulPaint',
    )
    .map(
      (event) => `${event.name === 'firstContentfulPaint' ? 'FCP' : event.name[0]}${at(event.ts).toFixed(0)}`,
    );
  const requests = traceEvents.filter((event) => event.name.startsWith('Resource') && event.ts >= start.ts);
  const css = requests.filter(
    (event) => typeof event.args?.data?.url === 'string' && event.args.data.url.endsWith('.css'),
  );
  const cssIds = new Set(css.map((event) => event.args?.data?.requestId));
  const cssEvents = requests.filter((event) => cssIds.has(event.args?.data?.requestId));
  const stylesheet = cssEvents
    .map((event) => `${event.name.replace('Resource', '')}@${at(event.ts).toFixed(0)}`)
    .join(' ');
  if (process.env.TRACE_DUMP) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(process.env.TRACE_DUMP, buffer);
    const lines = inPage
      .filter(
        (event) =>
          (event.dur ?? 0) >= 300 ||
          event.name.startsWith('Resource') ||
          event.ph === 'I' ||
          event.ph === 'R' ||
          event.ph === 'b' ||
          event.ph === 'n',
      )
      .map(
        (event) =>
          `${at(event.ts).toFixed(1)} tid${event.tid === mainTid ? 'M' : event.tid} ${event.ph} ${event.name} ${event.dur ? (event.dur / 1000).toFixed(1) : ''} ${JSON.stringify(event.args?.data ?? {}).slice(0, 160)}`,
      );
    const network = traceEvents
      .filter((event) => event.name.startsWith('Resource') && event.ts >= start.ts && event.ts <= until)
      .map(
        (event) =>
          `${at(event.ts).toFixed(1)} pid${event.pid} ${event.name} ${JSON.stringify(event.args?.data ?? {}).slice(0, 200)}`,
      );
    writeFileSync(process.env.TRACE_DUMP + '.txt', [...lines, '--- network', ...network].join('\n'));
  }
  const fonts = {
    strikes: inPage.filter((event) => event.name === 'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike')
      .length,
    families: inPage
      .filter((event) => event.name === 'FontDataManager::onMatchFamilyStyle')
      .map((event) => event.args?.family_name ?? ''),
  };
  return {
    painted: run.paintedMs,
    fonts,
    inserted: run.insertedMs,
    elements,
    stylesheet,
    main,
    raster,
    frames,
    long,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

if (process.argv[1]?.endsWith('first-paint-trace.ts'))
  await withPanelServer(async (_measure, _floor, url, cookies) => {
    const browser = await chromium.launch(CHROMIUM);
    const traced = new Map<string, Phases[]>(PATHS.map((path) => [path, []]));
    try {
      // Several paths are taken in turn, so a busier moment of the machine weighs on each alike.
      for (let run = 0; run < RUNS; run++) {
        for (const path of PATHS) {
          const context = await browser.newContext();
          await context.addCookies(cookies);
          const page = await context.newPage();
          const phases = await traceLoad(page, `${url}${path}`);
          await context.close();
          traced.get(path)?.push(phases);
          const sums = Object.entries(phases.main)
            .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
            .join(', ');
          process.stdout.write(
            `${path} run ${run + 1}: row in document ${phases.inserted.toFixed(0)} ms, painted ${phases.painted.toFixed(0)} ms, ` +
              `${phases.elements} elements\n  main: ${sums}\n  raster ${phases.raster.toFixed(1)}\n` +
              `  fonts: ${String(phases.fonts.strikes)} strikes, families ${phases.fonts.families.join(', ')}\n` +
              `  stylesheet: ${phases.stylesheet}\n  frames: ${phases.frames.join(' ')}\n  long: ${phases.long.join(' ')}\n`,
          );
        }
      }
    } finally {
      await browser.close();
    }
    for (const [path, runs] of traced) {
      const of = (name: string) => median(runs.map((phases) => phases.main[name] ?? 0)).toFixed(1);
      process.stdout.write(
        `${path}, medians of ${runs.length}: row in document ${median(runs.map((phases) => phases.inserted)).toFixed(0)} ms, ` +
          `painted ${median(runs.map((phases) => phases.painted)).toFixed(0)} ms; ParseHTML ${of('ParseHTML')}, ` +
          `UpdateLayoutTree ${of('UpdateLayoutTree')}, Layout ${of('Layout')}, PrePaint ${of('PrePaint')}, ` +
          `Paint ${of('Paint')}, Commit ${of('Commit')}, raster ${median(runs.map((phases) => phases.raster)).toFixed(1)}\n`,
      );
    }
  });
