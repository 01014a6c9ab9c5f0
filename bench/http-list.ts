/**
 * `mcp.list` over HTTP against the real MCP Admin server (bench-server.ts), on old-style
 * `.claude.json` files of 10 MB to 117 MB: a cold list (the file just changed) against `JSON.parse(readFileSync())` of the same file in this process, the longest
 * `/healthz` waited meanwhile, the server's peak memory, a warm list (plain, and revalidated as the
 * panel asks: `If-None-Match`), and `mcp.add` + `mcp.remove` over HTTP against the bare CLI pair.
 */
import type { AddServerInput } from '@mcp-admin/core';
import { addArgv, createTestWorld, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { startBenchServer } from './bench-server';
import { writeSyntheticConfig } from './synthetic-config';

/** `BENCH_HTTP_SIZES=117000000` measures only that size. */
const SIZES = process.env.BENCH_HTTP_SIZES?.split(',').map(Number) ?? [10_000_000, 30_000_000, 117_000_000];
const COLD_RUNS = 3;
const WARM_RUNS = 30;
const CHANGE_RUNS = 5;
const HEALTH_POLL_MS = 2;

export interface HttpListRow {
  bytes: number;
  baselineMs: number;
  coldMs: number;
  /** CPU time: of the server (all its threads) during a cold list, of this process during the baseline (medians). */
  coldCpuMs: number;
  baselineCpuMs: number;
  /** The longest a `/healthz` request took while cold lists ran. */
  healthWorstMs: number;
  /** The server's resident memory when idle before the cold lists, and its peak during them. */
  idleRss: number;
  peakRss: number;
  warmMs: number;
  /** A warm list asked with the ETag of the previous answer (304 when unchanged). */
  revalidatedMs: number;
  revalidatedStatus: number;
  /**
   * The same two asked with `node:http` on one kept-alive connection, as a browser reuses its
   * own: Node's `fetch` (undici) spends a few tenths of a millisecond of its own per request.
   */
  keptAliveWarmMs: number;
  keptAliveRevalidatedMs: number;
  /** The server's CPU time (all its threads) during one warm list, median: what a busy machine barely changes. */
  warmCpuMs: number;
}

export interface ChangeFigures {
  bytes: number;
  cliPairMs: number;
  httpPairMs: number;
}

export interface HttpListFigures {
  /** The server's resident memory once started and asked one list of an empty config. */
  startRss: number;
  rows: HttpListRow[];
  change: ChangeFigures;
}

export async function benchHttpList(): Promise<HttpListFigures> {
  const world = createTestWorld();
  const main = await startBenchServer(world);
  try {
    const { url, token } = await main.started();
    const pid = main.child.pid ?? 0;
    const api = (
      path: string,
      init: { method?: string; body?: string; headers?: Record<string, string> } = {},
    ) =>
      retriedOnClosedConnection(() =>
        fetch(`${url}${path}`, {
          ...init,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
        }),
      );
    const list = async (etag?: string) => {
      const response = await api(
        '/trpc/mcp.list',
        etag === undefined ? {} : { headers: { 'if-none-match': etag } },
      );
      const body = await response.text();
      if (response.status !== 200 && response.status !== 304)
        throw new Error(`mcp.list: ${response.status} ${body}`);
      return { status: response.status, etag: response.headers.get('etag') ?? undefined };
    };
    await list();
    const startRss = statusBytes(pid, 'VmRSS');
    const rows: HttpListRow[] = [];
    let change: ChangeFigures | undefined;
    for (const size of SIZES) {
      const bytes = writeSyntheticConfig(world.configPath, size);
      await list();
      const idleRss = statusBytes(pid, 'VmRSS');
      resetPeakMemory(pid);
      const baseline: number[] = [];
      const cold: number[] = [];
      const coldCpu: number[] = [];
      const baselineCpu: number[] = [];
      let healthWorstMs = 0;
      for (let run = 0; run < COLD_RUNS; run++) {
        const mtime = new Date(Date.now() + (run + 1) * 1000);
        utimesSync(world.configPath, mtime, mtime);
        const health = pollHealth(url);
        const serverCpuBefore = threadsCpuMs(pid);
        await timed(cold, () => list());
        coldCpu.push(threadsCpuMs(pid) - serverCpuBefore);
        healthWorstMs = Math.max(healthWorstMs, await health.stop());
        const cpuBefore = process.cpuUsage();
        await timed(baseline, () =>
          Promise.resolve(JSON.parse(readFileSync(world.configPath, 'utf8')) as unknown),
        );
        const cpu = process.cpuUsage(cpuBefore);
        baselineCpu.push((cpu.user + cpu.system) / 1000);
      }
      const peakRss = statusBytes(pid, 'VmHWM');
      const warm: number[] = [];
      const warmCpu: number[] = [];
      for (let run = 0; run < WARM_RUNS; run++) {
        const serverCpuBefore = threadsCpuMs(pid);
        await timed(warm, () => list());
        warmCpu.push(threadsCpuMs(pid) - serverCpuBefore);
      }
      const { etag } = await list();
      const revalidated: number[] = [];
      let revalidatedStatus = 0;
      for (let run = 0; run < WARM_RUNS; run++) {
        revalidatedStatus = (await timed(revalidated, () => list(etag))).status;
      }
      const keptAlive = keptAliveClient(url, token);
      const keptAliveWarm: number[] = [];
      const keptAliveRevalidated: number[] = [];
      try {
        for (let run = 0; run < WARM_RUNS; run++) {
          await timed(keptAliveWarm, () => keptAlive.list());
          await timed(keptAliveRevalidated, () => keptAlive.list(etag));
        }
      } finally {
        keptAlive.close();
      }
      rows.push({
        bytes,
        keptAliveWarmMs: median(keptAliveWarm),
        keptAliveRevalidatedMs: median(keptAliveRevalidated),
        warmCpuMs: median(warmCpu),
        baselineMs: median(baseline),
        coldMs: median(cold),
        coldCpuMs: median(coldCpu),
        baselineCpuMs: median(baselineCpu),
        healthWorstMs,
        idleRss,
        peakRss,
        warmMs: median(warm),
        revalidatedMs: median(revalidated),
        revalidatedStatus,
      });
      if (change === undefined) change = { bytes, ...(await benchChange(world, api)) };
      process.stdout.write(`measured mcp.list over HTTP at ${(bytes / 1e6).toFixed(0)} MB\n`);
    }
    return { startRss, rows, change: change ?? { bytes: 0, cliPairMs: 0, httpPairMs: 0 } };
  } catch (error) {
    process.stderr.write(`MCP Admin server output:\n${main.output().slice(-4000)}\n`);
    throw error;
  } finally {
    await main.stop();
    world.remove();
  }
}

/** `mcp.add` + `mcp.remove` of one user server over HTTP against `claude mcp add-json` + `remove`, alternating. */
async function benchChange(
  world: ReturnType<typeof createTestWorld>,
  api: (path: string, init?: { method?: string; body?: string }) => Promise<Response>,
): Promise<{ cliPairMs: number; httpPairMs: number }> {
  const server: AddServerInput = { name: 'bench-pair', scope: 'user', command: 'node', args: ['x.js'] };
  const post = async (path: string, body: unknown) => {
    const response = await api(path, { method: 'POST', body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  };
  const cli: number[] = [];
  const http: number[] = [];
  for (let run = 0; run < CHANGE_RUNS + 1; run++) {
    const cliTimes: number[] = [];
    await timed(cliTimes, async () => {
      await runCliAsAnotherTerminal(world, world.projectDir, addArgv(server));
      await runCliAsAnotherTerminal(world, world.projectDir, ['mcp', 'remove', server.name, '-s', 'user']);
    });
    const httpTimes: number[] = [];
    await timed(httpTimes, async () => {
      await post('/trpc/mcp.add', server);
      await post('/trpc/mcp.remove', { name: server.name, scope: 'user' });
    });
    // The first pair of each warms up.
    if (run > 0) {
      cli.push(...cliTimes);
      http.push(...httpTimes);
    }
  }
  return { cliPairMs: median(cli), httpPairMs: median(http) };
}

/**
 * A kept-alive connection the server closed as the request went out ("other side closed") is
 * retried once on a new one, as a browser does.
 */
async function retriedOnClosedConnection(request: () => Promise<Response>): Promise<Response> {
  try {
    return await request();
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    return request();
  }
}

/** `mcp.list` over one kept-alive `node:http` connection; `list` resolves with the status once the body is read. */
function keptAliveClient(url: string, token: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const list = (etag?: string) =>
    new Promise<number>((resolve, reject) => {
      const headers = {
        authorization: `Bearer ${token}`,
        ...(etag === undefined ? {} : { 'if-none-match': etag }),
      };
      const request = httpRequest(`${url}/trpc/mcp.list`, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status === 200 || status === 304) resolve(status);
          else reject(new Error(`mcp.list: ${status}`));
        });
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });
  return {
    list,
    close: () => {
      agent.destroy();
    },
  };
}

/** Asks `/healthz` again as soon as it answers (every HEALTH_POLL_MS at most); `stop` gives the slowest answer. */
export function pollHealth(url: string): { stop: () => Promise<number> } {
  const state = { running: true };
  let worst = 0;
  const loop = (async () => {
    while (state.running) {
      const start = performance.now();
      const answered = await fetch(`${url}/healthz`).then(
        async (response) => response.ok && (await response.text()) === 'ok',
        () => false,
      );
      worst = Math.max(worst, answered ? performance.now() - start : Infinity);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
    }
  })();
  return {
    stop: async () => {
      state.running = false;
      await loop;
      return worst;
    },
  };
}

async function timed<T>(times: number[], task: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await task();
  times.push(performance.now() - start);
  return result;
}

function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) * 1024;
}

/** The CPU time all threads of process `pid` have run, in milliseconds (Linux `schedstat`, in ns). */
function threadsCpuMs(pid: number): number {
  let ns = 0;
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return ns / 1e6;
}

function resetPeakMemory(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
