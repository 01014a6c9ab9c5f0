/**
 * How long a check's processes waited for a CPU (Linux `/proc/<pid>/schedstat`, its second field:
 * nanoseconds spent runnable but not running). Many starts at once on few cores, or another
 * program's load, make a server wait for cores it is not given: the machine's doing, not the server's.
 */
import { readFile } from 'node:fs/promises';
import { pidsListed } from '../process-table';

/** Descendants past this many are not looked at: a check's tree is a few processes. */
const MAX_PROCESSES = 1024;

/**
 * Milliseconds that `rootPid` and its live descendants (found through their main thread's
 * `children`, where Node, shells and launchers spawn from) waited to run, summed; 0 where `/proc`
 * does not tell. A process that exits while it is looked at is skipped.
 */
export async function runQueueDelayMs(rootPid: number): Promise<number> {
  let delayNs = 0;
  const pending = [rootPid];
  for (let seen = 0; pending.length > 0 && seen < MAX_PROCESSES; seen++) {
    const pid = pending.pop() as number;
    const [delay, children] = await Promise.all([delayNsOf(pid), childrenOf(pid)]);
    delayNs += delay;
    pending.push(...children);
  }
  return delayNs / 1e6;
}

/**
 * Milliseconds MCP Admin's own main thread has waited to run so far: while it waits, no answer of
 * any server is read, so a check's time lost to it is the machine's doing too.
 */
export async function ownRunQueueDelayMs(): Promise<number> {
  return (await delayNsOf(process.pid)) / 1e6;
}

async function delayNsOf(pid: number): Promise<number> {
  const text = await readFile(`/proc/${pid}/schedstat`, 'latin1').catch(() => '');
  const delay = Number(text.split(' ')[1]);
  return Number.isFinite(delay) ? delay : 0;
}

async function childrenOf(pid: number): Promise<number[]> {
  return pidsListed(await readFile(`/proc/${pid}/task/${pid}/children`, 'latin1').catch(() => ''));
}
