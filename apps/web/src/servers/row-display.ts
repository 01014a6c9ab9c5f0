/** How a row shows its server: transport, target, where it is from, its switch. */
import type { ServerEntry } from '../trpc';
import type { WritableServer } from '../rows';

const TRANSPORT_LABELS: Record<ServerEntry['transport'], string> = {
  stdio: 'stdio',
  http: 'HTTP',
  sse: 'SSE',
  unknown: 'unknown',
};

export function transportLabel(server: ServerEntry): string {
  return TRANSPORT_LABELS[server.transport];
}

/** What the server runs or where it lives: a shell-like command line, or the URL. */
export function targetText(server: ServerEntry): string {
  if (server.command !== undefined) {
    return [server.command, ...(server.args ?? [])].map(shellWord).join(' ');
  }
  return server.url ?? '—';
}

// Quoted only when needed, so `node server.js --port 1` reads as typed.
function shellWord(word: string): string {
  return word === '' || /[\s"'\\]/.test(word) ? JSON.stringify(word) : word;
}

/** A project-scope entry's file, relative when it is the project's own (a parent's stays absolute). */
export function sourceLabel(source: string, projectPath: string): string {
  const prefix = projectPath.endsWith('/') ? projectPath : `${projectPath}/`;
  return source.startsWith(prefix) ? source.slice(prefix.length) : source;
}

/**
 * Whether the row's `Enabled` switch is on: a user or local server is off while MCP Admin keeps it
 * stashed; a project server is on once approved (Claude Code's own switch), off while rejected or
 * not approved yet.
 */
export function isSwitchedOn(server: WritableServer): boolean {
  if (server.scope !== 'project') return server.disabled !== true;
  // On once you approved it, even while that approval waits for the folder to be trusted.
  return server.approval === 'approved' || server.awaitsTrust === true;
}

/** Where a read-only (managed or plugin) entry comes from, said in its row instead of controls. */
export function readOnlyOrigin(server: ServerEntry): string {
  return server.scope === 'plugin'
    ? `Read-only: from plugin ${server.plugin ?? ''}`
    : 'Read-only: from the managed config';
}
