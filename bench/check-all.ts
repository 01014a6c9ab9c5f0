/**
 * `Check all` against `claude mcp list` on the same servers of one throwaway world, in two worlds
 * (the fixture servers of packages/mcp-core/test/fixtures/mcp-servers): `cpu`, 8 servers whose
 * start is all CPU (5 healthy stdio servers, 2 that exit before answering, 1 over streamable
 * HTTP), and `waiting`, 10 stdio servers that answer `initialize` only 2 s after they started.
 * Both run alternately in the same process after one warm-up each; also the MCP Admin server's
 * peak memory (VmHWM) while it checks them all, and the floor no checker can beat: the servers'
 * own CPU time spread over every core, plus the time they wait. The server is the built one `pnpm
 * start` runs (`BENCH_SERVER=source`: the sources through tsx).
 */
import type { AddServerInput } from '@mcp-admin/core';
import {
  addArgv,
  createCliRunner,
  createTestWorld,
  MCP_SERVER_SCRIPTS,
  PINNED_CLAUDE_BIN,
  runCliAsAnotherTerminal,
  startRemoteMcpServer,
} from '@mcp-admin/core/testing';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { startBenchServer } from './bench-server';
import { pollHealth } from './http-list';

const RUNS = 5;
/** How long each server of the waiting world waits before it answers, once loaded. */
const WAIT_MS = 2000;
const CLOCK_TICKS_PER_S = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

export interface CheckAllFigures {
  listMedianMs: number;
  checkAllMedianMs: number;
  /** Peak resident memory of the MCP Admin server process during a Check all, the highest of the runs. */
  serverPeakBytes: number;
  /** Resident memory of the server process, started and idle, before the first Check all. */
  serverIdleBytes: number;
  /** What each side reported of the 8 servers, from the last run. */
  listSummary: string;
  checkAllSummary: string;
  /** CPU time of the servers one Check all started (reaped children of the MCP Admin server), median. */
  serversCpuMs: number;
  /** CPU time of the MCP Admin server process itself during one Check all, median. */
  checkerCpuMs: number;
  /** CPU time of one `claude mcp list`, with whatever servers it reaped, median. */
  listCpuMs: number;
  /** No checker can end before: the servers' CPU over every core, plus what they wait. */
  floorMs: number;
  /** How long each server waits, once loaded, before it answers. */
  waitMs: number;
  cores: number;
  /** /proc/loadavg before the first run. */
  loadAverage: string;
  /** The longest a `/healthz` request took during one more (untimed) Check all. */
  worstHealthMs: number;
}

export type CheckAllWorld = 'cpu' | 'waiting';

export async function benchCheckAll(kind: CheckAllWorld): Promise<CheckAllFigures> {
  const world = createTestWorld();
  const remote = await startRemoteMcpServer();
  try {
    const added = kind === 'cpu' ? cpuServers(`${remote.origin}/mcp`) : waitingServers();
    for (const server of added) {
      await runCliAsAnotherTerminal(world, world.projectDir, addArgv(server));
    }
    const cli = createCliRunner({
      bin: PINNED_CLAUDE_BIN,
      configDir: world.configDir,
      env: { ...process.env, HOME: world.configDir },
      timeoutMs: 120_000,
    });
    const main = await startBenchServer(world);
    try {
      const { url, token } = await main.started();
      const pid = main.child.pid ?? 0;
      const claudeMcpList = async () => {
        const outcome = await cli.run(['mcp', 'list'], { cwd: world.projectDir });
        if (!outcome.ok) throw new Error(`claude mcp list failed: ${outcome.message}`);
        return outcome.message;
      };
      const checkAll = () => checkAllOverHttp(url, token);

      let listOutput = await claudeMcpList();
      let events = await checkAll();
      const serverIdleBytes = statusBytes(pid, 'VmRSS');
      const loadAverage = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
      const listTimes: number[] = [];
      const checkAllTimes: number[] = [];
      const serversCpu: number[] = [];
      const checkerCpu: number[] = [];
      const listCpu: number[] = [];
      let serverPeakBytes = 0;
      for (let run = 0; run < RUNS; run++) {
        const benchBefore = cpuMsOf(process.pid);
        listOutput = await timed(listTimes, claudeMcpList);
        listCpu.push(cpuMsOf(process.pid).children - benchBefore.children);
        resetPeakMemory(pid);
        const before = cpuMsOf(pid);
        events = await timed(checkAllTimes, checkAll);
        const after = cpuMsOf(pid);
        serversCpu.push(after.children - before.children);
        checkerCpu.push(after.own - before.own);
        serverPeakBytes = Math.max(serverPeakBytes, statusBytes(pid, 'VmHWM'));
      }
      // One more, untimed: asking /healthz every few ms takes CPU from the checks.
      const health = pollHealth(url);
      await checkAll();
      const worstHealthMs = await health.stop();
      const cores = availableParallelism();
      const serversCpuMs = median(serversCpu);
      const waitMs = kind === 'waiting' ? WAIT_MS : 0;
      return {
        worstHealthMs,
        waitMs,
        serversCpuMs,
        checkerCpuMs: median(checkerCpu),
        listCpuMs: median(listCpu),
        floorMs: serversCpuMs / cores + waitMs,
        cores,
        loadAverage,
        listMedianMs: median(listTimes),
        checkAllMedianMs: median(checkAllTimes),
        serverPeakBytes,
        serverIdleBytes,
        listSummary: countOf(listOutput.split('\n').flatMap((line) => /[✔✘!] [^—]+/.exec(line) ?? [])),
        checkAllSummary: countOf(events.map((event) => event.result.status)),
      };
    } finally {
      await main.stop();
    }
  } finally {
    await remote.stop();
    world.remove();
  }
}

