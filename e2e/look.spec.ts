/**
 * Issue 29's screenshots, as checks: at 390 px every `Views` link is on screen without scrolling
 * sideways, and `New server` keeps a readable contrast in light and dark mode. At a desktop and a
 * phone width.
 */
import { expect, test } from './support/fixtures';
import { seedThirtyServers } from './support/many-servers';

const WIDTHS = [
  { label: '1280', width: 1280, height: 800 },
  { label: '390', width: 390, height: 844 },
] as const;

/** WCAG's contrast ratio of two `rgb(r, g, b)` colors. */
function contrast(first: string, second: string): number {
  const luminance = (color: string) => {
    const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((value) => {
      const channel = value / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

for (const { label, width, height } of WIDTHS) {
  test.describe(`at ${label} px`, () => {
    test.use({ viewport: { width, height } });

    test('every Views link is inside the screen, and the links do not scroll sideways', async ({ panel }) => {
      const links = panel.views.getByRole('link');
      await expect(links).toHaveCount(6);
      for (const link of await links.all()) {
        await expect(link).toBeInViewport({ ratio: 1 });
      }
      const list = panel.views.getByRole('list');
      const overflow = await list.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    for (const scheme of ['light', 'dark'] as const) {
      test(`New server's text has a contrast of at least 4.5:1 with its fill in ${scheme} mode`, async ({
        panel,
        page,
      }) => {
        await page.emulateMedia({ colorScheme: scheme });
        const colors = await panel.newServerButton.evaluate((button) => {
          const style = getComputedStyle(button);
          return { text: style.color, fill: style.backgroundColor };
        });
        expect(contrast(colors.text, colors.fill)).toBeGreaterThanOrEqual(4.5);
      });
    }
  });
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Context cost breaks no server name inside a word: each name that fits a line keeps its one line', async ({
    openPanel,
    world,
  }) => {
    // The 30 of the screenshots: some rows' notes are long ("Not loaded in this project: costs nothing").
    await seedThirtyServers(world);
    const panel = await openPanel();
    await panel.viewLink('Context cost').click();
    const table = panel.viewRegion('Context cost').getByRole('table', { name: 'Servers by cost' });
    for (const name of ['everything', 'filesystem', 'puppeteer']) {
      const cell = table.getByRole('rowheader', { name: new RegExp(`^${name} (User|Local)$`) });
      await expect(cell).toBeVisible();
      // The lines the name's own text is laid out on: one, unless the word is cut.
      const lines = await cell.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element.firstChild ?? element);
        const tops = Array.from(range.getClientRects(), (rect: DOMRect) => Math.round(rect.top));
        return new Set(tops).size;
      });
      expect(lines, name).toBe(1);
    }
  });
});
