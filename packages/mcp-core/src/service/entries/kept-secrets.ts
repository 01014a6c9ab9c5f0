/**
 * Secrets of user and local servers kept in the operating system's keychain (kept-secrets.ts at the
 * top says how an entry holds them): keeping an entry's secrets (items stored first, so a keychain
 * that is missing or locked refuses the change before anything else is touched), reading a kept
 * entry back as the user wrote it, and `mcp.secretsToKeychain` / `mcp.secretsFromKeychain`, each a
 * recorded `entries` change (undone like an edit). A change that takes a kept entry away moves its
 * items under the change's id (held-secrets.ts): the history's record holds the entry with its ref
 * and no value, and its undo puts the items back and the entry with them, working
 * (docs/guide.md#secrets-in-the-keychain). Held items, and live ones left behind, go once the history
 * rotates that record away and no file that can name the ref still does.
 */
import { credentialKey, MiB, readConfigFile } from '../../config';
import { errorText } from '../../error-text';
import { McpCoreError } from '../../errors';
import type { Keychain } from '../../keychain';
import {
  heldAccount,
  KEYCHAIN_LAUNCHER,
  keepableSecrets,
  keptAccounts,
  newKeptRef,
  unwrapEntry,
  withKeptValues,
  wrapEntry,
} from '../../kept-secrets';
import type { Launcher, UnwrappedEntry } from '../../kept-secrets';
import { keptSecretsInputSchema } from '../../schemas';
import type { EngineContext } from '../engine';
import {
  describedChange,
  nothingToChange,
  noServerNamed,
  plannedChange,
  withinQueuedReadDeadline,
} from '../engine';
import type { MutationResult } from '../engine';
import type { EntryPlace, PlacedEntry } from '../history';
import { isRecord } from '../../records';
import { signInAtRisk, withSignInLoss } from '../sign-in';
import type { McpAdmin } from '../contract';
import type { EntryChanges } from './changes';

export interface KeptSecretStore {
  /**
   * `entry` with its secret values put in the keychain under a new ref of `place` (stored there
   * now), and the accounts stored; `entry` itself when it holds none.
   */
  keep(
    place: EntryPlace,
    entry: Record<string, unknown>,
  ): Promise<{ entry: Record<string, unknown>; accounts: string[] }>;
  /** A kept entry as the user wrote it, its values read from the keychain; KEYCHAIN_UNAVAILABLE naming a missing one. */
  real(unwrapped: UnwrappedEntry): Promise<Record<string, unknown>>;
  /** Deletes items a change stored and did not use (it failed before its entry landed). */
  forget(accounts: string[]): Promise<void>;
  /**
   * Before the change `changeId` takes the kept `entry` away: a copy of each of its items held
   * under the change (heldAccount). The live accounts copied; a missing one is not held.
   */
  hold(changeId: string, entry: Record<string, unknown>): Promise<string[]>;
  /** The live accounts of `entry` whose copy `changeId` holds now (settling a change cut off). */
  heldBy(changeId: string, entry: Record<string, unknown>): Promise<string[]>;
  /** Deletes the live items of an entry a change took away (the copies it holds stay). */
  dropLive(accounts: string[]): Promise<void>;
  /** Deletes the copies `changeId` holds of `entry`'s items (the change took nothing away). */
  dropHeld(changeId: string, entry: Record<string, unknown>): Promise<void>;
  /**
   * Before an undo of `changeId` brings the kept `entry` back: its live items put back from the
   * copies the change holds (those still live are left). KEYCHAIN_UNAVAILABLE naming a secret
   * neither holds, nothing stored. The accounts it stored.
   */
  restore(changeId: string, entry: Record<string, unknown>): Promise<string[]>;
  /**
   * Deletes the items of the kept entries `records` hold (records no longer undoable) whose ref no
   * file of `named` names any more (`.claude.json`, the stash, the history left), and every copy
   * those changes held: a failure is a warning, never a failed change. Called under the lock.
   */
  forgetUnnamed(records: readonly { id: string }[], named: () => Promise<string[]>): Promise<void>;
}

/** A file that may name a ref and cannot be read within these is a reason to delete nothing. */
const NAMING_FILE_LIMITS = { maxBytes: 64 * MiB, readTimeoutMs: 10_000 };

