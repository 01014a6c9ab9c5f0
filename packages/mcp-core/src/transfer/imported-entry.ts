// Kept only for service/mcp-admin.ts, which i17-service is splitting at the same time: its new
// modules import `checkImportedEntry` from `../cli`; delete this file once that lands.
export { checkImportedEntry } from '../cli';
