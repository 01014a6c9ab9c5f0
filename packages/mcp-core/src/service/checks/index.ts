/**
 * Checks of servers (`mcp.check`, `mcp.checkAll`), the last check of each, the context cost they
 * make, and the servers' logs.
 */
export { createCheckServers } from './check-servers';
export { createContextCost } from './context-cost';
export { createLastChecks } from './last-checks';
export { createLogs } from './server-logs';
