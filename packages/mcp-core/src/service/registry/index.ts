/**
 * The public MCP registry: search and one server's details.
 */
export { createRegistryReads } from './registry';
