import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';

import { countRunnableDescendants } from '../../src/check/runnable-processes';
import { createStartGate } from '../../src/check/start-gate';

const CORES = 2;

/** Starts through `gate` one process per task, keeps it `runMs`, and says how many ran at once at most. */
async function mostAtOnce(
  gate: ReturnType<typeof createStartGate>,
  tasks: number,
  start: () => ChildProcess,
  runMs: number,
) {
  let running = 0;
  let most = 0;
  await Promise.all(
    Array.from({ length: tasks }, async () => {
      await gate.admit();
      const child = start();
      running += 1;
      most = Math.max(most, running);
      const exited = once(child, 'exit');
      const timer = setTimeout(() => child.kill('SIGKILL'), runMs);
      await exited;
      clearTimeout(timer);
      running -= 1;
    }),
  );
  return most;
}

const gateOnThisProcess = () =>
  createStartGate({ cores: CORES, countRunnable: () => countRunnableDescendants(process.pid) });

describe('createStartGate', () => {
  it('lets every start through at once while the started processes sleep (they wait on the network, cost no CPU)', async () => {
    const most = await mostAtOnce(gateOnThisProcess(), 10, () => spawn('sleep', ['3']), 1500);

    expect(most).toBe(10);
  });

  it('holds starts while as many started processes as cores are runnable (CPU-bound), and lets the next through as one ends', async () => {
    const busyLoop = () => spawn('sh', ['-c', 'while :; do :; done']);

    const most = await mostAtOnce(gateOnThisProcess(), 5, busyLoop, 700);

    expect(most).toBe(CORES);
  });

  it('counts the runnable processes below this one: a busy loop is, a sleeping process is not', async () => {
    const sleeping = spawn('sleep', ['5']);
    const busy = spawn('sh', ['-c', 'while :; do :; done']);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await countRunnableDescendants(process.pid)).toBe(1);
    } finally {
      sleeping.kill('SIGKILL');
      busy.kill('SIGKILL');
    }
  });

  it('never admits a waiting start whose signal aborts', async () => {
    const gate = createStartGate({ cores: 1, countRunnable: () => countRunnableDescendants(process.pid) });
    const busy = spawn('sh', ['-c', 'while :; do :; done']);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const caller = new AbortController();
      const waiting = gate.admit(caller.signal);
      caller.abort(new Error('caller left'));

      await expect(waiting).rejects.toThrow('caller left');
    } finally {
      busy.kill('SIGKILL');
    }
  });
});
