import { scopeLabel } from '../scopes';
import type { HistoryEntry } from '../trpc';

const VERBS: Record<HistoryEntry['procedure'], string> = {
  'mcp.add': 'Added',
  'mcp.remove': 'Removed',
  'mcp.update': 'Edited',
  'mcp.import': 'Imported',
  'mcp.disable': 'Turned off',
  'mcp.enable': 'Turned on',
  'mcp.applyProfile': 'Applied profile',
  'mcp.setPermission': 'Changed tool permissions of',
  'mcp.disableInProject': 'Turned off',
  'mcp.enableInProject': 'Turned on',
  'mcp.secretsToKeychain': 'Moved to the keychain the secrets of',
  'mcp.secretsFromKeychain': 'Moved out of the keychain the secrets of',
  'mcp.undo': 'Undid a change of',
};

/** Words that follow the server's name: "Turned off docs in this project only". */
const AFTER_NAME: Partial<Record<HistoryEntry['procedure'], string>> = {
  'mcp.disableInProject': ' in this project only',
  'mcp.enableInProject': ' in this project',
};

/** A stored entry's keys as the form names them. */
const FIELD_WORDS: Record<string, string> = {
  type: 'transport',
  command: 'command',
  args: 'arguments',
  env: 'variables',
  url: 'URL',
  headers: 'headers',
  oauth: 'sign-in settings',
  headersHelper: 'headers helper',
  timeout: 'timeout',
  alwaysLoad: 'always load',
};

export function historyVerb(change: HistoryEntry): string {
  return VERBS[change.procedure];
}

export function historyAfterName(change: HistoryEntry): string {
  return AFTER_NAME[change.procedure] ?? '';
}

/** One change in a line: "Removed files (User): command changed"; an `Undo`'s description, and what the toast says was undone. */
export function describeHistoryEntry(change: HistoryEntry): string {
  const changed = changedWords(change);
  return `${historyVerb(change)} ${change.name}${historyAfterName(change)} (${scopeLabel(change.scope)})${changed === '' ? '' : `: ${changed}`}`;
}

/**
 * What an edit changed, in words: "renamed, moved to Local, command and arguments changed". Empty
 * when the entry was not replaced (an add, a remove, a switch).
 */
export function changedWords(change: HistoryEntry): string {
  const changed = change.changed ?? [];
  const parts: string[] = [];
  if (changed.includes('name')) parts.push('renamed');
  if (changed.includes('scope')) parts.push(`moved to ${scopeLabel(change.scope)}`);
  const fields = changed
    .filter((key) => key !== 'name' && key !== 'scope')
    .map((key) => FIELD_WORDS[key] ?? key);
  if (fields.length > 0) parts.push(`${listed(fields)} changed`);
  return parts.join(', ');
}

function listed(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1] ?? ''}`;
}
