/** How a row shows its server: transport, target, where it is from, and its status in words. */
import { scopeLabel } from '../scopes';
import type { ServerEntry } from '../trpc';
import type { WritableServer } from './server-display';

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

export interface StatusNote {
  text: string;
  tone: 'ok' | 'warn' | 'muted';
}

/** The status in the panel's fixed words (SPEC §6), then each variable the environment lacks. */
export function statusNotes(server: ServerEntry): StatusNote[] {
  const missing = (server.missingEnv ?? []).map((name): StatusNote => ({
    text: `Missing variable ${name}`,
    tone: 'warn',
  }));
  return [statusNote(server), ...authNote(server), ...missing];
}

/** Whether Claude Code holds an OAuth token for a remote server (unknown: no note). */
function authNote({ auth }: ServerEntry): StatusNote[] {
  if (auth === undefined) return [];
  return [
    auth === 'signed-in' ? { text: 'Signed in', tone: 'ok' } : { text: 'Not signed in', tone: 'muted' },
  ];
}

function statusNote({ status, shadowedBy }: ServerEntry): StatusNote {
  switch (status) {
    case 'active':
      return { text: 'Active', tone: 'ok' };
    case 'shadowed':
      return {
        text: `Shadowed by ${shadowedBy === undefined ? 'another' : scopeLabel(shadowedBy)} scope`,
        tone: 'muted',
      };
    case 'pending':
      return { text: 'Pending approval', tone: 'warn' };
    case 'rejected':
      return { text: 'Rejected', tone: 'warn' };
    case 'disabled-in-project':
      return { text: 'Disabled in this project', tone: 'warn' };
    case 'disabled':
      return { text: 'Disabled', tone: 'muted' };
    case 'blocked':
      return { text: 'Blocked by policy', tone: 'warn' };
    case 'overridden':
      return { text: 'Overridden by managed config', tone: 'muted' };
  }
}

/**
 * Whether the row's `Enabled` switch is on: a user or local server is off while MCP Admin keeps it
 * stashed; a project server is off while a settings file rejects it (Claude Code's own switch).
 */
export function isSwitchedOn(server: WritableServer): boolean {
  return server.scope === 'project' ? server.approval !== 'rejected' : server.disabled !== true;
}

/** Where a read-only (managed or plugin) entry comes from, said in its row instead of controls. */
export function readOnlyOrigin(server: ServerEntry): string {
  return server.scope === 'plugin'
    ? `Read-only: from plugin ${server.plugin ?? ''}`
    : 'Read-only: from the managed config';
}
