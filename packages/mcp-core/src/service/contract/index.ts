/**
 * What the service offers (`McpAdmin`) and what it is made with (`McpAdminOptions`): the types
 * each capability answers with.
 */
export { LOGIN_TIMEOUT_MS } from './mcp-admin-types';
export type {
  ApplyProfileResult,
  ContextCost,
  KeptCheckResult,
  McpAdmin,
  McpAdminHealth,
  McpAdminOptions,
  PermissionRules,
  ProfileOutcome,
  ProfileServerResult,
  ProfileView,
  ServerCost,
  SystemInfo,
} from './mcp-admin-types';
