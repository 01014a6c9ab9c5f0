/**
 * Entries whose secrets the keychain keeps (docs/guide.md#secrets-in-the-keychain): what is stored
 * in `.claude.json` instead of the values, and the server as the user wrote it, read back from that.
 * - stdio: the command is MCP Admin's keychain launcher, `node <launcher> env <ref> NAME… -- COMMAND ARG…`:
 *   it sets each NAME from the keychain and runs the real command (keychain/keychain-launcher.mjs);
 * - http/sse: a `headersHelper`, `'<node>' '<launcher>' 'headers' '<ref>' 'NAME'…`, which Claude Code
 *   runs through a shell at each connect and whose stdout (a JSON object) it sends as headers.
 * The stored entry names each secret and the real command, never a value. An item's keychain account is
 * the ref, `|`, `env:NAME` or `header:NAME`; the ref names the config, scope, project and server it
 * was kept for, and a random part, so each keeping has items of its own (an undo brings an older
 * entry back whole: its items are still there, the newer one's are others).
 * Pure functions only: the keychain itself is reached in keychain/.
 */
import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRecord } from './records';
import { variableReferences } from './variable-references';

/** The launcher's file name: an entry whose command runs a file of this name is one of ours. */
export const LAUNCHER_FILE = 'keychain-launcher.mjs';
/** The launcher MCP Admin ships: what Claude Code runs for a kept server, and MCP Admin for its keychain calls. */
export const KEYCHAIN_LAUNCHER = fileURLToPath(new URL(`keychain/${LAUNCHER_FILE}`, import.meta.url));
/** How the launcher prefixes what it says on stderr (Claude Code's MCP log keeps it). */
export const LAUNCHER_SAYS = 'mcp-admin keychain launcher: ';
/** What a kept value reads as wherever the entry is shown without the keychain's answer. */
export const KEPT_IN_KEYCHAIN = '(in the keychain)';

/** The secrets of one entry kept in the keychain: their ref and names. */
export interface KeptSecrets {
  ref: string;
  env: string[];
  headers: string[];
}

/** A stored entry read as the user wrote it: kept values are `KEPT_IN_KEYCHAIN` there. */
export interface UnwrappedEntry {
  entry: Record<string, unknown>;
  kept: KeptSecrets;
}

/** Where the launcher runs from: the Node and the file. */
export interface Launcher {
  nodePath: string;
  launcherPath: string;
}

/** A new ref for the secrets of `name` kept now. */
export function newKeptRef(place: {
  configPath: string;
  scope: string;
  projectPath: string;
  name: string;
}): string {
  const where = place.scope === 'user' ? place.configPath : `${place.configPath} ${place.projectPath}`;
  return `${place.name} (${place.scope}, ${where}) #${randomBytes(6).toString('hex')}`;
}

export function keptAccount(ref: string, kind: 'env' | 'header', name: string): string {
  return `${ref}|${kind}:${name}`;
}

/**
 * The account under which the change `changeId` holds the value of `account` (an item of a kept
 * entry it took away): what its undo puts back. Named for the change, so no entry's launcher reads it.
 */
export function heldAccount(changeId: string, account: string): string {
  return `change ${changeId}|${account}`;
}

/** Every keychain account `kept` names, with its kind and name. */
export function keptAccounts(kept: KeptSecrets): { account: string; name: string }[] {
  return [
    ...kept.env.map((name) => ({ account: keptAccount(kept.ref, 'env', name), name })),
    ...kept.headers.map((name) => ({ account: keptAccount(kept.ref, 'header', name), name })),
  ];
}

/**
 * Whether a value is a secret to keep: every env and header value is hidden as one (secret-masking),
 * but a value that is only `${VAR}` references and text around them names a secret kept elsewhere
 * (Claude Code expands it from its own environment), and an empty one holds nothing.
 */
export function isKeepableValue(value: string): boolean {
  return value !== '' && variableReferences(value).length === 0;
}

/** The values of `entry` the keychain would keep: env of a stdio entry, headers of a remote one. */
export function keepableSecrets(entry: Record<string, unknown>): { env: string[]; headers: string[] } {
  const names = (field: unknown) =>
    isRecord(field)
      ? Object.entries(field)
          .filter(([, value]) => typeof value === 'string' && isKeepableValue(value))
          .map(([name]) => name)
      : [];
  return typeof entry.url === 'string'
    ? { env: [], headers: names(entry.headers) }
    : { env: names(entry.env), headers: [] };
}

