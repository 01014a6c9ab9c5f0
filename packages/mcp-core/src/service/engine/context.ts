/**
 * The engine's parts every operation is built from, made once by the wiring (mcp-admin.ts). An
 * operation takes `Pick<EngineContext, …>` of only the parts it uses, plus the capabilities it sits
 * on (the history, the entry changes, …), so its signature says what it can touch.
 */
import type { MutationQueue } from '../../cli';
import type { AuditedCli, AuditTrail } from './audited-cli';
import type { Readers } from './readers';
import type { ServiceSettings } from './settings';
import type { QueueTurns } from './queue-turns';

export interface EngineContext {
  settings: ServiceSettings;
  /** The one mutation queue (its status, its drain on close); changes go through `turns`. */
  queue: MutationQueue;
  turns: QueueTurns;
  /** One audited CLI call, read back to confirm it landed. */
  cli: AuditedCli;
  /** The audit log of changes made without the CLI (and of sign-ins). */
  audit: AuditTrail;
  readers: Readers;
}
