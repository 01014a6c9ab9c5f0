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

/** The `Undo` of a change that changed something: its answer names its record (`changeId`); none otherwise. */
function undoOf(output: unknown): { undo?: UndoTarget } {
  const changeId = asText((output as { changeId?: unknown } | null)?.changeId);
  return changeId === undefined ? {} : { undo: { changeId } };
}

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
    case 'mcp.add': {
      const missing = missingEnvOf(output);
      // Never a plain "Added" for a server that cannot start: say what it waits for.
      const text =
        missing.length === 0
          ? `Added ${name}${where}.`
          : `Added ${name}${where}, but it cannot start until ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} set in the environment Claude Code starts from: set ${missing.length === 1 ? 'it' : 'them'}, then restart Claude Code.`;
      return { text, ...undoOf(output), row };
    }
    case 'mcp.remove':
      return { text: `Removed ${name}${where}.`, ...undoOf(output) };
    case 'mcp.update': {
      if (isNothingToChange(output)) return { text: `Nothing to save: ${name} is already stored like that.` };
      const newName = asText(fields.server?.name) ?? name;
      const newScope = asText(fields.server?.scope) ?? scope;
      return {
        text: `Saved ${newName}${newName === name ? '' : ` (renamed from ${name})`}.`,
        ...undoOf(output),
        row: { name: newName, scope: newScope },
      };
    }
    case 'mcp.disable':
      return { text: `Turned off ${name}${where}.`, ...undoOf(output), row };
    case 'mcp.enable':
      return { text: `Turned on ${name}${where}.`, ...undoOf(output), row };
    case 'mcp.disableInProject':
      return { text: `Turned off ${name} in this project only.`, ...undoOf(output) };
    case 'mcp.enableInProject':
      return { text: `Turned on ${name} in this project.`, ...undoOf(output) };
    case 'mcp.applyProfile':
      return {
        text: `Applied profile ${name}: the Profiles region lists each server.`,
        ...undoOf(output),
      };
    case 'mcp.setPermission':
      return { text: messageOf(output), ...undoOf(output) };
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

/** An add's `missingEnv`: the `${VAR}` references nothing sets where Claude Code starts servers. */
function missingEnvOf(output: unknown): string[] {
  const missing = (output as { missingEnv?: unknown } | null)?.missingEnv;
  return Array.isArray(missing) ? missing.filter((name) => typeof name === 'string') : [];
}

function messageOf(output: unknown): string {
  return asText((output as { message?: unknown } | null)?.message) ?? 'Permission changed.';
}

function isNothingToChange(output: unknown): boolean {
  const message = (output as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.startsWith('Nothing to change');
}
