/**
 * Starting a process blocks the event loop until the child has replaced itself with the command (a
 * few milliseconds, tens on a loaded machine): 32 starts in one turn would hold every other
 * request that long. So stdio checks start their servers one per turn of the event loop.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Resolves in a turn of the event loop of its own, after the turns of the starts that asked before it. */
export type SpawnTurns = () => Promise<void>;

export function createSpawnTurns(): SpawnTurns {
  let last: Promise<void> = Promise.resolve();
  return () => {
    const turn = last.then(() => nextTurn());
    last = turn;
    return turn;
  };
}
