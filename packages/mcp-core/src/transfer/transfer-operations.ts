/**
 * Import and export (docs/api.md#mcpimport, #mcpimportsources, #mcpexport) on top of the
 * service's queue, CLI and audit, which the service hands in: each imported server is its own
 * change, in its own queue turn, added whole with `add-json` and read back.
 */
import { isRecord } from '../records';
import { unwrapEntry } from '../kept-secrets';
import type { UnwrappedEntry } from '../kept-secrets';
import type { MissedSession, StoredEntry } from '../config';
import { errorText } from '../error-text';
import { isMcpCoreError, McpCoreError } from '../errors';
import { exportInputSchema, importInputSchema, importSourceInputSchema } from '../schemas';
import type { ExportInput, ImportInput, ImportSourceInput, Scope } from '../schemas';
import { exportDocument } from './export-document';
import type { ExportedDocument } from './export-document';
import { duplicateNote, ImportDocumentError, readImportDocument } from './import-document';
import type { DocumentServer } from './import-document';
import { fieldsDifferingAsLoaded } from '../entry-comparison';
import { checkImportedEntry } from '../cli';
import { findImportSource, listImportSources, readImportSourceText } from './import-sources';
import type { ImportSource, ImportSourceLocation } from './import-sources';
import { readScopeEntries } from './scope-entries';

export type ImportOutcome = 'added' | 'would-add' | 'exists' | 'invalid' | 'failed';

/** Where a stored entry of the same name is. */
export interface StoredPlace {
  scope: Scope;
  source: string;
}

export interface ImportResult {
  /** The name as the document writes it: what `only`, `renames` and `replace` name. */
  name: string;
  outcome: ImportOutcome;
  /** What happened or would happen, in words; for `invalid`, every rule broken, `field: rule`. */
  message: string;
  /** The name it is (or would be) stored under, when `renames` gives one. */
  importedAs?: string;
  /** An entry of that name in a farther scope that the imported one hides from Claude Code. */
  shadows?: StoredPlace;
  /** An entry of that name in a nearer scope that hides the imported one. */
  shadowedBy?: StoredPlace;
  /** The stored entry the imported one replaces (or would), asked for with `replace`. */
  replaces?: StoredPlace;
  /** For a server added: the running Claude Code sessions that started before it and do not see it (service/reported-changes.ts). */
  sessionsMissing?: MissedSession[];
}

export interface ImportSourceDocument extends ImportSourceLocation {
  /** Its servers as a `.mcp.json` document; without `reveal`, every secret in them hidden. */
  json: string;
}

export interface TransferOperations {
  importServers(input: ImportInput): Promise<ImportResult[]>;
  importSources(): Promise<ImportSource[]>;
  importSource(input: ImportSourceInput): Promise<ImportSourceDocument>;
  exportServers(input: ExportInput): Promise<ExportedDocument>;
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
  addEntry: EntryWrite;
  /** Replaces the stored entry of `name` in `scope` whole with `entry`; recorded like `addEntry`. */
  replaceEntry: EntryWrite;
  /** A kept entry as the user wrote it with its values from the keychain (an export with reveal). */
  keptValues?: (unwrapped: UnwrappedEntry) => Promise<Record<string, unknown>>;
}

/** One whole entry written at its place through the CLI: the CLI's text (and a warning), or what failed thrown. */
type EntryWrite = (written: {
  name: string;
  scope: Scope;
  projectPath: string;
  entry: Record<string, unknown>;
}) => Promise<{ message: string; warning?: string }>;

