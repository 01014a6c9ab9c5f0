/**
 * Every process a stdio server started, found through /proc parent links: a child that called
 * `setsid` left the server's process group (so the group kill misses it) but is still its
 * parent's child. What escapes: a process whose parent exited before it was seen (a double-forked
 * daemon, reparented to init or a subreaper), for no link leads to it any more.
 */
import {
  childPidsOf,
  descendantsOf,
  hasChildrenFiles,
  readProcess,
  readProcessTable,
  type ProcessEntry,
} from '../process-table';

/** The processes now descended from `ancestors` (each still the same process) through parent links. */
export type FindDescendants = (ancestors: ProcessEntry[]) => ProcessEntry[];

/**
 * Walks the children files of the tree only: its cost follows the tree, not every process on the
 * machine (a whole-table scan held the event loop ~2 ms each time one of many checks ended).
 */
export const descendantsThroughChildrenFiles: FindDescendants = (ancestors) => {
  const found: ProcessEntry[] = [];
  const queue = ancestors.filter((entry) => readProcess(entry.pid)?.startTime === entry.startTime);
  const visited = new Set(queue.map(({ pid }) => pid));
  for (let parent = queue.shift(); parent !== undefined; parent = queue.shift()) {
    for (const pid of childPidsOf(parent.pid)) {
      const child = readProcess(pid);
      // Its parent link, read after the list, says it is still that parent's child (not a reused pid).
      if (visited.has(pid) || child?.ppid !== parent.pid) continue;
      visited.add(pid);
      found.push(child);
      queue.push(child);
    }
  }
  return found;
};

/** The fallback where the kernel lists no children files: one read of every process's stat. */
export const descendantsThroughTable: FindDescendants = (ancestors) => {
  const table = readProcessTable();
  const alive = table.filter((entry) =>
    ancestors.some((ancestor) => ancestor.pid === entry.pid && ancestor.startTime === entry.startTime),
  );
  return descendantsOf(
    alive.map(({ pid }) => pid),
    table,
  );
};

let chosen: FindDescendants | undefined;

/** The children files where the kernel has them (looked at once), else the whole table. */
function defaultFindDescendants(): FindDescendants {
  chosen ??= hasChildrenFiles() ? descendantsThroughChildrenFiles : descendantsThroughTable;
  return chosen;
}

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

export function processTree(
  rootPid: number,
  findDescendants: FindDescendants = defaultFindDescendants(),
): ProcessTree {
  const seen = new Map<number, ProcessEntry>();
  const root = readProcess(rootPid);
  if (root !== undefined) seen.set(root.pid, root);

  function collect(): void {
    for (const entry of findDescendants([...seen.values()])) seen.set(entry.pid, entry);
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
