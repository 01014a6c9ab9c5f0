/**
 * Import and export (SPEC §4 `mcp.import`, `mcp.importSources`, `mcp.export`) on top of the
 * service's queue, CLI and audit, which the service hands in: each imported server is its own
 * change, in its own queue turn, added whole with `add-json` and read back.
 */
import type { StoredEntry } from '../config';
import { isMcpCoreError, McpCoreError } from '../errors';
import { exportInputSchema, importInputSchema, importSourceInputSchema } from '../schemas';
import type { ExportInput, ImportInput, ImportSourceInput, Scope } from '../schemas';
import { exportDocument } from './export-document';
import { duplicateNote, ImportDocumentError, readImportDocument } from './import-document';
import type { DocumentServer } from './import-document';
import { fieldsDifferingAsLoaded } from '../entry-comparison';
import { checkImportedEntry } from '../cli';
import { findImportSource, listImportSources, readImportSourceText } from './import-sources';
import type { ImportSource, ImportSourceLocation } from './import-sources';
import { readScopeEntries } from './scope-entries';
import { errorText } from '../error-text';

export type ImportOutcome = 'added' | 'would-add' | 'exists' | 'invalid' | 'failed';

export interface ImportResult {
  name: string;
  outcome: ImportOutcome;
  /** What happened or would happen, in words; for `invalid`, every rule broken, `field: rule`. */
  message: string;
}

export interface ImportSourceDocument extends ImportSourceLocation {
  /** Its servers as a `.mcp.json` document; without `reveal`, every secret in them hidden. */
  json: string;
}

export interface TransferOperations {
  importServers(input: ImportInput): Promise<ImportResult[]>;
  importSources(): Promise<ImportSource[]>;
  importSource(input: ImportSourceInput): Promise<ImportSourceDocument>;
  exportServers(input: ExportInput): Promise<{ json: string }>;
}

/** What the service lends: its settings, its project check, its queue and its recorded whole-entry add. */
export interface TransferDependencies {
  configPath: string;
  desktopConfigPath: string | undefined;
  existingProject: (projectPath: string | undefined) => Promise<string>;
  storedIn: (scope: Scope, name: string, projectPath: string) => Promise<StoredEntry | undefined>;
  /** Runs `task` in its own turn of the mutation queue. */
  inQueueTurn: <T>(task: () => Promise<T>) => Promise<T>;
  /**
   * Adds one entry whole with `add-json`, reads it back, audits it and records it in the history;
   * throws what failed. Returns the CLI's text (and a warning).
   */
  addEntry: (added: {
    name: string;
    scope: Scope;
    projectPath: string;
    entry: Record<string, unknown>;
  }) => Promise<{ message: string; warning?: string }>;
}

export function createTransferOperations(deps: TransferDependencies): TransferOperations {
  const { configPath, desktopConfigPath, existingProject, storedIn, inQueueTurn, addEntry } = deps;

  /** `exists` when the name is already in the scope, saying whether the entry is the same. */
  async function existing(
    name: string,
    entry: Record<string, unknown>,
    scope: Scope,
    projectPath: string,
  ): Promise<ImportResult | undefined> {
    const stored = await storedIn(scope, name, projectPath);
    if (stored === undefined) return undefined;
    const differing = fieldsDifferingAsLoaded(entry, stored.entry);
    const comparison =
      differing.length === 0
        ? 'identical'
        : `different in ${differing.join(', ')}; remove it first to replace it`;
    return {
      name,
      outcome: 'exists',
      message: `Already in ${scope} scope (${stored.source}), ${comparison}.`,
    };
  }

  async function importOne(
    server: DocumentServer,
    { scope, dryRun }: ImportInput,
    projectPath: string,
  ): Promise<ImportResult> {
    const { name } = server;
    const check = checkImportedEntry(name, server.entry);
    if (!check.ok) return { name, outcome: 'invalid', message: check.problems };
    const { entry } = check;
    if (dryRun === true) {
      return (
        (await existing(name, entry, scope, projectPath)) ?? {
          name,
          outcome: 'would-add',
          message: `Would be added to ${scope} scope.`,
        }
      );
    }
    try {
      // Checked again in the turn: another change may have added the name since the preview.
      return await inQueueTurn(async () => {
        const found = await existing(name, entry, scope, projectPath);
        if (found !== undefined) return found;
        const result = await addEntry({ name, scope, projectPath, entry });
        const message =
          result.warning === undefined ? result.message : `${result.message}\n${result.warning}`;
        return { name, outcome: 'added', message };
      });
    } catch (error) {
      return { name, outcome: 'failed', message: errorText(error) };
    }
  }

  async function knownSource(path: string): Promise<ImportSourceLocation> {
    const location = await findImportSource(configPath, desktopConfigPath, path);
    if (location === undefined) {
      throw new McpCoreError(
        'INVALID_INPUT',
        `path "${path}" is not an import source: only Claude Desktop's config and known projects' .mcp.json are read`,
      );
    }
    return location;
  }

  return {
    async importServers(rawInput) {
      const input = importInputSchema.parse(rawInput);
      const projectPath = await existingProject(input.projectPath);
      const servers = chosenServers(documentServers(input.json), input.only);
      const results: ImportResult[] = [];
      // One after another: each change waits for its own turn, so others can interleave.
      for (const server of servers) {
        const result = await importOne(server, input, projectPath);
        const note = duplicateNote(server);
        results.push(note === undefined ? result : { ...result, message: `${result.message} ${note}` });
      }
      return results;
    },

    importSources: () => listImportSources(configPath, desktopConfigPath),

    async importSource(rawInput) {
      const { path, reveal } = importSourceInputSchema.parse(rawInput);
      const location = await knownSource(path);
      try {
        // Only its servers, parsed: never the text of a file, whatever the file turns out to be.
        const servers = readImportDocument(await readImportSourceText(path, desktopConfigPath)).map(
          ({ name, entry }) => [name, entry] as const,
        );
        return { ...location, json: exportDocument(new Map(servers), reveal === true) };
      } catch (error) {
        // The caller's choice of file, not MCP Admin's own config, is what cannot be read: a 400.
        if (error instanceof ImportDocumentError) {
          throw new McpCoreError('INVALID_INPUT', `${path} ${error.message}`, { cause: error });
        }
        if (isMcpCoreError(error) && error.code === 'CONFIG_UNREADABLE') {
          throw new McpCoreError('INVALID_INPUT', error.message, { cause: error });
        }
        throw error;
      }
    },

    async exportServers(rawInput) {
      const input = exportInputSchema.parse(rawInput);
      const projectPath = await existingProject(input.projectPath);
      const servers = await readScopeEntries(configPath, projectPath, input.scope);
      return { json: exportDocument(servers, input.reveal ?? false) };
    },
  };
}

function documentServers(json: string): DocumentServer[] {
  try {
    return readImportDocument(json);
  } catch (error) {
    if (error instanceof ImportDocumentError) {
      throw new McpCoreError('INVALID_INPUT', `json ${error.message}`, { cause: error });
    }
    throw error;
  }
}

/** The servers `only` names (all without it); a name the document does not hold is refused. */
function chosenServers(servers: DocumentServer[], only: string[] | undefined): DocumentServer[] {
  if (only === undefined) return servers;
  const names = new Set(servers.map(({ name }) => name));
  const missing = only.filter((name) => !names.has(name));
  if (missing.length > 0) {
    throw new McpCoreError(
      'INVALID_INPUT',
      `only: ${missing.map((name) => `"${name}"`).join(', ')} not in the document`,
    );
  }
  const chosen = new Set(only);
  return servers.filter(({ name }) => chosen.has(name));
}
