import { useId } from 'react';
import { scopeLabel } from '../scopes';
import type { HistoryEntry } from '../trpc';
import { useUndoChange } from '../undo-change';
import { ErrorAlert } from '../ui/ErrorAlert';
import { changedWords, historyAfterName, historyVerb } from './history-words';
import './history.css';

/** Changes, newest first, each undoable one with its `Undo` described by the change it undoes. */
export function HistoryList({ changes, locked }: { changes: readonly HistoryEntry[]; locked: boolean }) {
  const listId = useId();
  const { undo, ask, confirmation } = useUndoChange();
  return (
    <>
      {undo.error !== null && <ErrorAlert message={undo.error.message} />}
      <ol className="history-list">
        {changes.map((change) => (
          <li key={change.id} className={change.ok ? undefined : 'failed'}>
            <span className="history-what" id={`${listId}-${change.id}`}>
              {historyVerb(change)} <strong>{change.name}</strong>
              {historyAfterName(change)} ({scopeLabel(change.scope)})
              {changedWords(change) !== '' && `: ${changedWords(change)}`}
              {!change.ok && <span className="note warn">Failed</span>}
            </span>
            <time dateTime={change.time}>{new Date(change.time).toLocaleString()}</time>
            {/* A failure's reason is the point; a success's CLI report is there on demand. */}
            {change.ok ? (
              <details className="history-details">
                <summary>Details</summary>
                <pre>{change.message}</pre>
              </details>
            ) : (
              <span className="reason">{change.message.split('\n')[0]}</span>
            )}
            {change.undoable && (
              <button
                type="button"
                className="secondary small"
                // Named `Undo`; which change it undoes is its description, the line it sits on.
                aria-describedby={`${listId}-${change.id}`}
                // Under a managed config Claude Code takes no change, an undo neither.
                disabled={locked}
                // Busy, it keeps focus (never disable the focused control); a second press does nothing.
                aria-disabled={undo.isPending || undefined}
                onClick={() => {
                  if (undo.isPending) return;
                  undo.reset();
                  ask(change);
                }}
              >
                Undo
              </button>
            )}
          </li>
        ))}
      </ol>
      {confirmation}
    </>
  );
}
