/**
 * The worst `/healthz` wait during each of several Check alls of the waiting world (10 stdio
 * servers that answer 2 s after they start), with the load average and the server's own CPU
 * time per Check all: how long the MCP Admin server's event loop is held while checks end
 * together. `node --import tsx bench/healthz-during-check-all.ts [runs]` (NODE_OPTIONS, e.g. a
 * `--require` of a profiling preload, reaches the server).
 */
import { addArgv, createTestWorld, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import { readFileSync } from 'node:fs';
import { checkAllOverHttp, waitingServers } from './check-all';
import { startBenchServer } from './bench-server';
import { pollHealth } from './http-list';

const runs = Number(process.argv[2] ?? 5);
const world = createTestWorld();
for (const server of waitingServers())
  await runCliAsAnotherTerminal(world, world.projectDir, addArgv(server));
const main = await startBenchServer(world);
try {
  const { url, token } = await main.started();
  const pid = main.child.pid ?? 0;
  await checkAllOverHttp(url, token);
  for (let run = 0; run < runs; run++) {
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    const before = ownCpuMs(pid);
    const health = pollHealth(url);
    await checkAllOverHttp(url, token);
    const worst = await health.stop();
    console.log(
      `worst /healthz ${worst.toFixed(1)} ms, server CPU ${String(ownCpuMs(pid) - before)} ms, load ${load}`,
    );
  }
} finally {
  await main.stop();
  world.remove();
}

/** The process's own user+system CPU time in ms, from /proc/PID/stat. */
function ownCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
