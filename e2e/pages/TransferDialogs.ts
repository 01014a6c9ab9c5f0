import type { Locator, Page } from '@playwright/test';
import type { ScopeLabel } from './AddServerForm';

/** The `Import JSON` dialog, located by accessible names only. */
export class ImportDialog {
  readonly openButton: Locator;
  readonly root: Locator;
  readonly json: Locator;
  readonly fileInput: Locator;
  readonly preview: Locator;
  readonly import: Locator;
  readonly close: Locator;
  readonly alert: Locator;
  readonly status: Locator;
  readonly rows: Locator;

  constructor(page: Page) {
    this.openButton = page.getByRole('button', { name: 'Import JSON', exact: true });
    this.root = page.getByRole('dialog', { name: 'Import JSON' });
    this.json = this.root.getByRole('textbox', { name: 'JSON', exact: true });
    this.fileInput = this.root.getByLabel('Upload a file');
    this.preview = this.root.getByRole('button', { name: 'Preview', exact: true });
    this.import = this.root.getByRole('button', { name: 'Import', exact: true });
    this.close = this.root.getByRole('button', { name: 'Close', exact: true });
    this.alert = this.root.getByRole('alert');
    // Its own status, not the message after the import (shown in the dialog too, with Dismiss).
    this.status = this.root
      .getByRole('status')
      .filter({ hasNot: page.getByRole('button', { name: 'Dismiss', exact: true }) });
    this.rows = this.root.getByRole('table').getByRole('row');
  }

  scope(label: ScopeLabel): Locator {
    return this.root.getByRole('radio', { name: label, exact: true });
  }

  /** The result row of the server named exactly `name`. */
  row(name: string): Locator {
    return this.rows.filter({ has: this.root.page().getByRole('rowheader', { name, exact: true }) });
  }

  checkbox(name: string): Locator {
    return this.root.getByRole('checkbox', { name: `Import ${name}`, exact: true });
  }

  loadSource(label: string): Locator {
    return this.root.getByRole('button', { name: `Load ${label}`, exact: true });
  }
}

/** The `Export servers` dialog. */
export class ExportDialog {
  readonly openButton: Locator;
  readonly root: Locator;
  readonly json: Locator;
  readonly revealSecrets: Locator;
  readonly copy: Locator;
  readonly download: Locator;
  readonly status: Locator;

  constructor(page: Page) {
    this.openButton = page.getByRole('button', { name: 'Export', exact: true });
    this.root = page.getByRole('dialog', { name: 'Export servers' });
    this.json = this.root.getByRole('textbox', { name: 'Exported JSON', exact: true });
    this.revealSecrets = this.root.getByRole('switch', { name: 'Include secret values' });
    this.copy = this.root.getByRole('button', { name: 'Copy', exact: true });
    this.download = this.root.getByRole('button', { name: 'Download', exact: true });
    this.status = this.root.getByRole('status');
  }

  scope(label: ScopeLabel): Locator {
    return this.root.getByRole('radio', { name: label, exact: true });
  }
}
