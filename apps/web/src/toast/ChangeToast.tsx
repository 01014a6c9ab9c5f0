import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { missedSessionsText } from '../sessions';
import type { HistoryEntry } from '../trpc';
import { CHANGE_MESSAGE_ATTRIBUTE, holdMessageHost, useMessageHost } from '../ui/message-hosts';
import { useUndoChange } from '../undo-change';
import { useReadRecentChanges } from './api';
import { dismissAnnouncement, useAnnouncement, type ChangeAnnouncement } from './change-announcements';
import { describeChange, type ChangeWords } from './change-words';
import { highlightRow } from './highlight-row';
import './toast.css';

/** Long enough to read and reach `Undo`; it stays while focus or the pointer is on it. */
const SHOWN_MS = 10_000;

/**
 * The last change, if it changed something, in words with its `Undo` (the History region keeps its
 * own): in the page, or in the newest open dialog, where a change made in it can be seen and undone.
 */
export function ChangeToast() {
  const announcement = useAnnouncement();
  const host = useMessageHost();
  if (announcement === null || host === null) return null;
  return createPortal(<Announced key={announcement.id} announcement={announcement} />, host);
}

function Announced({ announcement }: { announcement: ChangeAnnouncement }) {
  const words = useMemo(
    () => describeChange(announcement.procedure, announcement.input, announcement.output),
    [announcement],
  );
  return words === null ? null : <ChangeCard announcement={announcement} words={words} />;
}

function ChangeCard({ announcement, words }: { announcement: ChangeAnnouncement; words: ChangeWords }) {
  const readRecentChanges = useReadRecentChanges();
  const { undo: undoing, ask, confirmation } = useUndoChange();
  const ref = useRef<HTMLDivElement>(null);
  const textId = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // In a dialog's host, that host is a `status` while the message is in it (mounted anew in each host).
  useLayoutEffect(() => holdMessageHost(ref.current?.parentElement ?? null), []);
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

  const undo = async () => {
    const target = words.undo;
    if (target === undefined) return;
    setError(null);
    undoing.reset();
    setBusy(true);
    let change: HistoryEntry | undefined;
    try {
      const recent = await readRecentChanges();
      change = recent.find((entry) => entry.id === target.changeId);
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
    ask(change);
  };

  const shownError = error ?? undoing.error?.message;
  const missed = missedSessionsText(announcement.output, projectPathOf(announcement.input));
  return (
    <div ref={ref} className="toast-card" {...{ [CHANGE_MESSAGE_ATTRIBUTE]: '' }}>
      <span className="toast-text" id={textId}>
        {words.text}
      </span>
      {missed !== null && <span className="toast-sessions">{missed}</span>}
      {words.undo !== undefined && (
        <button
          type="button"
          className="secondary small"
          // Named `Undo`; the change it undoes is the message beside it.
          aria-describedby={textId}
          // Busy, it keeps focus (never disable the focused control); a second press does nothing.
          aria-disabled={busy || undoing.isPending || undefined}
          onClick={() => {
            if (!busy && !undoing.isPending) void undo();
          }}
        >
          Undo
        </button>
      )}
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={dismissAnnouncement}>
        ×
      </button>
      {shownError !== undefined && <span className="toast-error">{shownError}</span>}
      {confirmation}
    </div>
  );
}

/** The project a change named, if it named one. */
function projectPathOf(input: unknown): string | undefined {
  const projectPath = (input as { projectPath?: unknown } | null)?.projectPath;
  return typeof projectPath === 'string' ? projectPath : undefined;
}
