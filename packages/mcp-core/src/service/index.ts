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
export { auditLogPath } from './engine';
export type { AuditOutcome, AuditRecord } from './engine';
export { historyPath } from './history';
export type { ChangeProcedure, HistoryItem } from './history';
