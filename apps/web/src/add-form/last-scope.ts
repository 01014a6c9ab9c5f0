import type { Scope } from '@mcp-admin/core/schemas';

const KEY = 'mcp-admin:last-scope';
const SCOPES: readonly string[] = ['user', 'local', 'project'];

/** The scope the last server was added to in this browser: the form starts there next time. */
export function lastScope(): Scope | undefined {
  try {
    const stored = window.localStorage.getItem(KEY);
    return stored !== null && SCOPES.includes(stored) ? (stored as Scope) : undefined;
  } catch {
    // Storage can be switched off; the form then starts from its default.
    return undefined;
  }
}

export function rememberScope(scope: Scope): void {
  try {
    window.localStorage.setItem(KEY, scope);
  } catch {
    // Not remembered: nothing else depends on it.
  }
}
