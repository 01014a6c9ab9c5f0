import { expect, type Locator } from '@playwright/test';

/** Web-first check that a list of text boxes holds exactly these values, in this order. */
export async function expectValues(boxes: Locator, values: readonly string[]): Promise<void> {
  await expect(boxes).toHaveCount(values.length);
  for (const [index, value] of values.entries()) await expect(boxes.nth(index)).toHaveValue(value);
}

type Box = NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>;

/**
 * Where `locator` sits once the page has settled: its box, read until two reads 250 ms apart agree
 * (a busy machine may still be laying out what the last answer brought).
 */
export async function settledBox(locator: Locator): Promise<Box> {
  let last = await locator.boundingBox();
  await expect
    .poll(
      async () => {
        const now = await locator.boundingBox();
        const same = JSON.stringify(now) === JSON.stringify(last);
        last = now;
        return same && now !== null;
      },
      { intervals: [250], timeout: 10_000 },
    )
    .toBe(true);
  if (last === null) throw new Error('the element has no box');
  return last;
}
