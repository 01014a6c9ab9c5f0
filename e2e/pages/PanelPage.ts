import { expect, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AddServerForm } from './AddServerForm';

/** Where the tests' design screenshots go: only when SCREENS_DIR is set (a run that no one looks at skips them). */
const SCREENSHOT_DIR = process.env.SCREENS_DIR;

/** Saves the page as `$SCREENS_DIR/NAME.png`, for reviewing the design; nothing when SCREENS_DIR is unset. */
export async function saveScreenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (SCREENSHOT_DIR === undefined) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/** The panel's views, as the `Views` navigation names them. */
export type ViewName = 'Servers' | 'Context cost' | 'Profiles' | 'History' | 'Discover' | 'Running sessions';

/** The whole panel: header and views, server list, add and edit form, history and the dialogs they open. */
export class PanelPage {
  readonly page: Page;
  readonly addForm: AddServerForm;
  readonly editForm: AddServerForm;
  readonly history: Locator;
  readonly serverTable: Locator;
  readonly revealSecrets: Locator;
  readonly projectPicker: Locator;
  readonly dialog: Locator;
  readonly checkAllButton: Locator;
  readonly managedBanner: Locator;
  readonly notLoadingFilter: Locator;
  readonly views: Locator;
  readonly newServerButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.addForm = new AddServerForm(page);
    this.editForm = new AddServerForm(page, { formName: 'Edit MCP server', submitName: 'Save changes' });
    this.history = page.getByRole('region', { name: 'History', exact: true });
    this.serverTable = page.getByRole('table');
    this.revealSecrets = page.getByRole('switch', { name: 'Reveal secrets' });
    this.projectPicker = page.getByRole('combobox', { name: 'Project' });
    this.dialog = page.getByRole('dialog');
    this.checkAllButton = page.getByRole('button', { name: 'Check all', exact: true });
    this.managedBanner = page.getByRole('region', { name: 'Managed config' });
    this.views = page.getByRole('navigation', { name: 'Views' });
    this.newServerButton = page.getByRole('button', { name: 'New server', exact: true });
    this.notLoadingFilter = page
      .getByRole('group', { name: 'Show' })
      .getByRole('button', { name: /^Not loading/ });
  }

  /** Opens the printed sign-in URL and waits for the panel to be usable. */
  async signIn(signInUrl: string): Promise<void> {
    await this.page.goto(signInUrl);
    await this.loaded();
  }

  /** Reloads the page and, as after signing in, waits for the panel to be usable. */
  async reload(): Promise<void> {
    await this.page.reload();
    await this.loaded();
  }

  /**
   * Waits for the panel to be usable: `New server` shows with it (under a managed config there is
   * none, but a banner), and the page the server drew works once the panel is no longer busy.
   */
  async loaded(): Promise<void> {
    await expect(this.newServerButton.or(this.managedBanner)).toBeVisible();
    await expect(this.page.getByRole('main')).not.toHaveAttribute('aria-busy', 'true');
  }

  /** The link to a view in the `Views` navigation. */
  viewLink(name: ViewName): Locator {
    return this.views.getByRole('link', { name, exact: true });
  }

  /** The region a view draws, named as the view. */
  viewRegion(name: ViewName): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  /** Shows a view through its link in `Views`, and waits for its region. */
  async showView(name: ViewName): Promise<void> {
    await this.viewLink(name).click();
    await expect(this.viewRegion(name)).toBeVisible();
  }

  /** Opens the add form with `New server` (unless it is open) and returns it. */
  async openAddForm(): Promise<AddServerForm> {
    if (!(await this.addForm.root.isVisible())) await this.newServerButton.click();
    await expect(this.addForm.root).toBeVisible();
    return this.addForm;
  }

  /** The table row whose row header is exactly `name` (one per scope it is stored in). */
  serverRow(name: string): Locator {
    return this.serverTable
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  removeButton(name: string): Locator {
    return this.serverRow(name).getByRole('button', { name: `Remove ${name}`, exact: true });
  }

  editButton(name: string): Locator {
    return this.serverRow(name).getByRole('button', { name: `Edit ${name}`, exact: true });
  }

  /** The History entry whose text holds `text` (e.g. `Removed old`), newest first. */
  historyEntry(text: string): Locator {
    return this.history.getByRole('listitem').filter({ hasText: text });
  }

  /**
   * Opens the server sheet of the row (its name is the link) and returns it: the dialog named as
   * the server, with its details, tools, logs and history.
   */
  async openSheet(name: string, row: Locator = this.serverRow(name)): Promise<Locator> {
    await row.getByRole('link', { name, exact: true }).click();
    const sheet = this.page.getByRole('dialog', { name, exact: true });
    await expect(sheet).toBeVisible();
    return sheet;
  }

  /** Opens the server's sheet and returns its Tools region: the last check's tools and their permissions. */
  async openSheetTools(name: string): Promise<Locator> {
    return (await this.openSheet(name)).getByRole('region', { name: 'Tools', exact: true });
  }

  /** Closes the open server sheet with Escape. */
  async closeSheet(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(this.page.getByRole('dialog')).toHaveCount(0);
  }

  checkButton(name: string): Locator {
    return this.serverRow(name).getByRole('button', { name: `Check ${name}`, exact: true });
  }

  /** Shown in the row while its check runs. */
  cancelCheckButton(name: string): Locator {
    return this.serverRow(name).getByRole('button', { name: `Cancel check ${name}`, exact: true });
  }

  /** Shown next to `Check all` while it runs. */
  get cancelCheckAllButton(): Locator {
    return this.page.getByRole('button', { name: 'Cancel check all', exact: true });
  }

  /** The row's menu button of rarer actions (Logs, Sign in, Sign out). */
  moreActions(name: string, row: Locator = this.serverRow(name)): Locator {
    return row.getByRole('button', { name: `More actions for ${name}`, exact: true });
  }

  /** Opens the row's `More actions for <name>` menu and returns its item `label` (e.g. `Logs db`). */
  async rowMenuItem(name: string, label: string, row: Locator = this.serverRow(name)): Promise<Locator> {
    const button = this.moreActions(name, row);
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    const menu = this.page.getByRole('menu', { name: `More actions for ${name}`, exact: true });
    await expect(menu).toBeVisible();
    return menu.getByRole('menuitem', { name: label, exact: true });
  }

  /** The row's lasting on/off switch. */
  enabledSwitch(name: string, row: Locator = this.serverRow(name)): Locator {
    return row.getByRole('switch', { name: `Enabled ${name}`, exact: true });
  }

  async removeServer(name: string): Promise<void> {
    await this.removeButton(name).click();
    await this.dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  }

  /** Types a project path into the picker and takes it with Enter. */
  async chooseProject(path: string): Promise<void> {
    await this.projectPicker.fill(path);
    await this.projectPicker.press('Enter');
  }

  /** Saves the page as `$SCREENS_DIR/NAME.png`, for reviewing the design (see `saveScreenshot`). */
  async screenshot(name: string, { fullPage = true } = {}): Promise<void> {
    await saveScreenshot(this.page, name, { fullPage });
  }
}
