import { expect, vi } from 'vitest';
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

/**
 * Waits until no process of group `pgid` is alive: a SIGKILL is sent at once but carried out by
 * the kernel a moment later (later still for a process busy in a system call). Fails if any stays.
 */
export async function expectGroupGone(pgid: number): Promise<void> {
  await vi.waitFor(
    () => {
      expect(livingGroupMembers(pgid)).toEqual([]);
    },
    { timeout: 5_000, interval: 20 },
  );
}
