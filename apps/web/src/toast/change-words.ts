/** A change that succeeded, in words, with what its `Undo` reverses and the row it shows in. */
import { describeHistoryEntry } from '../history';
import { scopeLabel } from '../scopes';
import { undoneChange } from '../undo-change';
import type { HistoryEntry } from '../trpc';
import type { UndoTarget } from './change-announcements';

export interface ChangeWords {
  text: string;
  undo?: UndoTarget;
  /** The row that shows the result, to highlight. */
  row?: { name: string; scope: string };
}

interface ChangeInput {
  name?: unknown;
  scope?: unknown;
  dryRun?: unknown;
  server?: { name?: unknown; scope?: unknown };
}

const asText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The words for one successful change, or null for a call that changes nothing (a preview) or is
 * not a change of a server (a check, a sign-in).
 */
export function describeChange(procedure: string, input: unknown, output: unknown): ChangeWords | null {
  const fields = (typeof input === 'object' && input !== null ? input : {}) as ChangeInput;
  const name = asText(fields.name) ?? '';
  const scope = asText(fields.scope) ?? '';
  const where = scope === '' ? '' : ` (${scopeLabel(scope as HistoryEntry['scope'])})`;
  const row = { name, scope };
  switch (procedure) {
    case 'mcp.add':
      return { text: `Added ${name}${where}.`, undo: { procedure, name }, row };
    case 'mcp.remove':
      return { text: `Removed ${name}${where}.`, undo: { procedure, name } };
    case 'mcp.update': {
      if (isNothingToChange(output)) return { text: `Nothing to save: ${name} is already stored like that.` };
      const newName = asText(fields.server?.name) ?? name;
      const newScope = asText(fields.server?.scope) ?? scope;
      return {
        text: `Saved ${newName}${newName === name ? '' : ` (renamed from ${name})`}.`,
        undo: { procedure, name: newName },
        row: { name: newName, scope: newScope },
      };
    }
    case 'mcp.disable':
      return { text: `Turned off ${name}${where}.`, undo: { procedure, name }, row };
    case 'mcp.enable':
      return { text: `Turned on ${name}${where}.`, undo: { procedure, name }, row };
    case 'mcp.disableInProject':
      return { text: `Turned off ${name} in this project only.`, undo: { procedure, name } };
    case 'mcp.enableInProject':
      return { text: `Turned on ${name} in this project.`, undo: { procedure, name } };
    case 'mcp.applyProfile':
      return {
        text: `Applied profile ${name}: the Profiles region lists each server.`,
        undo: { procedure, name },
      };
    case 'mcp.setPermission':
      return { text: messageOf(output), undo: { procedure, name: permissionServer(input) } };
    case 'mcp.undo': {
      const change = undoneChange((input as { id?: unknown } | null)?.id);
      return { text: change === undefined ? 'Change undone.' : `Undone: ${describeHistoryEntry(change)}.` };
    }
    case 'mcp.resetChoices':
      return { text: "Reset this project's approvals." };
    case 'mcp.import': {
      if (fields.dryRun === true || !Array.isArray(output)) return null;
      const added = output.filter((result: { outcome?: unknown }) => result.outcome === 'added').length;
      return {
        text: `Imported ${added} server${added === 1 ? '' : 's'}${where}. History lists each, to undo.`,
      };
    }
    default:
      return null;
  }
}

/** The server of a permission change: its input names it `server`, a string. */
function permissionServer(input: unknown): string {
  return asText((input as { server?: unknown } | null)?.server) ?? '';
}

function messageOf(output: unknown): string {
  return asText((output as { message?: unknown } | null)?.message) ?? 'Permission changed.';
}

function isNothingToChange(output: unknown): boolean {
  const message = (output as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.startsWith('Nothing to change');
}
