/**
 * The core's public API, named one by one: what `@mcp-admin/api` and the server host use (the
 * change service, its options, results and errors, and the few CLI and input helpers they need).
 * Input schemas have their own entry (`@mcp-admin/core/schemas`), helpers for tests theirs
 * (`@mcp-admin/core/testing`); everything else stays inside the package.
 */
export { createMcpAdmin } from './service';
export type {
  AuditOutcome,
  ChangeProcedure,
  ContextCost,
  HistoryItem,
  McpAdmin,
  McpAdminHealth,
  McpAdminOptions,
  MutationResult,
  PermissionRules,
  ServerCost,
  SystemInfo,
} from './service';
export { isMcpCoreError, McpCoreError } from './errors';
export type { McpCoreErrorCode } from './errors';
export { DEFAULT_CLI_TIMEOUT_MS, MINIMUM_CLAUDE_VERSION, resolveClaudeBin, unfitClaudeCli } from './cli';
export type { ClaudeBinSettings, MutationQueueStatus } from './cli';
export { describeIssues, MAX_DESCRIBED_ISSUES } from './schemas';
export type {
  AddServerInput,
  ApplyProfileInput,
  CheckAllInput,
  CheckServerInput,
  ContextCostInput,
  DeleteProfileInput,
  ExportInput,
  HistoryInput,
  ImportInput,
  ImportSourceInput,
  ListServersInput,
  LoginPasteInput,
  RegistrySearchInput,
  RegistryServerInput,
  LogsInput,
  McpPermissionRule,
  PermissionsInput,
  RemoveServerInput,
  ResetChoicesInput,
  SaveProfileInput,
  Scope,
  SessionsInput,
  SetPermissionInput,
  SignInTarget,
  SwitchServerInput,
  ToolPermission,
  Transport,
  UndoInput,
  UpdateServerInput,
  WatchInput,
} from './schemas';
export type {
  Approval,
  ConfigChange,
  ConfigProblem,
  KnownProject,
  McpLogLine,
  McpLogSession,
  MissedSession,
  RunningSession,
  Server,
  ServerList,
  ServerScope,
  ServerStatus,
  ServerTransport,
  StoredEntry,
} from './config';
export type { CheckAllEvent, CheckResult, CheckStatus } from './check';
export type { LoginEvent } from './login';
export { DEFAULT_REGISTRY_URL } from './registry';
export type {
  RegistryEntry,
  RegistryInput,
  RegistrySearchResult,
  RegistryServerDetail,
  RegistrySource,
  RegistrySummary,
} from './registry';
export type {
  ImportOutcome,
  ImportResult,
  ImportSource,
  ImportSourceDocument,
  ImportSourceLocation,
  TransferOperations,
} from './transfer';
