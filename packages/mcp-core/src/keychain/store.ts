/**
 * The operating system's keychain: macOS Keychain, Windows Credential Manager, the Secret Service on
 * Linux (GNOME Keyring, KWallet), reached through the launcher (keychain-launcher.mjs, `store`) that
 * Claude Code runs for the servers, in the environment MCP Admin gives its children: the same
 * keychain Claude Code will reach (on Linux, the D-Bus session of their DBUS_SESSION_BUS_ADDRESS), and
 * `@napi-rs/keyring`'s one connection a process never pins MCP Admin to one bus. Values go on stdin
 * and stdout, never in argv. Every item is a password of the service `mcp-admin`; each call is
 * bounded in time and size, and a keychain that would ask a person to unlock it answers "locked".
 */
import { execa } from 'execa';
import { z } from 'zod';
import { McpCoreError } from '../errors';
import { KEYCHAIN_LAUNCHER } from '../kept-secrets';

/** The service every item of MCP Admin is stored under. */
export const KEYCHAIN_SERVICE = 'mcp-admin';
/** The launcher waits 10 s for the keychain itself; this covers its start besides. */
const STORE_TIMEOUT_MS = 15_000;
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
/**
 * How long one look at whether the keychain answers serves `status` (the panel asks `system.info`
 * often) before the next call renews it in the background.
 */
const STATUS_FRESH_MS = 5_000;

/** `system.info`'s `keychain` (SPEC §8). */
export interface KeychainStatus {
  available: boolean;
  backend?: string;
  reason?: string;
}

export interface Keychain {
  /** Whether an item can be read now, and which keychain answers. */
  status(): Promise<KeychainStatus>;
  /** The values of the accounts that have an item. KEYCHAIN_UNAVAILABLE when the keychain cannot be read. */
  get(accounts: readonly string[]): Promise<Map<string, string>>;
  set(items: ReadonlyMap<string, string>): Promise<void>;
  /**
   * Each `from` account's value stored under its `to` account too, in one call: the `from` accounts
   * copied, and (with `overwrite: false`, which leaves a `to` that has a value) the `to` accounts left.
   */
  copy(
    pairs: ReadonlyMap<string, string>,
    options?: { overwrite?: boolean },
  ): Promise<{ copied: string[]; present: string[] }>;
  /** The accounts whose item was deleted. */
  delete(accounts: readonly string[]): Promise<string[]>;
}

/** The name people know the platform's keychain by. */
export function keychainBackend(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'macOS Keychain';
  if (platform === 'win32') return 'Windows Credential Manager';
  return 'Secret Service';
}

const storeAnswerSchema = z.union([
  z.object({
    ok: z.literal(true),
    backend: z.string().max(200),
    values: z.record(z.string(), z.string()).optional(),
    deleted: z.array(z.string()).optional(),
    copied: z.array(z.string()).optional(),
    present: z.array(z.string()).optional(),
  }),
  z.object({ ok: z.literal(false), backend: z.string().max(200), reason: z.string().max(4000) }),
]);
type StoreAnswer = z.infer<typeof storeAnswerSchema>;

export interface KeychainOptions {
  /** The Node that runs the launcher: this one. */
  nodePath?: string;
  /** The environment of MCP Admin's children (the user's, without MCP_ADMIN_*). */
  env: NodeJS.ProcessEnv;
}

export function createSystemKeychain({ nodePath = process.execPath, env }: KeychainOptions): Keychain {
  const backend = keychainBackend();

  async function ask(request: Record<string, unknown>): Promise<StoreAnswer> {
    const run = await execa(nodePath, [KEYCHAIN_LAUNCHER, 'store'], {
      env,
      extendEnv: false,
      input: JSON.stringify(request),
      timeout: STORE_TIMEOUT_MS,
      maxBuffer: MAX_ANSWER_BYTES,
      reject: false,
    });
    const answer = storeAnswerSchema.safeParse(safeJson(run.stdout));
    if (answer.success) return answer.data;
    const why = run.timedOut
      ? `it did not answer in ${STORE_TIMEOUT_MS / 1000} s`
      : run.stderr.slice(0, 2000);
    return { ok: false, backend, reason: `the keychain launcher failed: ${why}` };
  }

  async function done(what: string, request: Record<string, unknown>) {
    const answer = await ask(request);
    if (!answer.ok) {
      throw new McpCoreError(
        'KEYCHAIN_UNAVAILABLE',
        `The keychain (${answer.backend}) could not ${what}: ${answer.reason}`,
      );
    }
    return answer;
  }

  // One launcher start answers every `status` asked while it runs and for a few seconds after.
  let lastStatus: { at: number; status: Promise<KeychainStatus> } | undefined;
  // Once one has answered, `status` answers at once with the last answer while a look a few seconds
  // old is renewed in the background: a launcher start (a whole Node process) would otherwise hold
  // every page's first rows, drawn from `system.info`, for a few hundred ms (issue 43).
  let lastAnswer: KeychainStatus | undefined;
  async function freshStatus(): Promise<KeychainStatus> {
    const answer = await ask({ op: 'status' });
    const status = answer.ok
      ? { available: true, backend: answer.backend }
      : { available: false, backend: answer.backend, reason: answer.reason };
    lastAnswer = status;
    return status;
  }

  return {
    status() {
      const now = Date.now();
      if (lastStatus === undefined || now - lastStatus.at > STATUS_FRESH_MS) {
        lastStatus = { at: now, status: freshStatus() };
        // Callers past the first answer do not wait for it: its failure is never left unhandled.
        lastStatus.status.catch(() => undefined);
      }
      return lastAnswer === undefined ? lastStatus.status : Promise.resolve(lastAnswer);
    },
    async get(accounts) {
      if (accounts.length === 0) return new Map();
      const answer = await done('read a secret', { op: 'get', accounts });
      return new Map(Object.entries(answer.values ?? {}));
    },
    async set(items) {
      if (items.size === 0) return;
      await done('store a secret', { op: 'set', items: Object.fromEntries(items) });
    },
    async copy(pairs, { overwrite = true } = {}) {
      if (pairs.size === 0) return { copied: [], present: [] };
      const answer = await done('copy a secret', { op: 'copy', pairs: [...pairs], overwrite });
      return { copied: answer.copied ?? [], present: answer.present ?? [] };
    },
    async delete(accounts) {
      if (accounts.length === 0) return [];
      return (await done('delete a secret', { op: 'delete', accounts })).deleted ?? [];
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
