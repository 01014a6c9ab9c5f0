/**
 * The engine every change runs on: the one mutation queue's turns, the one runner of a change
 * (`runChange`: intent, steps, outcome recorded, answer), the audited CLI call and its read-back
 * (`verify`, `readBack` after a failed step), the audit log, the readers, and what a step returns
 * (`StepOutcome`: landed, or failed after part of it landed), and `describedChange`, which runs a
 * change a capability describes (parse, project, turn, plan, steps). It imports no capability.
 */
export { auditLogPath, createAuditLog, failureOutcome } from './audit-log';
export type { AuditOutcome, AuditRecord } from './audit-log';
export { createAuditedCli, createAuditTrail } from './audited-cli';
export type { AuditedCli, AuditTrail } from './audited-cli';
export { describedChange, nothingToChange, plannedChange, runPlannedChange } from './change';
export type {
  ChangeDescription,
  ExistingProject,
  NothingToChange,
  Planned,
  PlannedChange,
  Recorder,
} from './change';
export { combined, withMessage } from './change-result';
export type { MutationResult } from './change-result';
export type { EngineContext } from './context';
export type { FailedAfterLanding, Landed, StepOutcome } from './landed';
export { noServerNamed } from './not-found';
export { createQueueTurns } from './queue-turns';
export { withinQueuedReadDeadline } from './queued-read';
export { isGone, isThere, readBack } from './read-back';
export type { ReadBack } from './read-back';
export { runChange } from './run-change';
export type { ChangeLedger, RecordIdentity, StepCheckpoint, Steps } from './run-change';
export { createReaders } from './readers';
export type { Readers } from './readers';
export type { ServiceSettings } from './settings';
export { verifyRemoved, verifyStored } from './verify';
