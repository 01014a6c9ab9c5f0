/** Bringing servers in from a document and taking them out as one: import, its sources, export. */
export { createTransferOperations } from './transfer-operations';
export type {
  ImportOutcome,
  ImportResult,
  ImportSourceDocument,
  TransferDependencies,
  TransferOperations,
} from './transfer-operations';
export { claudeDesktopConfigPath } from './import-sources';
export type { DesktopConfigLocation, ImportSource, ImportSourceLocation } from './import-sources';
