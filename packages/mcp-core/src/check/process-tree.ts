/**
 * Every process a stdio server started, found through /proc parent links: a child that called
 * `setsid` left the server's process group (so the group kill misses it) but is still its
 * parent's child. What escapes: a process whose parent exited before it was seen (a double-forked
 * daemon, reparented to init or a subreaper), for no link leads to it any more.
 */
import { descendantsOf, readProcess, readProcessTable, type ProcessEntry } from '../process-table';

/** How many times ending the tree looks again for children started while it was being stopped. */
const MAX_STOP_ROUNDS = 10;

export interface ProcessTree {
  /** Remembers every process now descended from the root (itself seen from the start) or from one already seen. */
  collect(): void;
  /** SIGTERM to each process seen outside the root's process group (the group gets its own). */
  terminateOutsideGroup(): void;
  /** Stops (SIGSTOP) all seen and any child they started meanwhile, then kills them all. */
  kill(): void;
}

export function processTree(rootPid: number): ProcessTree {
  const seen = new Map<number, ProcessEntry>();
  const root = readProcess(rootPid);
  if (root !== undefined) seen.set(root.pid, root);
  const isSeen = (entry: ProcessEntry) => seen.get(entry.pid)?.startTime === entry.startTime;

  function collect(): void {
    const table = readProcessTable();
    const ancestors = table.filter(isSeen).map(({ pid }) => pid);
    for (const entry of descendantsOf(ancestors, table)) seen.set(entry.pid, entry);
  }

  /** Sends `signal` to each process seen that still runs (the same pid and start time) and `also` takes. */
  function signal(signal: NodeJS.Signals, also: (now: ProcessEntry) => boolean = () => true): void {
    for (const entry of seen.values()) {
      const now = readProcess(entry.pid);
      if (now?.startTime !== entry.startTime || now.state === 'Z' || !also(now)) continue;
      try {
        process.kill(entry.pid, signal);
      } catch {
        // It ended meanwhile.
      }
    }
  }

  return {
    collect,
    terminateOutsideGroup() {
      signal('SIGTERM', (now) => now.pgid !== rootPid);
    },
    kill() {
      collect();
      signal('SIGSTOP');
      for (let round = 0; round < MAX_STOP_ROUNDS; round++) {
        const known = seen.size;
        collect();
        if (seen.size === known) break;
        signal('SIGSTOP');
      }
      signal('SIGKILL');
    },
  };
}
