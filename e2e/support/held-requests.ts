import type { Page } from '@playwright/test';

/**
 * Holds back every request whose URL matches until the returned function is called, so a test
 * can look at the panel while that response is still on its way.
 */
export async function holdRequests(page: Page, matches: (url: URL) => boolean): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(matches, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