/** The kept secrets of every entry (a `{ entry }` object) anywhere in `value`, by ref. */
function keptIn(value: unknown, found = new Map<string, string[]>()): Map<string, string[]> {
  if (Array.isArray(value)) {
    for (const item of value) keptIn(item, found);
  } else if (typeof value === 'object' && value !== null) {
    const { entry } = value as { entry?: unknown };
    const unwrapped =
      typeof entry === 'object' && entry !== null && !Array.isArray(entry)
        ? unwrapEntry(entry as Record<string, unknown>)
        : undefined;
    if (unwrapped !== undefined) {
      found.set(
        unwrapped.kept.ref,
        keptAccounts(unwrapped.kept).map(({ account }) => account),
      );
    }
    for (const inner of Object.values(value)) keptIn(inner, found);
  }
  return found;
}

/** The keychain accounts of a kept entry's items; none for an entry in clear. */
function accountsOf(entry: Record<string, unknown>): string[] {
  const unwrapped = unwrapEntry(entry);
  return unwrapped === undefined ? [] : keptAccounts(unwrapped.kept).map(({ account }) => account);
}

export function createKeptSecretStore(
  keychain: Keychain,
  configPath: string,
  launcher: Launcher = { nodePath: process.execPath, launcherPath: KEYCHAIN_LAUNCHER },
  logWarning: (message: string) => void = () => undefined,
): KeptSecretStore {
  return {
    async keep(place, entry) {
      const names = keepableSecrets(entry);
      if (names.env.length === 0 && names.headers.length === 0) return { entry, accounts: [] };
      if (names.headers.length > 0 && entry.headersHelper !== undefined) {
        throw new McpCoreError(
          'INVALID_INPUT',
          `secretsIn: "${place.name}" has a headersHelper of its own; its headers cannot be kept in the keychain`,
        );
      }
      const ref = newKeptRef({
        configPath,
        scope: place.scope,
        projectPath: place.projectPath,
        name: place.name,
      });
      const wrapped = wrapEntry(entry, names, ref, launcher);
      await keychain.set(wrapped.items);
      return { entry: wrapped.entry, accounts: [...wrapped.items.keys()] };
    },
    async real(unwrapped) {
      const accounts = keptAccounts(unwrapped.kept);
      const values = await keychain.get(accounts.map(({ account }) => account));
      const missing = accounts.filter(({ account }) => !values.has(account)).map(({ name }) => name);
      if (missing.length > 0) {
        throw new McpCoreError(
          'KEYCHAIN_UNAVAILABLE',
          `${missing.map((name) => `secret ${name}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing from the keychain`,
        );
      }
      return withKeptValues(unwrapped, values);
    },
    async forget(accounts) {
      try {
        await keychain.delete(accounts);
      } catch {
        // Unused items of a failed change: the failure itself is what the caller hears.
      }
    },
    async hold(changeId, entry) {
      // One launcher call: the values never leave the keychain.
      const pairs = new Map(accountsOf(entry).map((account) => [account, heldAccount(changeId, account)]));
      return (await keychain.copy(pairs)).copied;
    },
    async heldBy(changeId, entry) {
      const accounts = accountsOf(entry);
      const held = await keychain.get(accounts.map((account) => heldAccount(changeId, account)));
      return accounts.filter((account) => held.has(heldAccount(changeId, account)));
    },
    async dropLive(accounts) {
      await keychain.delete(accounts);
    },
    async dropHeld(changeId, entry) {
      await keychain.delete(accountsOf(entry).map((account) => heldAccount(changeId, account)));
    },
    async restore(changeId, entry) {
      const unwrapped = unwrapEntry(entry);
      if (unwrapped === undefined) return [];
      const accounts = keptAccounts(unwrapped.kept);
      // One launcher call: each held copy put back where its live item is gone, a live one left.
      const pairs = new Map(accounts.map(({ account }) => [heldAccount(changeId, account), account]));
      const { copied, present } = await keychain.copy(pairs, { overwrite: false });
      const putBack = copied.map((held) => pairs.get(held) ?? held);
      const there = new Set([...present, ...putBack]);
      const missing = accounts.filter(({ account }) => !there.has(account)).map(({ name }) => name);
      if (missing.length > 0) {
        await keychain.delete(putBack);
        throw new McpCoreError(
          'KEYCHAIN_UNAVAILABLE',
          `Cannot undo: ${missing.map((name) => `secret ${name}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing from the keychain`,
        );
      }
      return putBack;
    },
    async forgetUnnamed(records, named) {
      const kept = keptIn(records);
      if (kept.size === 0) return;
      // The copies a dropped change held: its undo, their one use, is gone with it.
      const held = records.flatMap((record) =>
        [...keptIn(record).values()].flat().map((account) => heldAccount(record.id, account)),
      );
      try {
        // A ref is random and unique: named anywhere in these files (as is or JSON-escaped), its items stay.
        const texts = await Promise.all(
          (await named()).map(
            async (path) => (await readConfigFile(path, NAMING_FILE_LIMITS))?.bytes.toString('utf8') ?? '',
          ),
        );
        const unnamed = [...kept].filter(([ref]) => {
          const escaped = JSON.stringify(ref).slice(1, -1);
          return !texts.some((text) => text.includes(ref) || text.includes(escaped));
        });
        const accounts = [...unnamed.flatMap(([, refAccounts]) => refAccounts), ...held];
        if (accounts.length > 0) await keychain.delete(accounts);
      } catch (error) {
        logWarning(
          `The keychain items of servers whose changes left the history could not be deleted: ${errorText(error)}`,
        );
      }
    },
  };
}

/**
 * `mcp.secretsToKeychain` and `mcp.secretsFromKeychain`. A move is a remove and an add-json: for a
 * signed-in http/sse server Claude Code's remove clears its OAuth tokens (and their key is over the
 * headers the move changes), so the answer says to sign in again (sign-in-loss.ts).
 */
export function createKeptSecretMoves({
  settings: { credentialsPath },
  turns,
  readers,
  entries,
  keptSecrets,
}: Pick<EngineContext, 'settings' | 'turns' | 'readers'> & {
  entries: EntryChanges;
  keptSecrets: KeptSecretStore;
}): Pick<McpAdmin, 'secretsToKeychain' | 'secretsFromKeychain'> {
  /** The key of the sign-in the move of `from` may drop, when the listed server is signed in now. */
  function signInOf(from: PlacedEntry) {
    return signInAtRisk({
      credentialsPath,
      listedEntry: async () =>
        (await withinQueuedReadDeadline(() => readers.serversToCheck(from.projectPath))).find(
          (server) =>
            server.name === from.name && server.scope === from.scope && server.source === from.source,
        ),
    });
  }

  /** `result` saying the sign-in is gone when the moved entry's own key has no tokens (Claude Code's remove cleared them). */
  function withSignInMoved(result: MutationResult, to: PlacedEntry, atRisk: string | undefined) {
    const key = atRisk === undefined ? undefined : signInKeyOf(to.name, to.entry);
    return withSignInLoss(result, credentialsPath, to.name, key, 'move');
  }

  /**
   * The server's entry: in `.claude.json`, else (switched off) in MCP Admin's stash, where it is
   * moved with one write of the stash under the lock, read again right before (stash-entries.ts).
   */
  async function storedPlace(name: string, scope: 'user' | 'local', projectPath: string) {
    const place = await entries.listedPlace(name, scope, undefined, projectPath);
    const stored = await entries.storedAt(place);
    if (stored !== undefined) return { ...place, entry: stored.entry };
    const stashed = { ...place, source: entries.stashPath };
    const off = await entries.storedAt(stashed);
    if (off === undefined)
      throw noServerNamed(name, `in ${scope} scope (${place.source} or ${stashed.source})`);
    return { ...stashed, entry: off.entry };
  }

  return {
    secretsToKeychain: describedChange(
      { turns, readers },
      {
        input: keptSecretsInputSchema,
        project: (input, existingProject) => existingProject(input.projectPath),
        change: (input, projectPath) =>
          plannedChange({
            record: entries.recordedChange,
            // Its items are stored first; the entry in clear it replaces is durable (the intent) before
            // its remove, as the record keeps it after: a crash between remove and add cannot lose the server.
            plan: async () => {
              const from = await storedPlace(input.name, keychainScope(input.scope), projectPath);
              if (unwrapEntry(from.entry) !== undefined) {
                return nothingToChange({
                  ok: true,
                  message: `Nothing to change: the secrets of "${from.name}" are in the keychain already.`,
                });
              }
              const kept = await keptSecrets.keep(from, from.entry);
              if (kept.accounts.length === 0) {
                return nothingToChange({
                  ok: true,
                  message: `Nothing to change: "${from.name}" holds no secret in clear.`,
                });
              }
              const atRisk = await signInOf(from);
              const to = { ...from, entry: kept.entry };
              const plan = { before: from, after: to };
              const subject = {
                kind: 'entries',
                procedure: 'mcp.secretsToKeychain',
                place: from,
                plan,
              } as const;
              return { subject, from, to, kept, atRisk };
            },
            // The entry in clear replaced by the one holding refs; undone the other way.
            steps: ({ from, to }) => entries.replace('mcp.secretsToKeychain', from, to),
            answer: (result, { to, atRisk }) => withSignInMoved(result, to, atRisk),
            // Its items go unless the entry that holds them is stored all the same.
            failed: async ({ from, kept }) => {
              if (!(await keptAt(entries, from, kept.entry))) await keptSecrets.forget(kept.accounts);
            },
          }),
      },
    ),

    secretsFromKeychain: describedChange(
      { turns, readers },
      {
        input: keptSecretsInputSchema,
        project: (input, existingProject) => existingProject(input.projectPath),
        change: (input, projectPath) =>
          plannedChange({
            record: entries.recordedChange,
            plan: async () => {
              const from = await storedPlace(input.name, keychainScope(input.scope), projectPath);
              const unwrapped = unwrapEntry(from.entry);
              if (unwrapped === undefined) {
                return nothingToChange({
                  ok: true,
                  message: `Nothing to change: "${from.name}" keeps no secret in the keychain.`,
                });
              }
              // Read before anything changes: a missing or locked item refuses the move.
              const entry = await keptSecrets.real(unwrapped);
              // Its items are held for the undo, the live ones deleted (held-secrets.ts): the intent comes first.
              const to = { ...from, entry };
              const atRisk = await signInOf(from);
              const plan = { before: from, after: to };
              const subject = {
                kind: 'entries',
                procedure: 'mcp.secretsFromKeychain',
                place: from,
                plan,
              } as const;
              return { subject, atRisk };
            },
            // The entry holding refs replaced by the one in clear; undone the other way.
            steps: ({ subject: { plan } }) =>
              entries.replace('mcp.secretsFromKeychain', plan.before, plan.after),
            answer: (result, { subject: { plan }, atRisk }) => withSignInMoved(result, plan.after, atRisk),
          }),
      },
    ),
  };
}

/** The key Claude Code keeps a remote entry's sign-in under: over its type, url and stored headers. */
function signInKeyOf(name: string, entry: Record<string, unknown>): string | undefined {
  const { type, url, headers } = entry;
  if (typeof url !== 'string' || (type !== 'http' && type !== 'sse')) return undefined;
  const stored = Object.fromEntries(
    Object.entries(isRecord(headers) ? headers : {}).filter(
      (pair): pair is [string, string] => typeof pair[1] === 'string',
    ),
  );
  return credentialKey({ name, transport: type, url, headers: stored });
}

/** Whether the entry stored at `place` now keeps its secrets under `entry`'s ref (a failed change that landed all the same). */
export async function keptAt(
  entries: Pick<EntryChanges, 'storedAt'>,
  place: EntryPlace,
  entry: Record<string, unknown>,
): Promise<boolean> {
  try {
    const stored = await entries.storedAt(place);
    return stored !== undefined && unwrapEntry(stored.entry)?.kept.ref === unwrapEntry(entry)?.kept.ref;
  } catch {
    // Unknown: the items stay, as a landed entry would need them.
    return true;
  }
}

/** The schema refuses project scope; this says so to the compiler. */
function keychainScope(scope: 'user' | 'local' | 'project'): 'user' | 'local' {
  if (scope === 'project') throw new TypeError('project scope keeps no secret in the keychain');
  return scope;
}
