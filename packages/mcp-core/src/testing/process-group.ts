import { readdirSync, readFileSync } from 'node:fs';

/** The pids of the living (not zombie) processes, with their /proc/PID/stat fields after "(comm)". */
function livingProcesses(): { pid: number; fields: string[] }[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        return [];
      }
      // "pid (comm) state ppid pgrp …", and comm may itself hold spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return fields[0] === 'Z' ? [] : [{ pid: Number(pid), fields }];
    });
}

/**
 * The pids of the living processes whose environment holds `entry` (`NAME=value`), e.g. every
 * process a test's CLI started, whatever its group or session, by its world's CLAUDE_CONFIG_DIR.
 */
export function processesWithEnvironment(entry: string): number[] {
  return livingProcesses().flatMap(({ pid }) => {
    try {
      return readFileSync(`/proc/${String(pid)}/environ`, 'utf8')
        .split('\0')
        .includes(entry)
        ? [pid]
        : [];
    } catch {
      return [];
    }
  });
}

/**
 * The pids of the processes still alive in process group `pgid`, from /proc (Linux). Zombies
 * do not count: an orphan killed in a container may stay unreaped, but it runs nothing.
 */
export function livingGroupMembers(pgid: number): number[] {
  return livingProcesses()
    .filter(({ fields }) => Number(fields[2]) === pgid)
    .map(({ pid }) => pid);
}
