import type { Server } from '../config';

/** Whether Claude Code loads this entry in the project, which is what `mcp.checkAll` checks. */
export function isActive(server: Server): boolean {
  return server.status === 'active';
}

/**
 * A project server nobody approved runs a command (or reaches a URL, with the user's variables
 * expanded into it) from a file in the repository: it is checked only when the user confirms.
 */
export function needsConfirmation(server: Server): boolean {
  return server.scope === 'project' && server.approval !== 'approved';
}
