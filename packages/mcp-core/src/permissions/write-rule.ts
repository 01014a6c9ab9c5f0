/**
 * Writing one permission rule into one settings file, so that the file says one thing about its
 * target: every rule of that file on the same target (`mcp__s` and `mcp__s__*` alike) leaves the
 * three lists, then the new one goes to the end of its list (none for `default`). Every other key
 * is written back as it was read, in its order; the file is replaced atomically (its mode kept,
 * 0600 when new, its folder made if missing), a project's never through a link, the user's own
 * through a link to a file the user owns (see config/linked-settings.ts).
 * What stood there before is returned with its places, so an undo puts exactly that back.
 * Claude Code (and the user) write these files too, outside MCP Admin's lock: the file is read
 * again right before the write, and when it changed since the read the change is made again over
 * what it holds now (at most `WRITE_ATTEMPTS` times), so only this change's rule moves.
 */
import { isDeepStrictEqual } from 'node:util';
import { readSettingsObject, writeSettingsObject } from '../config';
import type { SettingsOwner } from '../config';
import { McpCoreError } from '../errors';
import { isRecord } from '../records';

import { PERMISSION_KINDS, parseMcpRule, sameRule } from '../schemas';
import type { EffectiveKind, PermissionKind, RuleTarget } from '../schemas';

/** A settings file this product creates is the user's alone. */
const NEW_FILE_MODE = 0o600;
/** A file that changes under every one of this many writes is refused, never written over. */
const WRITE_ATTEMPTS = 4;

/** What a change of the rules decided: the rules on the target before and after, and whether to write. */
interface RulesDecided {
  before: PlacedRule[];
  after: PlacedRule[];
  write: boolean;
}

/** A rule as it stood in a file: its list and its index there. */
export interface PlacedRule {
  kind: PermissionKind;
  rule: string;
  index: number;
}

/**
 * The file to write, the folder links are checked from (the project, or the user's settings
 * folder), and whose it is: the user's own settings are read and written through a link the user made.
 */
export interface RuleFile {
  path: string;
  root: string;
  owner: SettingsOwner;
}

/** What `rule` is about; it is one of MCP Admin's own rules (see rules.ts `ruleFor`). */
function targetOf(rule: string): RuleTarget {
  const target = parseMcpRule(rule);
  if (target === undefined) throw new TypeError(`${rule} is not an MCP rule`);
  return target;
}

/**
 * Makes `file` hold `rule` in the list `kind` and no other rule on its target (nothing on it for
 * `default`). Returns the rules on the target before and after; writes only when they differ.
 */
export async function writeRule(
  file: RuleFile,
  rule: string,
  kind: EffectiveKind,
): Promise<{ before: PlacedRule[]; after: PlacedRule[] }> {
  return rewritten(file, (document) => ruleWritten(file, document, rule, kind));
}

/**
 * What `writeRule` would make of the file as it stands now, nothing written: the rules on the
 * target before (what it would take away, in full) and after.
 */
export async function plannedRule(
  file: RuleFile,
  rule: string,
  kind: EffectiveKind,
): Promise<{ before: PlacedRule[]; after: PlacedRule[] }> {
  const document = await readSettingsObject(file.path, file.root, file.owner);
  const { before, after } = ruleWritten(file, document, rule, kind);
  return { before, after };
}

/** The rules on the target of `rule` in the file now. */
export async function rulesOn(file: RuleFile, rule: string): Promise<PlacedRule[]> {
  return placedOn(await readSettingsObject(file.path, file.root, file.owner), rule, file.path);
}

/** `document` holding `rule` in the list `kind` and no other rule on its target. */
function ruleWritten(
  file: RuleFile,
  document: Record<string, unknown>,
  rule: string,
  kind: EffectiveKind,
): RulesDecided {
  const before = placedOn(document, rule, file.path);
  const lists = withoutTarget(document, rule, file.path);
  if (kind !== 'default') lists[kind] = [...(lists[kind] ?? []), rule];
  return finish(file, document, rule, before, lists);
}

/**
 * Puts `rules` back as the rules on the target of `rule`, each at its index; refused with CHANGED_SINCE,
 * nothing written, unless the file still holds exactly `expected` on it (the same rules in the
 * same lists and order, wherever other rules moved them).
 */
export async function restoreRules(
  file: RuleFile,
  rule: string,
  expected: readonly PlacedRule[],
  rules: readonly PlacedRule[],
): Promise<{ before: PlacedRule[]; after: PlacedRule[] }> {
  const target = targetOf(rule);
  return rewritten(file, (document) => {
    const before = placedOn(document, rule, file.path);
    // The rules themselves, not their places: another rule added or removed in the list moves them.
    if (!isDeepStrictEqual(withoutPlaces(before), withoutPlaces(expected))) {
      throw new McpCoreError(
        'CHANGED_SINCE',
        `The rules on ${describe(target)} in ${file.path} changed since (now: ${listed(before)}; the change left: ${listed(expected)}): undoing it would overwrite that, so nothing was written.`,
      );
    }
    const lists = withoutTarget(document, rule, file.path);
    for (const { kind, rule, index } of [...rules].sort((a, b) => a.index - b.index)) {
      const list = [...(lists[kind] ?? [])];
      list.splice(Math.min(index, list.length), 0, rule);
      lists[kind] = list;
    }
    return finish(file, document, rule, before, lists);
  });
}

