/**
 * The intent of a change that takes something away (SQLite's rollback journal, for MCP Admin):
 * before its first step, `.mcp-admin/change-<id>.json` holds its history record as planned, with
 * every entry it will take away in full, and who runs it (pid and start time); the file is synced,
 * and so is its folder, or the change is refused and nothing changes. It goes once the change's
 * record is in the history. One that is still there when its owner is gone (killed, a full disk
 * that kept the history from being written) is settled at start (recovery.ts).
 */
import { randomUUID } from 'node:crypto';
import { open, readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomically } from '../../atomic-write';
import { MiB, readConfigFile } from '../../config';
import { errorText } from '../../error-text';
import { McpCoreError } from '../../errors';
import { makeOwnDir, OWN_FILE_MODE, ownFilePath } from '../../own-files';
import { isRunning, thisProcess } from '../../process-table';
import type { ProcessOwner } from '../../process-table';
import { parseChangeRecord, storedChange } from './change-record';
import type { ChangeHeader, ChangeRecord, NewChange } from './change-record';

/** Who runs a change: its process, and which MCP Admin of that process (a test runs several in one). */
export interface ChangeOwner extends ProcessOwner {
  instance?: string;
}

/** A change begun and not ended: its planned record (what it takes away in full) and its owner. */
export interface ChangeIntent {
  record: ChangeRecord;
  owner: ChangeOwner;
}

/** The MCP Admins of this process not closed yet: a change of one of them is never settled. */
const openInstances = new Set<string>();

/** Whether the MCP Admin that ran a change is gone: its process ended, or (this process) it was closed. */
function isGone(owner: ChangeOwner): boolean {
  if (!isRunning(owner)) return true;
  const self = thisProcess();
  const ofThisProcess = owner.pid === self.pid && owner.startTime === self.startTime;
  return ofThisProcess && owner.instance !== undefined && !openInstances.has(owner.instance);
}

export interface IntentStore {
  readonly dir: string;
  /**
   * Writes the intent of `change` durably under a new id, returned for its history record.
   * Throws WRITE_FAILED (nothing written) when it cannot: the change must not begin.
   */
  begin(change: NewChange): Promise<Pick<ChangeHeader, 'id' | 'time'>>;
  /** The change `id` is in the history: its intent goes (a failure leaves it for the next start). */
  end(id: string): Promise<void>;
  /** Every intent whose owner is gone, and the files that are no intent (skipped). */
  orphaned(): Promise<ChangeIntent[]>;
  /** This MCP Admin closes: a change it left begun is settled by the next one to start. */
  close(): void;
}

const intentFileSchema = z.object({
  version: z.literal(1),
  owner: z.object({
    pid: z.number().int().positive(),
    startTime: z.number().nullable(),
    instance: z.string().optional(),
  }),
  record: z.record(z.string(), z.unknown()),
});

const ID_FILE = /^change-[0-9a-f-]{36}\.json$/;

export function intentsDir(configPath: string): string {
  return dirname(ownFilePath(configPath, 'history.jsonl'));
}

export function createIntentStore(configPath: string): IntentStore {
  const dir = intentsDir(configPath);
  const pathOf = (id: string) => join(dir, `change-${id}.json`);
  const instance = randomUUID();
  openInstances.add(instance);

  return {
    dir,
    async begin(change) {
      const identity = { id: randomUUID(), time: new Date().toISOString() };
      const record = storedChange({ ...identity, ...change });
      const text = `${JSON.stringify({ version: 1, owner: { ...thisProcess(), instance }, record: { ...record, kind: change.kind } })}\n`;
      const path = pathOf(identity.id);
      try {
        await makeOwnDir(path);
        await writeFileAtomically(path, text, OWN_FILE_MODE);
      } catch (error) {
        await rm(path, { force: true }).catch(() => undefined);
        throw new McpCoreError(
          'WRITE_FAILED',
          `Cannot write ${path}, where the change is recorded before its first step (${errorText(error)}): nothing was changed.`,
          { cause: error },
        );
      }
      return identity;
    },

    async end(id) {
      await rm(pathOf(id), { force: true });
      const folder = await open(dir, 'r');
      try {
        await folder.sync();
      } finally {
        await folder.close();
      }
    },

    async orphaned() {
      const names = await readdir(dir).catch(() => [] as string[]);
      const found: ChangeIntent[] = [];
      for (const name of names.filter((file) => ID_FILE.test(file))) {
        const intent = await readIntent(join(dir, name));
        if (intent !== undefined && isGone(intent.owner)) found.push(intent);
      }
      return found.sort((a, b) => a.record.time.localeCompare(b.record.time));
    },

    close() {
      openInstances.delete(instance);
    },
  };
}

/** An intent holds whole entries (at most a profile's worth): far below this. */
const INTENT_FILE_LIMITS = { maxBytes: 16 * MiB, readTimeoutMs: 5_000 };

/** The intent in `path`, or undefined when it is not one (a file cut off before its rename never is). */
async function readIntent(path: string): Promise<ChangeIntent | undefined> {
  try {
    // Read as any file from outside: a FIFO, a link or a huge file there is no intent, and cannot stall a start.
    const snapshot = await readConfigFile(path, INTENT_FILE_LIMITS);
    if (snapshot === undefined) return undefined;
    const parsed = intentFileSchema.safeParse(JSON.parse(snapshot.bytes.toString('utf8')));
    if (!parsed.success) return undefined;
    const found = parseChangeRecord(JSON.stringify(parsed.data.record));
    return 'record' in found ? { record: found.record, owner: parsed.data.owner } : undefined;
  } catch {
    return undefined;
  }
}
