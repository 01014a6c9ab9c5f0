/**
 * Permission rules (`mcp.permissions`, `mcp.setPermission`) and the undo of a rule change.
 */
export { createPermissions, withPermissions } from './permissions';
