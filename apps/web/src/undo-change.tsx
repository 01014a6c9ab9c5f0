/**
 * Undoing a change, from History or from the message after the change: one that writes a
 * project's shared `.mcp.json` waits for the user's yes first.
 */
import { useState } from 'react';
import { useRefreshAfterChange } from './refresh-after-change';
import { trpc, type HistoryEntry } from './trpc';
import { ConfirmSharedFileDialog, sharedFilesOf } from './ui/ConfirmSharedFileDialog';

/** The changes undone from this page, by id: the message after an undo names the change it reversed. */
const undoneChanges = new Map<string, HistoryEntry>();

/** The change an `mcp.undo` of this id reversed, when the undo was asked for here. */
export function undoneChange(id: unknown): HistoryEntry | undefined {
  return typeof id === 'string' ? undoneChanges.get(id) : undefined;
}

export function useUndoChange() {
  const refreshAfterChange = useRefreshAfterChange();
  const mutation = trpc.mcp.undo.useMutation({ onSettled: refreshAfterChange });
  // Recorded before the call: the message after it is made as its answer arrives.
  const undo = {
    ...mutation,
    mutate: (input: { id: string }, change: HistoryEntry) => {
      undoneChanges.set(input.id, change);
      mutation.mutate(input);
    },
  };
  const [confirming, setConfirming] = useState<{ change: HistoryEntry; files: string[] } | null>(null);
  return {
    /** The undo under way or last run: `isPending`, `error`, `reset`. */
    undo,
    /** Undoes `change`, once the user said yes if it writes a shared `.mcp.json`. */
    ask: (change: HistoryEntry) => {
      const files = sharedFilesOf(change.files);
      if (files.length > 0) setConfirming({ change, files });
      else undo.mutate({ id: change.id }, change);
    },
    /** The question, while it is asked: render it where the `Undo` was. */
    confirmation:
      confirming === null ? null : (
        <ConfirmSharedFileDialog
          action={`Undoing this change of "${confirming.change.name}"`}
          files={confirming.files}
          onCancel={() => {
            setConfirming(null);
          }}
          onConfirm={() => {
            setConfirming(null);
            undo.mutate({ id: confirming.change.id }, confirming.change);
          }}
        />
      ),
  };
}
