/**
 * The history of changes: the record (`ChangeRecord`, tagged by `kind`), its file (`journal`),
 * the recorded change (what landed, whatever the outcome), and `mcp.undo`, whose undo of each kind
 * is registered by the capability that makes it. Imports only the engine.
 */
export { hasLanded, historyPath, writtenScope } from './change-record';
export type {
  ChangeHeader,
  ChangeProcedure,
  ChangeRecord,
  EntryMoves,
  EntryPlace,
  HistoryItem,
  Interrupted,
  MovesOf,
  PlacedEntry,
  RecordOf,
  SwitchMove,
  SwitchMoves,
  Undoer,
} from './change-record';
export { createHistoryJournal } from './journal';
export type { HistoryJournal } from './journal';
export { refuseApprovalUndoElsewhere, refuseUndoElsewhere, refuseUndoInGoneDir } from './project-keys';
export { createIntentStore, intentsDir } from './intents';
export type { IntentStore } from './intents';
export { createRecordedChange } from './recorded-change';
export { createRecovery } from './recovery';
export type { Recovery, Settled, Settler } from './recovery';
export type { ChangeSteps, ChangeSubject, Checkpoint, RecordedChange } from './recorded-change';
export { createUndoChange, createUndoRegistry } from './undo';
export type { UndoRegistry } from './undo';
