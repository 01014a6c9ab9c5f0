import type { Server } from '../config';

/**
 * Whether Claude Code loads this entry in the project, which is what `mcp.checkAll` checks: not
 * shadowed by a closer entry of the same name and, from a `.mcp.json`, approved. (The list's own
 * `status` will say so once it has one.)
 */
export function isActive(server: Server): boolean {
  return server.shadowedBy === undefined && !needsConfirmation(server);
}

/**
 * A project server nobody approved runs a command (or reaches a URL, with the user's variables
 * expanded into it) from a file in the repository: it is checked only when the user confirms.
 */
export function needsConfirmation(server: Server): boolean {
  return server.scope === 'project' && server.approval !== 'approved';
}
