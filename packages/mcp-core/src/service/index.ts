/** The change service: validate → queue → CLI → verify → audit, and the reads beside it. */
export { createMcpAdmin } from './mcp-admin';
export type {
  ContextCost,
  McpAdmin,
  McpAdminHealth,
  McpAdminOptions,
  MutationResult,
  PermissionRules,
  ServerCost,
  SystemInfo,
} from './mcp-admin';
export { auditLogPath } from './engine/audit-log';
export type { AuditOutcome, AuditRecord } from './engine/audit-log';
export { historyPath } from './history/change-record';
export type { ChangeProcedure, HistoryItem } from './history/change-record';