/** POSIX shell single quotes: the word exactly, whatever it holds. */
function shellWord(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The words of a line of `shellWord`s, or undefined when it is not one. */
function shellWords(line: string): string[] | undefined {
  const words: string[] = [];
  const word = /'((?:[^']|'\\'')*)'(?: |$)/y;
  while (word.lastIndex < line.length) {
    const match = word.exec(line);
    if (match === null) return undefined;
    words.push((match[1] ?? '').replaceAll(`'\\''`, "'"));
  }
  return words;
}

/**
 * `entry` with the values `keep` names taken out and the launcher or headersHelper that reads them
 * from the keychain under `ref` put in; the values go into `items` (account → value).
 */
export function wrapEntry(
  entry: Record<string, unknown>,
  keep: { env: string[]; headers: string[] },
  ref: string,
  { nodePath, launcherPath }: Launcher,
): { entry: Record<string, unknown>; items: Map<string, string> } {
  const items = new Map<string, string>();
  const takeOut = (field: unknown, kind: 'env' | 'header', names: string[]) => {
    const rest: Record<string, string> = {};
    if (!isRecord(field)) return rest;
    for (const [name, value] of Object.entries(field)) {
      if (typeof value !== 'string') continue;
      if (names.includes(name)) items.set(keptAccount(ref, kind, name), value);
      else rest[name] = value;
    }
    return rest;
  };
  if (keep.env.length > 0) {
    const { command, args, env, ...others } = entry;
    const realArgs = Array.isArray(args) ? args.filter((arg) => typeof arg === 'string') : [];
    return {
      entry: {
        ...others,
        command: nodePath,
        args: [launcherPath, 'env', ref, ...keep.env, '--', String(command), ...realArgs],
        env: takeOut(env, 'env', keep.env),
      },
      items,
    };
  }
  if (keep.headers.length > 0) {
    const { headers, ...others } = entry;
    const rest = takeOut(headers, 'header', keep.headers);
    const helper = [nodePath, launcherPath, 'headers', ref, ...keep.headers].map(shellWord).join(' ');
    return {
      entry: { ...others, ...(Object.keys(rest).length > 0 ? { headers: rest } : {}), headersHelper: helper },
      items,
    };
  }
  return { entry, items };
}

/** The entry as the user wrote it when `stored` is one `wrapEntry` made; undefined otherwise. */
export function unwrapEntry(stored: Record<string, unknown>): UnwrappedEntry | undefined {
  const { args, headersHelper } = stored;
  if (Array.isArray(args) && args.every((arg) => typeof arg === 'string')) {
    const [launcher, mode, ref, ...rest] = args;
    const separator = rest.indexOf('--');
    if (
      launcher === undefined ||
      basename(launcher) !== LAUNCHER_FILE ||
      mode !== 'env' ||
      ref === undefined ||
      separator < 0 ||
      separator === rest.length - 1
    ) {
      return undefined;
    }
    const names = rest.slice(0, separator);
    const [command, ...realArgs] = rest.slice(separator + 1);
    const env = isRecord(stored.env) ? stored.env : {};
    const kept = Object.fromEntries(names.map((name) => [name, KEPT_IN_KEYCHAIN]));
    return {
      entry: { ...stored, command, args: realArgs, env: { ...env, ...kept } },
      kept: { ref, env: names, headers: [] },
    };
  }
  if (typeof headersHelper === 'string') {
    const [, launcher, mode, ref, ...names] = shellWords(headersHelper) ?? [];
    if (launcher === undefined || basename(launcher) !== LAUNCHER_FILE || mode !== 'headers')
      return undefined;
    if (ref === undefined || names.length === 0) return undefined;
    const others = Object.fromEntries(
      Object.entries(stored).filter(([field]) => field !== 'headersHelper' && field !== 'headers'),
    );
    const { headers } = stored;
    const kept = Object.fromEntries(names.map((name) => [name, KEPT_IN_KEYCHAIN]));
    return {
      entry: { ...others, headers: { ...(isRecord(headers) ? headers : {}), ...kept } },
      kept: { ref, env: [], headers: names },
    };
  }
  return undefined;
}

/** The entry as the user wrote it, with the kept values given (account → value) in place of the marker. */
export function withKeptValues(
  { entry, kept }: UnwrappedEntry,
  values: ReadonlyMap<string, string>,
): Record<string, unknown> {
  const filled = (field: unknown, kind: 'env' | 'header', names: string[]) =>
    Object.fromEntries(
      Object.entries(isRecord(field) ? field : {}).map(([name, value]) => [
        name,
        names.includes(name) ? (values.get(keptAccount(kept.ref, kind, name)) ?? value) : value,
      ]),
    );
  if (kept.env.length > 0) return { ...entry, env: filled(entry.env, 'env', kept.env) };
  return { ...entry, headers: filled(entry.headers, 'header', kept.headers) };
}
