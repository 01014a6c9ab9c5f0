/**
 * Changes of whole stored entries: `mcp.add`, `mcp.update`, `mcp.remove`, import and export,
 * their CLI steps, the stash's entries, and their undo.
 */
export { createAddServer } from './add';
export { createEntryChanges } from './changes';
export type { EntryChanges } from './changes';
export { createImportExport } from './import-export';
export { createKeptSecretMoves, createKeptSecretStore } from './kept-secrets';
export type { KeptSecretStore } from './kept-secrets';
export { createRemoveServer } from './remove';
export { createStashEntries } from './stash-entries';
export { createUpdateServer } from './update';
