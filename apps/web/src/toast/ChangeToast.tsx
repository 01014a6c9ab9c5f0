import { useEffect, useMemo, useRef, useState } from 'react';
import { useRefreshAfterChange } from '../refresh-after-change';
import { trpc, type HistoryEntry } from '../trpc';
import { ConfirmSharedFileDialog, sharedFilesOf } from '../ui/ConfirmSharedFileDialog';
import { dismissAnnouncement, useAnnouncement, type ChangeAnnouncement } from './change-announcements';
import { describeChange, type ChangeWords } from './change-words';
import { highlightRow } from './highlight-row';
import './toast.css';

/** Long enough to read and reach `Undo`; it stays while focus or the pointer is on it. */
const SHOWN_MS = 10_000;
/** The newest changes searched for the one just made. */
const RECENT_CHANGES = 20;

/** The last change, if it changed something, in words with its `Undo` (the History region keeps its own). */
export function ChangeToast() {
  const announcement = useAnnouncement();
  return announcement === null ? null : <Announced key={announcement.id} announcement={announcement} />;
}

function Announced({ announcement }: { announcement: ChangeAnnouncement }) {
  const words = useMemo(
    () => describeChange(announcement.procedure, announcement.input, announcement.output),
    [announcement],
  );
  return words === null ? null : <ChangeCard announcement={announcement} words={words} />;
}

function ChangeCard({ announcement, words }: { announcement: ChangeAnnouncement; words: ChangeWords }) {
  const utils = trpc.useUtils();
  const refreshAfterChange = useRefreshAfterChange();
  const ref = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<{ change: HistoryEntry; files: string[] } | null>(null);

  // Mounted anew for each change (keyed by it), so nothing of the last one's state is left.
  useEffect(() => {
    if (words.row !== undefined) highlightRow(words.row.name, words.row.scope);
    const timer = window.setInterval(() => {
      // Kept while the user is on it: a toast must not vanish under the pointer or the keyboard.
      const held = ref.current?.matches(':hover, :focus-within') === true;
      if (!held && Date.now() - announcement.time > SHOWN_MS) dismissAnnouncement();
    }, 500);
    return () => {
      window.clearInterval(timer);
    };
  }, [announcement, words]);

  const runUndo = async (change: HistoryEntry) => {
    setBusy(true);
    try {
      await utils.client.mcp.undo.mutate({ id: change.id });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
      void refreshAfterChange();
    }
  };

  const undo = async () => {
    const target = words.undo;
    if (target === undefined) return;
    setError(null);
    setBusy(true);
    let change: HistoryEntry | undefined;
    try {
      const recent = await utils.client.mcp.history.query({ limit: RECENT_CHANGES });
      change = recent.find(
        (entry) => entry.procedure === target.procedure && entry.name === target.name && entry.ok,
      );
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
      return;
    }
    setBusy(false);
    if (change?.undoable !== true) {
      setError('This change can no longer be undone from here: History lists what can.');
      return;
    }
    const files = sharedFilesOf(change.files);
    if (files.length > 0) setConfirming({ change, files });
    else await runUndo(change);
  };

  return (
    <div ref={ref} className="toast-card">
      <span className="toast-text">{words.text}</span>
      {words.undo !== undefined && (
        <button type="button" className="secondary small" disabled={busy} onClick={() => void undo()}>
          Undo
        </button>
      )}
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={dismissAnnouncement}>
        ×
      </button>
      {error !== null && <span className="toast-error">{error}</span>}
      {confirming !== null && (
        <ConfirmSharedFileDialog
          action={`Undoing this change of "${confirming.change.name}"`}
          files={confirming.files}
          onCancel={() => {
            setConfirming(null);
          }}
          onConfirm={() => {
            setConfirming(null);
            void runUndo(confirming.change);
          }}
        />
      )}
    </div>
  );
}
