/**
 * The parts the service's operations are built from, made once by the wiring (mcp-admin.ts). An
 * operation module takes `Pick<ServiceContext, …>` of only the parts it uses, so its signature says
 * what it can touch: the queue turns, the audited CLI call, the readers, the history, …
 */
import type { MutationQueue } from '../cli';
import type { AuditedCli, AuditTrail } from './audited-cli';
import type { EntryChanges } from './entry-changes';
import type { HistoryJournal } from './journal';
import type { LastChecks } from './last-checks';
import type { Readers } from './readers';
import type { ServiceSettings } from './settings';
import type { SwitchChanges } from './switch-changes';
import type { QueueTurns } from './turns';

export interface ServiceContext {
  settings: ServiceSettings;
  /** The one mutation queue (its status, its drain on close); changes go through `turns`. */
  queue: MutationQueue;
  turns: QueueTurns;
  /** One audited CLI call, read back to confirm it landed. */
  cli: AuditedCli;
  /** The audit log of changes made without the CLI (and of sign-ins). */
  audit: AuditTrail;
  /** The history of recorded changes, which undo reads. */
  history: HistoryJournal;
  readers: Readers;
  /** Recorded changes of whole stored entries: add, remove, replace, and their undo. */
  entries: EntryChanges;
  /** Recorded switches (on/off) and their undo. */
  switches: SwitchChanges;
  /** Each entry's last check, which every check records and `contextCost` reads. */
  lastChecks: LastChecks;
}
