import { scopeLabel } from '../scopes';
import type { ServerEntry } from '../trpc';

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

/** Approval (project scope), shadowing and disabled state, as short notes for the status cell. */
export function statusNotes(server: ServerEntry): StatusNote[] {
  const notes: StatusNote[] = [];
  if (server.approval === 'approved') notes.push({ text: 'Approved', tone: 'ok' });
  if (server.approval === 'pending') notes.push({ text: 'Pending approval', tone: 'warn' });
  if (server.approval === 'rejected') notes.push({ text: 'Rejected', tone: 'warn' });
  if (server.shadowedBy !== undefined) {
    notes.push({ text: `Shadowed by ${scopeLabel(server.shadowedBy)} scope`, tone: 'muted' });
  }
  return notes;
}
