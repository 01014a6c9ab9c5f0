import { readFileSync } from 'node:fs';
import { readProcessTable } from '../process-table';

/** The living (not zombie) processes. */
function livingProcesses() {
  return readProcessTable().filter(({ state }) => state !== 'Z');
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
    .filter((process) => process.pgid === pgid)
    .map(({ pid }) => pid);
}