/**
 * Reads the file, lets `decide` change its object, and writes it when `decide` says so, unless the
 * file changed between the read and the write: then all again over what it holds now (bounded).
 */
async function rewritten(
  file: RuleFile,
  decide: (document: Record<string, unknown>) => RulesDecided,
): Promise<{ before: PlacedRule[]; after: PlacedRule[] }> {
  for (let attempt = 1; ; attempt++) {
    const document = await readSettingsObject(file.path, file.root, file.owner);
    const read = structuredClone(document);
    const { before, after, write } = decide(document);
    if (!write) return { before, after };
    // Right before the write: another writer's change since the read is kept, never written over.
    const now = await readSettingsObject(file.path, file.root, file.owner);
    if (isDeepStrictEqual(now, read)) {
      await writeSettingsObject(file.path, document, NEW_FILE_MODE, file.owner);
      return { before, after };
    }
    if (attempt === WRITE_ATTEMPTS) {
      throw new McpCoreError(
        'WRITE_FAILED',
        `${file.path} changed under each of ${WRITE_ATTEMPTS} attempts to write the rule on it; nothing was written.`,
      );
    }
  }
}

function withoutPlaces(rules: readonly PlacedRule[]): { kind: PermissionKind; rule: string }[] {
  return rules.map(({ kind, rule }) => ({ kind, rule }));
}

type Lists = Partial<Record<PermissionKind, unknown[]>>;

function finish(
  file: RuleFile,
  document: Record<string, unknown>,
  rule: string,
  before: PlacedRule[],
  lists: Lists,
): RulesDecided {
  const permissions = permissionsOf(document, file.path) ?? {};
  const original = listsOf(permissions, file.path);
  for (const kind of PERMISSION_KINDS) {
    const list = lists[kind];
    // A list this change emptied goes; one the user left empty stays.
    const emptied = list?.length === 0 && (original[kind]?.length ?? 0) > 0;
    if (list === undefined || emptied) Reflect.deleteProperty(permissions, kind);
    else permissions[kind] = list;
  }
  const hadPermissions = Object.hasOwn(document, 'permissions');
  if (Object.keys(permissions).length > 0 || hadPermissions) document.permissions = permissions;
  const after = placedOn(document, rule, file.path);
  return { before, after, write: !isDeepStrictEqual(before, after) };
}

function withoutTarget(document: Record<string, unknown>, rule: string, path: string): Lists {
  const lists = listsOf(permissionsOf(document, path) ?? {}, path);
  return Object.fromEntries(
    Object.entries(lists).map(([kind, list]) => [kind, list.filter((item) => !onTarget(item, rule))]),
  );
}

/** Whether `item` names what `rule` names, by its text (a server's name may hold `__`). */
function onTarget(item: unknown, rule: string): boolean {
  return typeof item === 'string' && sameRule(item, rule);
}

function placedOn(document: Record<string, unknown>, rule: string, path: string): PlacedRule[] {
  const lists = listsOf(permissionsOf(document, path) ?? {}, path);
  return PERMISSION_KINDS.flatMap((kind) =>
    (lists[kind] ?? []).flatMap((item, index): PlacedRule[] =>
      typeof item === 'string' && onTarget(item, rule) ? [{ kind, rule: item, index }] : [],
    ),
  );
}

/** `permissions` as stored; undefined when absent. Refused when it is not an object: nothing is written. */
function permissionsOf(document: Record<string, unknown>, path: string): Record<string, unknown> | undefined {
  if (!Object.hasOwn(document, 'permissions')) return undefined;
  const { permissions } = document;
  if (!isRecord(permissions)) {
    throw new McpCoreError(
      'CONFIG_UNREADABLE',
      `permissions in ${path} is not an object; nothing was written.`,
    );
  }
  return permissions;
}

function listsOf(permissions: Record<string, unknown>, path: string): Lists {
  const lists: Lists = {};
  for (const kind of PERMISSION_KINDS) {
    if (!Object.hasOwn(permissions, kind)) continue;
    const list = permissions[kind];
    if (!Array.isArray(list)) {
      throw new McpCoreError(
        'CONFIG_UNREADABLE',
        `permissions.${kind} in ${path} is not a list; nothing was written.`,
      );
    }
    lists[kind] = list as unknown[];
  }
  return lists;
}

function describe({ server, tool }: RuleTarget): string {
  return tool === undefined ? `server "${server}"` : `tool "${tool}" of "${server}"`;
}

function listed(rules: readonly PlacedRule[]): string {
  return rules.length === 0 ? 'no rule' : rules.map(({ kind, rule }) => `${kind} ${rule}`).join(', ');
}