export function createTransferOperations(deps: TransferDependencies): TransferOperations {
  const { configPath, desktopConfigPath, existingProject, storedIn, inQueueTurn, addEntry, replaceEntry } =
    deps;

  /** The stored entries of `name` that an import into `scope` meets: its own scope's, and the nearest on each side. */
  async function sameNamed(name: string, scope: Scope, projectPath: string): Promise<SameNamed> {
    const rank = NEARER_FIRST.indexOf(scope);
    const found: SameNamed = {};
    for (const [index, other] of NEARER_FIRST.entries()) {
      const stored = await storedIn(other, name, projectPath);
      if (stored === undefined) continue;
      if (index === rank) found.same = stored;
      else if (index < rank) found.shadowedBy ??= stored;
      else found.shadows ??= stored;
    }
    return found;
  }

  async function importOne(
    server: DocumentServer,
    { scope, dryRun, renames, replace }: ImportInput,
    projectPath: string,
    takenInDocument: ReadonlySet<string>,
  ): Promise<ImportResult> {
    const importedAs = Object.hasOwn(renames ?? {}, server.name) ? renames?.[server.name] : undefined;
    const name = importedAs ?? server.name;
    const base = { name: server.name, ...(importedAs === undefined ? {} : { importedAs }) };
    const check = checkImportedEntry(name, server.entry);
    if (!check.ok) return { ...base, outcome: 'invalid', message: check.problems };
    if (takenInDocument.has(name)) {
      const message = `name: "${name}" is also the name another server of this document is imported as`;
      return { ...base, outcome: 'invalid', message };
    }
    const { entry } = check;
    const replacing = replace?.includes(server.name) === true;
    const plan = async () =>
      planImport(name, entry, scope, await sameNamed(name, scope, projectPath), replacing);
    if (dryRun === true) {
      const planned = await plan();
      if (planned.kind === 'exists') return { ...base, outcome: 'exists', message: planned.message };
      return {
        ...base,
        ...planned.context,
        outcome: 'would-add',
        message: plannedWords(name, scope, planned),
      };
    }
    try {
      // Planned again in the turn: another change may have added the name since the preview.
      return await inQueueTurn(async () => {
        const planned = await plan();
        if (planned.kind === 'exists') return { ...base, outcome: 'exists', message: planned.message };
        const { replaced } = planned;
        const result =
          replaced === undefined
            ? await addEntry({ name, scope, projectPath, entry })
            : await replaceEntry({ name, scope: replaced.scope, projectPath, entry });
        const message =
          result.warning === undefined ? result.message : `${result.message}\n${result.warning}`;
        return { ...base, ...planned.context, outcome: 'added', message };
      });
    } catch (error) {
      return { ...base, outcome: 'failed', message: errorText(error) };
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
      const all = documentServers(input.json);
      const servers = chosenServers(all, input);
      const results: ImportResult[] = [];
      // One after another: each change waits for its own turn, so others can interleave.
      for (const server of servers) {
        const result = await importOne(server, input, projectPath, otherNames(all, server, input.renames));
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
        const { json } = exportDocument(new Map(servers), reveal === true ? 'revealed' : 'hidden');
        return { ...location, json };
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
      const stored = await readScopeEntries(configPath, projectPath, input.scope);
      const secrets =
        input.placeholders === true ? 'placeholders' : input.reveal === true ? 'revealed' : 'hidden';
      // A server whose secrets the keychain keeps is exported as the user wrote it, not as the launcher.
      const servers = new Map<string, unknown>();
      for (const [name, entry] of stored) {
        const unwrapped = isRecord(entry) ? unwrapEntry(entry) : undefined;
        if (unwrapped === undefined) servers.set(name, entry);
        else if (secrets === 'revealed' && deps.keptValues !== undefined) {
          servers.set(name, await deps.keptValues(unwrapped));
        } else servers.set(name, unwrapped.entry);
      }
      return exportDocument(servers, secrets);
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

/** The servers `only` names (all without it); a name `only`, `renames` or `replace` gives that the document lacks is refused. */
function chosenServers(servers: DocumentServer[], { only, renames, replace }: ImportInput): DocumentServer[] {
  const names = new Set(servers.map(({ name }) => name));
  for (const [field, named] of [
    ['only', only],
    ['renames', renames === undefined ? undefined : Object.keys(renames)],
    ['replace', replace],
  ] as const) {
    const missing = (named ?? []).filter((name) => !names.has(name));
    if (missing.length > 0) {
      throw new McpCoreError(
        'INVALID_INPUT',
        `${field}: ${missing.map((name) => `"${name}"`).join(', ')} not in the document`,
      );
    }
  }
  if (only === undefined) return servers;
  const chosen = new Set(only);
  return servers.filter(({ name }) => chosen.has(name));
}

/** The names the document's other servers are imported as: two may not land on one name. */
function otherNames(
  servers: DocumentServer[],
  server: DocumentServer,
  renames: Record<string, string> | undefined,
): Set<string> {
  const renamed = (name: string) =>
    renames !== undefined && Object.hasOwn(renames, name) ? renames[name] : name;
  return new Set(servers.filter((other) => other !== server).map(({ name }) => renamed(name) ?? name));
}

/** Claude Code's precedence when one name is in several scopes: local, then project, then user. */
const NEARER_FIRST: readonly Scope[] = ['local', 'project', 'user'];

const SCOPE_WORDS: Record<Scope, string> = { local: 'Local', project: 'Project', user: 'User' };

interface SameNamed {
  same?: StoredEntry;
  shadows?: StoredEntry;
  shadowedBy?: StoredEntry;
}

function placeOf({ scope, source }: StoredPlace): StoredPlace {
  return { scope, source };
}

/** `User › github (/home/me/.claude.json)`: how the panel names a stored entry. */
function placeWords(stored: StoredPlace, name: string): string {
  return `${SCOPE_WORDS[stored.scope]} › ${name} (${stored.source})`;
}

type Plan =
  | { kind: 'exists'; message: string }
  | {
      kind: 'add';
      /** Where it lands beside others of its name; `replaces` when it takes the place of one. */
      context: Pick<ImportResult, 'shadows' | 'shadowedBy' | 'replaces'>;
      replaced?: StoredEntry;
    };

/**
 * What importing `entry` as `name` into `scope` does, given the stored entries of that name. With
 * `replace`, it takes the place of the one in its own scope, else the one it would shadow, else the
 * one that would shadow it; without, a same-scope entry makes it `exists`.
 */
function planImport(
  name: string,
  entry: Record<string, unknown>,
  scope: Scope,
  stored: SameNamed,
  replace: boolean,
): Plan {
  const replaced = replace ? (stored.same ?? stored.shadows ?? stored.shadowedBy) : undefined;
  if (replaced !== undefined && fieldsDifferingAsLoaded(entry, replaced.entry).length === 0) {
    return { kind: 'exists', message: `${placeWords(replaced, name)} is already this entry.` };
  }
  if (replaced === undefined && stored.same !== undefined) {
    const differing = fieldsDifferingAsLoaded(entry, stored.same.entry);
    const comparison =
      differing.length === 0
        ? 'identical'
        : `different in ${differing.join(', ')}; replace it or rename this one`;
    return { kind: 'exists', message: `Already in ${scope} scope (${stored.same.source}), ${comparison}.` };
  }
  const { shadows, shadowedBy } = stored;
  return {
    kind: 'add',
    context: {
      ...(shadows === undefined || shadows === replaced ? {} : { shadows: placeOf(shadows) }),
      ...(shadowedBy === undefined || shadowedBy === replaced ? {} : { shadowedBy: placeOf(shadowedBy) }),
      ...(replaced === undefined ? {} : { replaces: placeOf(replaced) }),
    },
    ...(replaced === undefined ? {} : { replaced }),
  };
}

/** The preview's sentence for a planned add. */
function plannedWords(name: string, scope: Scope, planned: Extract<Plan, { kind: 'add' }>): string {
  const { replaced, context } = planned;
  if (replaced !== undefined) return `Will replace ${placeWords(replaced, name)}.`;
  const words = [`Would be added to ${scope} scope.`];
  if (context.shadows !== undefined) {
    words.push(`It will shadow ${placeWords(context.shadows, name)}: Claude Code will use the imported one.`);
  }
  if (context.shadowedBy !== undefined) {
    words.push(`${placeWords(context.shadowedBy, name)} will shadow it: Claude Code keeps using that one.`);
  }
  return words.join(' ');
}
