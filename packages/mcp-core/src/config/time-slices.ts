/**
 * Long work on the main thread, over as many items as a config file holds (a million projects),
 * done in slices: the event loop gets a turn every SLICE_MS, so requests keep being answered.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

const SLICE_MS = 4;
/** The clock is read once per this many items. */
const ITEMS_PER_CLOCK_CHECK = 256;
/** Runs this long sort well within a slice; the merges that follow check the clock as they go. */
const SORTED_RUN_LENGTH = 4096;

export interface Slices {
  /** Counts one item; true once the current slice has lasted SLICE_MS: then `await pause()`. */
  due(): boolean;
  pause(): Promise<void>;
}

export function createSlices(): Slices {
  let sliceStart = performance.now();
  let items = 0;
  return {
    due: () => ++items % ITEMS_PER_CLOCK_CHECK === 0 && performance.now() - sliceStart >= SLICE_MS,
    pause: async () => {
      await nextTurn();
      sliceStart = performance.now();
    },
  };
}

/** A stable sort that yields between slices: runs sorted natively, then merged pairwise. */
export async function sortInSlices<T>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
  slices: Slices,
): Promise<T[]> {
  let runs: T[][] = [];
  for (let start = 0; start < items.length; start += SORTED_RUN_LENGTH) {
    runs.push(items.slice(start, start + SORTED_RUN_LENGTH).sort(compare));
    await slices.pause();
  }
  while (runs.length > 1) {
    const merged: T[][] = [];
    for (let index = 0; index < runs.length; index += 2) {
      const left = runs[index] ?? [];
      const right = runs[index + 1];
      merged.push(right === undefined ? left : await merge(left, right, compare, slices));
    }
    runs = merged;
  }
  return runs[0] ?? [];
}

// On ties the left run's item comes first, which keeps the sort stable.
async function merge<T>(left: T[], right: T[], compare: (a: T, b: T) => number, slices: Slices) {
  const merged: T[] = [];
  let l = 0;
  let r = 0;
  while (l < left.length && r < right.length) {
    const fromLeft = left[l] as T;
    const fromRight = right[r] as T;
    if (compare(fromRight, fromLeft) < 0) {
      merged.push(fromRight);
      r += 1;
    } else {
      merged.push(fromLeft);
      l += 1;
    }
    if (slices.due()) await slices.pause();
  }
  return merged.concat(left.slice(l), right.slice(r));
}
