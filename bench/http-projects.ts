/**
 * `mcp.projects` over HTTP against the real MCP Admin server, on a `.claude.json` that knows 10⁵
 * projects (bench/synthetic-config.ts): the time of the server's first call and of the first after
 * the file changed, each with the longest a `/healthz` asked meanwhile waited. Over HTTP the answer
 * is also serialized (about 7 MB at 10⁵), which the in-process figures (bench/projects.ts) leave out.
 */
import { createTestWorld } from '@mcp-admin/core/testing';
import { startBenchServer } from './bench-server';
import { readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { writeManyProjectsConfig } from './synthetic-config';

export interface HttpProjectsCall {
  ms: number;
  /** The longest a `/healthz` request took while the call ran. */
  healthWorstMs: number;
  /**
   * Of the `/healthz` waits, the most the server's main thread ran during one: the wait its own
   * code caused, apart from waiting for a core on a busy machine (Linux schedstat).
   */
  healthWorstRunMs: number;
}

export interface HttpProjectsFigures {
  count: number;
  /** Of the answer, as sent. */
  answerBytes: number;
  first: HttpProjectsCall;
  changed: HttpProjectsCall;
}

export async function benchHttpProjects(count: number): Promise<HttpProjectsFigures> {
  const world = createTestWorld();
  writeManyProjectsConfig(world.configPath, count, join(world.configDir, 'dirs'));
  const main = await startBenchServer(world);
  try {
    const { url, token } = await main.started();
    let answerBytes = 0;
    const mainThread = `/proc/${main.child.pid ?? 0}/task/${main.child.pid ?? 0}/schedstat`;
    const call = async (): Promise<HttpProjectsCall> => {
      const health = probeHealth(url, mainThread);
      const start = performance.now();
      const response = await fetch(`${url}/trpc/mcp.projects`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = await response.text();
      const ms = performance.now() - start;
      const { healthWorstMs, healthWorstRunMs } = await health.stop();
      if (response.status !== 200) throw new Error(`mcp.projects: ${response.status} ${body.slice(0, 500)}`);
      answerBytes = Buffer.byteLength(body);
      return { ms, healthWorstMs, healthWorstRunMs };
    };
    const first = await call();
    // A new mtime is a new version of the file.
    const mtime = new Date(Date.now() + 1000);
    utimesSync(world.configPath, mtime, mtime);
    const changed = await call();
    return { count, answerBytes, first, changed };
  } catch (error) {
    process.stderr.write(`MCP Admin server output:\n${main.output().slice(-4000)}\n`);
    throw error;
  } finally {
    await main.stop();
    world.remove();
  }
}

/**
 * Asks `/healthz` again as soon as it answers; `stop` gives the slowest answer and the most the
 * server's main thread (its `schedstat` file) ran during any one of them.
 */
function probeHealth(
  url: string,
  mainThreadSchedstat: string,
): { stop: () => Promise<{ healthWorstMs: number; healthWorstRunMs: number }> } {
  const onCpuMs = () => Number(readFileSync(mainThreadSchedstat, 'utf8').split(' ')[0]) / 1e6;
  const state = { running: true };
  let healthWorstMs = 0;
  let healthWorstRunMs = 0;
  const loop = (async () => {
    while (state.running) {
      const start = performance.now();
      const ranBefore = onCpuMs();
      const answered = await fetch(`${url}/healthz`).then(
        async (response) => response.ok && (await response.text()) === 'ok',
        () => false,
      );
      healthWorstMs = Math.max(healthWorstMs, answered ? performance.now() - start : Infinity);
      healthWorstRunMs = Math.max(healthWorstRunMs, onCpuMs() - ranBefore);
    }
  })();
  return {
    stop: async () => {
      state.running = false;
      await loop;
      return { healthWorstMs, healthWorstRunMs };
    },
  };
}
