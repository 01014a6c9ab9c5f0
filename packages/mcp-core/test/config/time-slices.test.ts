import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createSlices, sortInSlices } from '../../src/config/time-slices';

interface Item {
  key: number;
  index: number;
}

const byKey = (a: Item, b: Item) => a.key - b.key;

function items(count: number): Item[] {
  // Few distinct keys, so stability shows.
  return Array.from({ length: count }, (_, index) => ({ key: (index * 7919) % 97, index }));
}

describe('sortInSlices', () => {
  it.each([0, 1, 4096, 4097, 20_000])(
    'sorts %i items as Array.prototype.sort does, stably',
    async (count) => {
      const unsorted = items(count);
      await expect(sortInSlices(unsorted, byKey, createSlices())).resolves.toEqual([...unsorted].sort(byKey));
    },
  );

  it('hands the event loop turns while it sorts a long list', async () => {
    let turns = 0;
    let sorting = true;
    const countTurns = async () => {
      while (sorting) {
        await nextTurn();
        turns += 1;
      }
    };
    const counting = countTurns();
    await sortInSlices(items(200_000), byKey, createSlices());
    sorting = false;
    await counting;

    expect(turns).toBeGreaterThan(10);
  });
});
