/**
 * Undoing a change, from History or from the message after the change: one that writes a
 * project's shared `.mcp.json` waits for the user's yes first.
 */
import { useState } from 'react';
import { useRefreshAfterChange } from './refresh-after-change';
import { trpc, type HistoryEntry } from './trpc';
import { ConfirmSharedFileDialog, sharedFilesOf } from './ui/ConfirmSharedFileDialog';

export function useUndoChange() {
  const refreshAfterChange = useRefreshAfterChange();
  const undo = trpc.mcp.undo.useMutation({ onSettled: refreshAfterChange });
  const [confirming, setConfirming] = useState<{ change: HistoryEntry; files: string[] } | null>(null);
  return {
    /** The undo under way or last run: `isPending`, `error`, `reset`. */
    undo,
    /** Undoes `change`, once the user said yes if it writes a shared `.mcp.json`. */
    ask: (change: HistoryEntry) => {
      const files = sharedFilesOf(change.files);
      if (files.length > 0) setConfirming({ change, files });
      else undo.mutate({ id: change.id });
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
            undo.mutate({ id: confirming.change.id });
          }}
        />
      ),
  };
}
