export { runMcpAdmin } from './run-mcp-admin';
export type { McpAdminCommand } from './run-mcp-admin';
