/**
 * What a row's two switches mean, in the words shown beside them: the lasting `Enabled` switch
 * (a user-scope server is off in every project) and Claude Code's per-project one (`/mcp`).
 */
import type { WritableServer } from '../rows';

/**
 * The lasting switch. Turning a signed-in server off removes it with `claude mcp remove`, which also
 * drops its sign-in (see packages/mcp-core/src/service/sign-in/sign-in-loss.ts): said before the click.
 */
export function lastingSwitchWords(server: WritableServer, on: boolean): string {
  if (server.scope !== 'user') return on ? 'On' : 'Off';
  if (!on) return 'Off everywhere';
  return server.auth === 'signed-in' ? 'On everywhere (off everywhere signs you out of it)' : 'On everywhere';
}

export function projectSwitchWords(on: boolean): string {
  return on ? 'On in this project' : "Off in this project only (Claude Code's /mcp)";
}
