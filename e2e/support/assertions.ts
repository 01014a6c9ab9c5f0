import { expect, type Locator } from '@playwright/test';

/** Web-first check that a list of text boxes holds exactly these values, in this order. */
export async function expectValues(boxes: Locator, values: readonly string[]): Promise<void> {
  await expect(boxes).toHaveCount(values.length);
  for (const [index, value] of values.entries()) await expect(boxes.nth(index)).toHaveValue(value);
}
