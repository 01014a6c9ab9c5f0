import type { Scope } from '@mcp-admin/core/schemas';

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

export function scopeLabel(scope: Scope): string {
  return SCOPES.find((entry) => entry.scope === scope)?.label ?? scope;
}
