/**
 * The machine's processes as /proc (Linux) lists them: the one reader of `/proc/PID/stat` that
 * the checks, the sign-in terminal and the tests share. Where /proc cannot be read (another OS, a
 * process gone mid-read, no file descriptor left) it lists nothing rather than throwing: its
 * callers run inside stream listeners, where a throw would take the whole server down.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export interface ProcessEntry {
  pid: number;
  /** One letter: `R` running, `S` sleeping, `Z` zombie (exited, not yet reaped), … */
  state: string;
  ppid: number;
  /** Its process group. */
  pgid: number;
  /** Clock ticks after boot when it started: with the pid, names one process even once pids are reused. */
  startTime: number;
}

/** Every process that could be read now. */
export function readProcessTable(): ProcessEntry[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    const process = readProcess(Number(entry));
    return process === undefined ? [] : [process];
  });
}

/** One process, `undefined` once it is gone (or cannot be read). */
export function readProcess(pid: number): ProcessEntry | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  return parseProcessStat(pid, stat);
}

/** The fields of `/proc/PID/stat` text that MCP Admin uses. */
export function parseProcessStat(pid: number, stat: string): ProcessEntry {
  // "pid (comm) state ppid pgrp session … starttime(22nd) …", and comm may hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [state = '', ppid, pgid] = fields;
  return { pid, state, ppid: Number(ppid), pgid: Number(pgid), startTime: Number(fields[19]) };
}

/**
 * The processes descended from any of `ancestors` through parent links, whatever their group or
 * session (a child that called `setsid` is still its parent's child), found in one read of /proc.
 */
export function descendantsOf(ancestors: Iterable<number>, table = readProcessTable()): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of table) {
    const siblings = children.get(entry.ppid);
    if (siblings === undefined) children.set(entry.ppid, [entry]);
    else siblings.push(entry);
  }
  const found: ProcessEntry[] = [];
  const queue = [...ancestors];
  const seen = new Set(queue);
  for (let parent = queue.shift(); parent !== undefined; parent = queue.shift()) {
    for (const child of children.get(parent) ?? []) {
      if (seen.has(child.pid)) continue;
      seen.add(child.pid);
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

/** Whether this kernel lists each thread's children in /proc/PID/task/TID/children (CONFIG_PROC_CHILDREN). */
export function hasChildrenFiles(): boolean {
  return existsSync(`/proc/${String(process.pid)}/task/${String(process.pid)}/children`);
}

/** The pids of `pid`'s children, from every one of its threads' children files; none once it is gone. */
export function childPidsOf(pid: number): number[] {
  const task = `/proc/${String(pid)}/task`;
  let threads: string[];
  try {
    threads = readdirSync(task);
  } catch {
    return [];
  }
  return threads.flatMap((thread) => {
    try {
      return pidsListed(readFileSync(`${task}/${thread}/children`, 'latin1'));
    } catch {
      return [];
    }
  });
}

/** The pids of a `/proc/PID/task/TID/children` file: numbers separated by spaces. */
export function pidsListed(text: string): number[] {
  return text.split(' ').filter(Boolean).map(Number);
}

/** The argv `pid` runs (`/proc/PID/cmdline`), `undefined` once it is gone or where it cannot be read. */
export function readCommandLine(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8');
    return text === '' ? undefined : text.replace(/\0$/, '').split('\0');
  } catch {
    return undefined;
  }
}

/**
 * Whether a process whose argv ends with `args` runs now (a script's interpreter and path come
 * before them): found by its argv where its pid is not known.
 */
export function isRunningArgs(args: readonly string[], table = readProcessTable()): boolean {
  if (args.length === 0) return false;
  return table.some((entry) => {
    if (entry.state === 'Z') return false;
    const argv = readCommandLine(entry.pid);
    if (argv === undefined || argv.length <= args.length) return false;
    const tail = argv.slice(argv.length - args.length);
    return tail.every((arg, index) => arg === args[index]);
  });
}

/** A process as a file names its owner: its pid and, where /proc tells it, when it started (pids are reused). */
export interface ProcessOwner {
  pid: number;
  startTime: number | null;
}

/** This process, as a file names its owner. */
export function thisProcess(): ProcessOwner {
  return { pid: process.pid, startTime: readProcess(process.pid)?.startTime ?? null };
}

/** Whether the process `owner` names still runs (a zombie has ended; a reused pid is another process). */
export function isRunning(owner: ProcessOwner): boolean {
  const now = readProcess(owner.pid);
  if (now !== undefined) {
    return now.state !== 'Z' && (owner.startTime === null || now.startTime === owner.startTime);
  }
  if (owner.startTime !== null) return false;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch {
    return false;
  }
}
