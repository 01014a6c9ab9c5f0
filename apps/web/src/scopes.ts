import type { Scope } from '@mcp-admin/core/schemas';
import type { ServerEntry } from './trpc';

export interface ScopeDescription {
  scope: Scope;
  label: string;
  help: string;
}

/** The three places Claude Code keeps a server, in the words the form and the empty list use. */
export const SCOPES: readonly ScopeDescription[] = [
  { scope: 'user', label: 'User', help: 'Yours, in every project (top level of .claude.json).' },
  {
    scope: 'local',
    label: 'Local',
    help: 'Yours, in this project only (kept in .claude.json, not shared).',
  },
  {
    scope: 'project',
    label: 'Project',
    help: "Shared through the project's .mcp.json; each person approves it once.",
  },
];

/** The scopes Claude Code reads but no CLI command writes. */
const READ_ONLY_SCOPE_LABELS: Record<string, string> = { managed: 'Managed', plugin: 'Plugin' };

export function scopeLabel(scope: ServerEntry['scope']): string {
  return SCOPES.find((entry) => entry.scope === scope)?.label ?? READ_ONLY_SCOPE_LABELS[scope] ?? scope;
}
