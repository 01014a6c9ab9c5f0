/**
 * How many of a process's descendants are runnable right now (Linux `/proc`): on a CPU or waiting
 * for one. A server starting up (loading its code, compiling) is runnable; one waiting on the
 * network, a download or a reply is asleep and costs no CPU.
 */
import { readdir, readFile } from 'node:fs/promises';
import { parseProcessStat } from '../process-table';

/** Descendants past this many are not looked at: a check's tree is a few processes. */
const MAX_PROCESSES = 1024;

/**
 * The number of runnable descendants of `rootPid` (itself not counted), or `undefined` where
 * `/proc` does not tell (not Linux, or no `children` files). A process that exits while it is
 * looked at is skipped.
 */
export async function countRunnableDescendants(rootPid: number): Promise<number | undefined> {
  const root = await childrenOfEveryThread(rootPid);
  if (root === undefined) return undefined;
  let runnable = 0;
  const pending = [...root];
  for (let seen = 0; pending.length > 0 && seen < MAX_PROCESSES; seen++) {
    const pid = pending.pop() as number;
    const [state, children] = await Promise.all([stateOf(pid), childrenOf(pid)]);
    if (state === 'R') runnable += 1;
    pending.push(...(children ?? []));
  }
  return runnable;
}

// The root may spawn from any of its threads (a test runner's worker thread, say).
async function childrenOfEveryThread(pid: number): Promise<number[] | undefined> {
  const threads = await readdir(`/proc/${pid}/task`).catch(() => undefined);
  if (threads === undefined) return undefined;
  const lists = await Promise.all(
    threads.map((tid) =>
      readFile(`/proc/${pid}/task/${tid}/children`, 'latin1').then(pidsOf, () => undefined),
    ),
  );
  if (lists.every((list) => list === undefined)) return undefined;
  return lists.flatMap((list) => list ?? []);
}

// Children started by the process's main thread, where Node, shells and launchers spawn from.
async function childrenOf(pid: number): Promise<number[] | undefined> {
  const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'latin1').catch(() => undefined);
  return text === undefined ? undefined : pidsOf(text);
}

function pidsOf(text: string): number[] {
  return text
    .split(' ')
    .filter((field) => field.trim() !== '')
    .map(Number);
}

/** The one-letter state of /proc/<pid>/stat, `undefined` once the process is gone. */
async function stateOf(pid: number): Promise<string | undefined> {
  const text = await readFile(`/proc/${pid}/stat`, 'latin1').catch(() => undefined);
  return text === undefined ? undefined : parseProcessStat(pid, text).state;
}