export function waitingServers(): AddServerInput[] {
  return Array.from({ length: 10 }, (_, index) => ({
    name: `waiting-${index + 1}`,
    scope: 'user',
    command: process.execPath,
    args: [MCP_SERVER_SCRIPTS.answersAfterDelay],
    env: { DELAY_MS: String(WAIT_MS) },
  }));
}

function cpuServers(remoteUrl: string): AddServerInput[] {
  const healthy = [1, 2, 3, 4, 5].map((n): AddServerInput => ({
    name: `healthy-${n}`,
    scope: n % 2 === 0 ? 'local' : 'user',
    command: process.execPath,
    args: [MCP_SERVER_SCRIPTS.toolsFromEnv],
    env: { TOOL_NAMES: `tool_${n}_a,tool_${n}_b,tool_${n}_c` },
  }));
  const failing = [1, 2].map((n): AddServerInput => ({
    name: `failing-${n}`,
    scope: 'user',
    command: process.execPath,
    args: [MCP_SERVER_SCRIPTS.stderrThenExit],
  }));
  return [...healthy, ...failing, { name: 'remote', scope: 'user', url: remoteUrl }];
}

interface CheckAllEventData {
  result: { status: string };
}

/** `GET /trpc/mcp.checkAll` as server-sent events, read until the server ends the stream. */
export async function checkAllOverHttp(url: string, token: string): Promise<CheckAllEventData[]> {
  const response = await fetch(`${url}/trpc/mcp.checkAll`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  return text
    .split('\n\n')
    .map((block) => block.trim())
    .filter((block) => block.startsWith('data: {"name"'))
    .map((block) => JSON.parse(block.slice('data: '.length)) as CheckAllEventData);
}

async function timed<T>(times: number[], task: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await task();
  times.push(performance.now() - start);
  return result;
}

/**
 * The CPU time (user + system) of a process, and of its children it has waited for (Linux adds a
 * child's own and reaped children's time to its parent's `cutime`/`cstime` when it is reaped).
 */
function cpuMsOf(pid: number): { own: number; children: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  const ms = (ticks: number) => (ticks * 1000) / CLOCK_TICKS_PER_S;
  // After the command: state is field 3, utime 14, stime 15, cutime 16, cstime 17 (proc(5)).
  return {
    own: ms((fields[11] ?? 0) + (fields[12] ?? 0)),
    children: ms((fields[13] ?? 0) + (fields[14] ?? 0)),
  };
}

/** A field of /proc/<pid>/status, in bytes (the kernel reports kB). */
function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) * 1024;
}

// Writing 5 to clear_refs resets VmHWM to the current RSS (Linux), so the next reading is this run's peak.
function resetPeakMemory(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function countOf(labels: string[]): string {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label.trim(), (counts.get(label.trim()) ?? 0) + 1);
  return [...counts].map(([label, count]) => `${count} ${label}`).join(', ');
}
