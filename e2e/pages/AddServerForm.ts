import type { Locator, Page } from '@playwright/test';

export type ScopeLabel = 'User' | 'Local' | 'Project';
export type TransportLabel = 'stdio' | 'HTTP' | 'SSE';

/**
 * The `Add MCP server` form, located by its accessible names only; also, named `Edit MCP server`
 * with `Save changes`, the same form editing a listed server.
 */
export class AddServerForm {
  readonly root: Locator;
  readonly name: Locator;
  readonly command: Locator;
  readonly url: Locator;
  readonly arguments: Locator;
  readonly variableNames: Locator;
  readonly variableValues: Locator;
  readonly headerNames: Locator;
  readonly headerValues: Locator;
  readonly submit: Locator;
  readonly alert: Locator;

  constructor(page: Page, { formName = 'Add MCP server', submitName = 'Add server' } = {}) {
    this.root = page.getByRole('form', { name: formName });
    const textbox = (name: string) => this.root.getByRole('textbox', { name, exact: true });
    this.name = textbox('Name');
    this.command = textbox('Command');
    this.url = textbox('URL');
    this.arguments = textbox('Argument');
    this.variableNames = textbox('Variable name');
    this.variableValues = textbox('Variable value');
    this.headerNames = textbox('Header name');
    this.headerValues = textbox('Header value');
    this.submit = this.root.getByRole('button', { name: submitName, exact: true });
    this.alert = this.root.getByRole('alert');
  }

  scope(label: ScopeLabel): Locator {
    return this.root.getByRole('radio', { name: label, exact: true });
  }

  transport(label: TransportLabel): Locator {
    return this.root.getByRole('radio', { name: label, exact: true });
  }

  /** The field of a registry entry's input, labelled by the input's own name. */
  input(name: string): Locator {
    return this.root.getByLabel(name, { exact: true });
  }

  button(name: string): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }

  async addArgument(value: string): Promise<void> {
    await this.button('Add argument').click();
    await this.arguments.last().fill(value);
  }

  async addVariable(name: string, value: string): Promise<void> {
    await this.button('Add variable').click();
    await this.variableNames.last().fill(name);
    await this.variableValues.last().fill(value);
  }

  async addHeader(name: string, value: string): Promise<void> {
    await this.button('Add header').click();
    await this.headerNames.last().fill(name);
    await this.headerValues.last().fill(value);
  }

  /** Fills a stdio server; submitting is left to the test. */
  async fillStdio(server: {
    name: string;
    scope: ScopeLabel;
    command: string;
    args?: readonly string[];
    env?: Readonly<Record<string, string>>;
  }): Promise<void> {
    await this.name.fill(server.name);
    await this.scope(server.scope).check();
    await this.transport('stdio').check();
    await this.command.fill(server.command);
    for (const arg of server.args ?? []) await this.addArgument(arg);
    for (const [key, value] of Object.entries(server.env ?? {})) await this.addVariable(key, value);
  }

  /** Fills an HTTP or SSE server; submitting is left to the test. */
  async fillRemote(server: {
    name: string;
    scope: ScopeLabel;
    transport: 'HTTP' | 'SSE';
    url: string;
    headers?: Readonly<Record<string, string>>;
  }): Promise<void> {
    await this.name.fill(server.name);
    await this.scope(server.scope).check();
    await this.transport(server.transport).check();
    await this.url.fill(server.url);
    for (const [key, value] of Object.entries(server.headers ?? {})) await this.addHeader(key, value);
  }
}
