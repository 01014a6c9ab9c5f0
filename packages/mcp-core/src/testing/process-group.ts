import { readdirSync, readFileSync } from 'node:fs';

/**
 * The pids of the processes still alive in process group `pgid`, from /proc (Linux). Zombies
 * do not count: an orphan killed in a container may stay unreaped, but it runs nothing.
 */
export function livingGroupMembers(pgid: number): number[] {
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
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return state !== 'Z' && Number(pgrp) === pgid ? [Number(pid)] : [];
    });
}
