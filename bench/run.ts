/**
 * `pnpm bench`: how the config reader copes with `.claude.json` files from 5 KB to 100 MB,
 * against a plain `JSON.parse(readFileSync(...))` of the same file in the same run; how
 * `mcp.projects` copes with 10⁵ and 10⁶ known projects (bench/projects.ts); then `Check all`
 * against `claude mcp list` on the same 8 servers (bench/check-all.ts); then the panel's first
 * load: its bytes and the first server row painted after a cold page load (bench/first-load.ts).
 * Reports figures, never asserts times (see bench/README.md).
 */
import { listServers } from '@mcp-admin/core/testing';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { availableParallelism, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { benchCheckAll, type CheckAllFigures } from './check-all';
import { BENCH_BROWSER, benchFirstLoad, type FirstLoadFigures } from './first-load';
import { BENCH_SERVER } from './bench-server';
import { benchHttpList, type HttpListFigures } from './http-list';
import { benchHttpProjects, type HttpProjectsFigures } from './http-projects';
import { time, type Timing } from './measure';
import { benchProjects, PROJECT_COUNTS, type ProjectsRow } from './projects';
import { benchProjectToggle } from './project-toggle';
import { writeSyntheticConfig } from './synthetic-config';

const SIZES = [
  { label: '5 KB', bytes: 5_000, runs: 30 },
  { label: '1 MB', bytes: 1_000_000, runs: 10 },
  { label: '10 MB', bytes: 10_000_000, runs: 5 },
  { label: '100 MB', bytes: 100_000_000, runs: 3 },
];

interface Row {
  label: string;
  bytes: number;
  baseline: Timing;
  cold: Timing;
  warm: Timing;
}

/**
 * `BENCH_ONLY=http,check-all` runs only those parts (of `reader`, `projects`, `http`,
 * `project-toggle`, `check-all`, `first-load`).
 */
const only = process.env.BENCH_ONLY?.split(',');
const part = (name: string) => only === undefined || only.includes(name);

const root = mkdtempSync(join(tmpdir(), 'mcp-admin-bench-'));
try {
  const projectPath = join(root, 'project');
  mkdirSync(projectPath);
  // Settings and managed files absent: the figures are the .claude.json reader's.
  const around = { claudeDir: join(root, 'claude'), managedDir: join(root, 'managed'), env: {} };
  await warmUp(projectPath, around);
  const rows: Row[] = [];
  for (const { label, bytes, runs } of part('reader') ? SIZES : []) {
    const configPath = join(root, `claude-${label.replace(' ', '')}.json`);
    const written = writeSyntheticConfig(configPath, bytes);
    const read = () => listServers({ ...around, configPath, projectPath });
    // A new mtime is a new file identity: the next read is cold.
    const touch = (run: number) => {
      const mtime = new Date(Date.now() + (run + 1) * 1000);
      utimesSync(configPath, mtime, mtime);
    };
    const cold = await time(runs, read, touch);
    const warm = await time(runs * 3, read);
    const baseline = await time(runs, () => JSON.parse(readFileSync(configPath, 'utf8')) as unknown);
    rows.push({ label, bytes: written, baseline, cold, warm });
    process.stdout.write(`measured ${label}\n`);
  }
  if (part('reader')) printSizesTable(rows);
  if (part('projects')) printProjectsTable(await benchProjects(root));
} finally {
  rmSync(root, { recursive: true, force: true });
}
if (part('projects')) {
  for (const count of PROJECT_COUNTS.filter((count) => count <= 100_000)) {
    printHttpProjects(await benchHttpProjects(count));
  }
}
printMachine();
if (part('http')) printHttpList(await benchHttpList());
printMachine();
if (part('project-toggle')) {
  const pair = await benchProjectToggle();
  process.stdout.write(
    `\nPer-project off and on again through Claude Code's control protocol (two sessions, median of 3): ${ms(pair.medianMs)}\n`,
  );
}
if (part('check-all')) {
  printCheckAll(
    '8 servers whose start is CPU (5 healthy stdio, 2 failing stdio, 1 streamable HTTP)',
    await benchCheckAll('cpu'),
  );
  printCheckAll(
    '10 stdio servers that answer initialize 2 s after they start',
    await benchCheckAll('waiting'),
  );
  printMachine();
}
if (part('first-load')) {
  printFirstLoad(await benchFirstLoad());
  printMachine();
}

/**
 * "Cold" means a file the reader has not cached, not a process whose JIT has never run: one read
 * before measuring keeps the first-ever compilation of the reader out of the figures.
 */
async function warmUp(
  projectPath: string,
  around: { claudeDir: string; managedDir: string; env: NodeJS.ProcessEnv },
): Promise<void> {
  const configPath = join(root, 'warm-up.json');
  writeSyntheticConfig(configPath, 5_000);
  await listServers({ ...around, configPath, projectPath });
}

function printSizesTable(rows: Row[]): void {
  const header = [
    'size',
    'baseline JSON.parse',
    'reader cold',
    'reader cold, CPU',
    'reader warm',
    'longest stall, cold',
    'longest run, cold',
    'longest stall, baseline',
  ];
  const lines = rows.map(({ label, bytes, baseline, cold, warm }) => [
    `${label} (${bytes.toLocaleString('en')} B)`,
    `1.00× (${ms(baseline.medianMs)})`,
    ratio(cold.medianMs, baseline.medianMs),
    `${ratio(cold.medianCpuMs, baseline.medianCpuMs)} of the baseline's CPU`,
    ratio(warm.medianMs, baseline.medianMs),
    ms(cold.longestStallMs),
    ms(cold.longestRunMs),
    ms(baseline.longestStallMs),
  ]);
  printTable(header, lines);
  process.stdout.write(
    '\nTimes are medians; ratios are against the baseline of the same size in this run.\n',
  );
}

function printProjectsTable(rows: ProjectsRow[]): void {
  const header = ['projects', 'call', 'time', 'CPU', 'longest stall', 'longest run', 'peak RSS (before)'];
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  const lines = rows.flatMap(({ count, bytes, first, firstRss, changed, unchanged }) => {
    const label = `${count.toLocaleString('en')} (${(bytes / 1e6).toFixed(0)} MB)`;
    const cells = (timing: Timing) => [
      ms(timing.medianMs),
      ms(timing.medianCpuMs),
      ms(timing.longestStallMs),
      ms(timing.longestRunMs),
    ];
    return [
      [label, 'first', ...cells(first), `${mib(firstRss.peak)} (${mib(firstRss.before)})`],
      ['', 'after a change', ...cells(changed), ''],
      ['', 'unchanged', ...cells(unchanged), ''],
    ];
  });
  printTable(header, lines);
  process.stdout.write(
    '\nmcp.projects: "unchanged" is the median of three calls. A stall is wall time, a run is the main\n' +
      "thread's own part of it (the rest is waiting for a core on a busy machine). CPU is this\n" +
      "process's CPU time during the call (all its threads), which a busy machine barely changes.\n",
  );
}

function printTable(header: string[], lines: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ');
  process.stdout.write(
    `\n${[format(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...lines.map(format)].join('\n')}\n`,
  );
}

function ratio(value: number, baseline: number): string {
  return `${(value / baseline).toFixed(2)}× (${ms(value)})`;
}

function ms(value: number): string {
  return `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
}

function printMachine(): void {
  const cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown CPU';
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  process.stdout.write(
    `\nMachine: ${availableParallelism()} cores (nproc), ${cpu}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, load average ${load}\n`,
  );
}

function printHttpList({ startRss, rows, change }: HttpListFigures): void {
  const header = [
    'size',
    'JSON.parse',
    'cold mcp.list',
    'cold mcp.list, CPU',
    'worst /healthz',
    'server RSS idle → peak (peak / size; growth over start / size)',
    'warm mcp.list',
    'warm, If-None-Match',
    'warm / If-None-Match, kept-alive node:http',
    'warm, server CPU',
  ];
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  const lines = rows.map((row) => [
    `${(row.bytes / 1e6).toFixed(0)} MB`,
    `1.00× (${ms(row.baselineMs)})`,
    ratio(row.coldMs, row.baselineMs),
    `${ratio(row.coldCpuMs, row.baselineCpuMs)} of ${ms(row.baselineCpuMs)}`,
    ms(row.healthWorstMs),
    `${mib(row.idleRss)} → ${mib(row.peakRss)} (${(row.peakRss / row.bytes).toFixed(2)}×; ${((row.peakRss - startRss) / row.bytes).toFixed(2)}×)`,
    ms(row.warmMs),
    `${ms(row.revalidatedMs)} (${row.revalidatedStatus})`,
    `${ms(row.keptAliveWarmMs)} / ${ms(row.keptAliveRevalidatedMs)}`,
    ms(row.warmCpuMs),
  ]);
  printTable(header, lines);
  const server = BENCH_SERVER === 'built' ? 'node dist/main.mjs' : 'node --import tsx src/main.ts';
  process.stdout.write(
    `\nServer (${server}) resident memory when started (empty config): ${mib(startRss)}\n`,
  );
  process.stdout.write(
    `\nmcp.add + mcp.remove over HTTP vs claude mcp add-json + remove (${(change.bytes / 1e6).toFixed(0)} MB .claude.json), medians: ` +
      `CLI pair 1.00× (${ms(change.cliPairMs)}), HTTP pair ${ratio(change.httpPairMs, change.cliPairMs)}\n`,
  );
}

function printHttpProjects({ count, answerBytes, first, changed }: HttpProjectsFigures): void {
  const figures = ({ ms: time, healthWorstMs, healthWorstRunMs }: HttpProjectsFigures['first']) =>
    `${ms(time)}, worst /healthz meanwhile ${ms(healthWorstMs)} (server's main thread ran ${ms(healthWorstRunMs)} of a wait at most)`;
  process.stdout.write(
    `\nmcp.projects over HTTP at ${count.toLocaleString('en')} projects (answer ${(answerBytes / 1e6).toFixed(1)} MB):` +
      `\n  first call ${figures(first)}\n  first after a change ${figures(changed)}\n`,
  );
}

function printCheckAll(world: string, figures: CheckAllFigures): void {
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  process.stdout.write(
    [
      '',
      `Check all vs claude mcp list: ${world}, medians`,
      `claude mcp list            1.00× (${ms(figures.listMedianMs)})   ${figures.listSummary}`,
      `Check all (mcp.checkAll)   ${ratio(figures.checkAllMedianMs, figures.listMedianMs)}   ${figures.checkAllSummary}`,
      `MCP Admin server memory: ${mb(figures.serverIdleBytes)} resident when idle, peak ${mb(figures.serverPeakBytes)} (VmHWM) during Check all`,
      `Floor (no checker ends sooner): the servers' own CPU ${ms(figures.serversCpuMs)} / ${figures.cores} cores` +
        `${figures.waitMs > 0 ? ` + the ${ms(figures.waitMs)} they wait` : ''} = ${ratio(figures.floorMs, figures.listMedianMs)}`,
      `CPU per run: Check all's own ${ms(figures.checkerCpuMs)}; claude mcp list with the servers it reaped ${ms(figures.listCpuMs)}; load average before: ${figures.loadAverage}`,
      `Worst /healthz wait during Check all: ${ms(figures.worstHealthMs)}`,
      '',
    ].join('\n'),
  );
}

function printFirstLoad({ assets, totalGzipped, runs, floorRuns }: FirstLoadFigures): void {
  const bytes = (count: number) => `${count.toLocaleString('en')} B`;
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const painted = runs.map((run) => run.paintedMs);
  process.stdout.write(
    [
      '',
      `First load, gzipped (apps/web/test/first-load.test.ts counts it so): ${bytes(totalGzipped)}`,
      ...assets.map(({ path, gzipped }) => `  ${path}: ${bytes(gzipped)}`),
      `Browser: ${BENCH_BROWSER}`,
      `First server row painted after a cold page load, median of ${runs.length}: ${ms(median(painted))} ` +
        `(in the document at ${ms(median(runs.map((run) => run.insertedMs)))}; ` +
        `fastest ${ms(Math.min(...painted))}, slowest ${ms(Math.max(...painted))})`,
      `Baseline, the same run: a one-word page without script (/healthz) first painted, cold, median of ` +
        `${floorRuns.length}: ${ms(median(floorRuns))}; the first row is ${ratio(median(painted), median(floorRuns))} of it, ` +
        `${ms(median(painted) - median(floorRuns))} later`,
      // Issue 43: the goal is a ratio to the machine's floor (the baseline is sent with the same
      // security headers, Cross-Origin-Opener-Policy included: app.ts sets them on every answer).
      `First-paint ratio (first row / baseline, same headers, same run): ` +
        `${(median(painted) / Math.max(median(floorRuns), 1)).toFixed(2)}× — goal within 1.5×`,
      '',
    ].join('\n'),
  );
}
