/** The server package's public entry: start the HTTP host. The API itself is `@mcp-admin/api`. */
export { runMcpAdmin } from './command';
export type { McpAdminCommand } from './command';
export { startServer } from './http/start-server';
export type { RunningServer, StartServerOptions } from './http/start-server';
