/**
 * Issue 29's shell: the `Views` navigation with one region per view and the view in the address
 * (Back, bookmarks, the sign-in URL), the skip link, the `/` and `n` keys, and `New server` opening
 * the add form with its paste box first while the Servers view keeps the whole width. Where a thing
 * shows at a desktop and a phone width, the rest at a desktop width.
 */
import { PanelPage, type ViewName } from './pages/PanelPage';
import { seedServer } from './support/seed';
import { expect, test } from './support/fixtures';

const WIDTHS = [
  { label: '1280', width: 1280, height: 800 },
  { label: '390', width: 390, height: 844 },
] as const;

const VIEW_URLS: readonly (readonly [ViewName, string])[] = [
  ['Servers', '#/servers'],
  ['Context cost', '#/context-cost'],
  ['Profiles', '#/profiles'],
  ['History', '#/history'],
  ['Discover', '#/discover'],
  ['Running sessions', '#/sessions'],
];

// Not at 390 px too: that run repeated the same behaviour (views in the address, keys, the paste
// box) and checked nothing the width changes; look.spec.ts checks the Views links at 390 px.
for (const { width, height } of [WIDTHS[0]]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('Views links Servers, Context cost, Profiles, History, Discover and Running sessions; each shows its region alone, puts the view in the address, and Back returns to the last one', async ({
      panel,
      page,
      server,
    }) => {
      await expect(panel.views.getByRole('link')).toHaveText([
        'Servers',
        'Context cost',
        'Profiles',
        'History',
        'Discover',
        'Running sessions',
      ]);
      await expect(panel.viewRegion('Servers')).toBeVisible();
      await expect(panel.viewLink('Servers')).toHaveAttribute('aria-current', 'page');

      for (const [name, hash] of VIEW_URLS) {
        await panel.showView(name);
        await expect(page).toHaveURL(`${server.origin}/${hash}`);
        await expect(panel.viewLink(name)).toHaveAttribute('aria-current', 'page');
        for (const [other] of VIEW_URLS) {
          if (other !== name) await expect(panel.viewRegion(other)).toBeHidden();
        }
      }
      await page.goBack();
      await expect(panel.viewRegion('Discover')).toBeVisible();
      await expect(page).toHaveURL(`${server.origin}/#/discover`);
      await page.goBack();
      await expect(panel.viewRegion('History')).toBeVisible();
    });

    test('a bookmarked view opens as itself, also through the sign-in URL, whose token still leaves the address bar', async ({
      page,
      server,
    }) => {
      const panel = new PanelPage(page);
      await page.goto(`${server.signInUrl}#/history`);
      await expect(panel.viewRegion('History')).toBeVisible();
      await expect(page).toHaveURL(`${server.origin}/#/history`);
      await expect(panel.viewRegion('Servers')).toBeHidden();

      await page.goto(`${server.origin}/#/context-cost`);
      await expect(panel.viewRegion('Context cost')).toBeVisible();
      await expect(panel.viewLink('Context cost')).toHaveAttribute('aria-current', 'page');
    });

    test('/ focuses Search servers from any view; n opens the add form with its paste box focused, and both are plain letters in a field', async ({
      openPanel,
      page,
      world,
    }) => {
      await seedServer(world, world.projectDir, { name: 'files', scope: 'user', command: 'node' });
      const panel = await openPanel();
      const search = page.getByRole('searchbox', { name: 'Search servers' });
      await panel.showView('History');
      await page.keyboard.press('/');
      await expect(panel.viewRegion('Servers')).toBeVisible();
      await expect(search).toBeFocused();
      await page.keyboard.type('n/');
      await expect(search).toHaveValue('n/');
      await expect(panel.addForm.root).toBeHidden();

      await search.fill('');
      await panel.viewLink('History').focus();
      await page.keyboard.press('n');
      await expect(panel.viewRegion('Servers')).toBeVisible();
      await expect(panel.addForm.root).toBeVisible();
      const paste = panel.addForm.root.getByRole('textbox', { name: 'Paste a command or JSON' });
      await expect(paste).toBeFocused();
      await page.keyboard.type('n');
      await expect(paste).toHaveValue('n');
    });

    test('after Add server the paste box is empty (no secret left in it) and focused, and the next paste fills the form', async ({
      panel,
      page,
    }) => {
      const form = await panel.openAddForm();
      const paste = form.root.getByRole('textbox', { name: 'Paste a command or JSON', exact: true });
      const pasteText = async (text: string) => {
        await paste.evaluate((box, pasted) => {
          const data = new DataTransfer();
          data.setData('text', pasted);
          box.dispatchEvent(
            new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
          );
        }, text);
      };
      await paste.focus();
      await pasteText('claude mcp add --scope user -e API_KEY=s3cret-one first -- node first.js');
      await expect(form.name).toHaveValue('first');
      await form.submit.click();
      await expect(panel.serverRow('first')).toBeVisible();
      await expect(paste).toBeFocused();
      await expect(paste).toHaveValue('');
      await expect(form.name).toHaveValue('');

      await pasteText('claude mcp add --scope user second -- node second.js');
      await expect(form.name).toHaveValue('second');
      await expect(form.command).toHaveValue('node');
      await expect(page.getByText('s3cret-one')).toHaveCount(0);
    });
  });
}

// Where the skip link and the add form show depends on the width: both widths.
for (const { label, width, height } of WIDTHS) {
  test.describe(`at ${label} px`, () => {
    test.use({ viewport: { width, height } });

    test('the first Tab reaches Skip to content, which moves focus past the header to the view', async ({
      panel,
      page,
    }) => {
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content', exact: true });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
      await page.keyboard.press('Tab');
      // The next stop is in the Servers view, not the header.
      await expect(panel.viewRegion('Servers').locator(':focus')).toHaveCount(1);
    });

    test('New server opens Add MCP server with the paste box first; Escape or Close closes it, focus back on New server, and the Servers view has the whole width while it is closed', async ({
      openPanel,
      page,
      world,
    }) => {
      await seedServer(world, world.projectDir, { name: 'files', scope: 'user', command: 'node' });
      const panel = await openPanel();
      const servers = panel.viewRegion('Servers');
      const main = page.getByRole('main');
      const fullWidth = (await main.boundingBox())?.width ?? 0;
      // The region spans the main area but its padding (at most 2 × 24 px).
      expect((await servers.boundingBox())?.width).toBeGreaterThan(fullWidth - 50);

      await expect(panel.newServerButton).toBeVisible();
      await panel.newServerButton.click();
      const form = panel.addForm;
      await expect(form.root).toBeVisible();
      const paste = form.root.getByRole('textbox', { name: 'Paste a command or JSON' });
      await expect(paste).toBeFocused();
      await expect(form.root.getByRole('textbox').first()).toHaveAccessibleName('Paste a command or JSON');
      await expect(form.root).toBeInViewport();
      await panel.screenshot(`shell-new-server-${label}`, { fullPage: false });

      await page.keyboard.press('Escape');
      await expect(form.root).toBeHidden();
      await expect(panel.newServerButton).toBeFocused();
      expect((await servers.boundingBox())?.width).toBeGreaterThan(fullWidth - 50);

      await panel.newServerButton.click();
      await form.name.fill('kept');
      await page.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(form.root).toBeHidden();
      await expect(panel.newServerButton).toBeFocused();
      await panel.newServerButton.click();
      await expect(form.name).toHaveValue('kept');
    });
  });
}
