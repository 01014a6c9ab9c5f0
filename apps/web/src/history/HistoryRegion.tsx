import { useId } from 'react';
import { scopeLabel } from '../scopes';
import { useHistory } from '../shared-queries';
import type { HistoryEntry } from '../trpc';
import { useUndoChange } from '../undo-change';
import { ErrorAlert } from '../ui/ErrorAlert';
import { changedWords, historyAfterName, historyVerb } from './history-words';
import './history.css';

/** Changes shown: the newest ones; older ones stay in the file. */
const SHOWN_CHANGES = 50;

/** The product's own changes, newest first, each undoable one with its `Undo`. */
export function HistoryRegion({ locked }: { locked: boolean }) {
  const headingId = useId();
  const history = useHistory(SHOWN_CHANGES);
  const { undo, ask, confirmation } = useUndoChange();
  const askUndo = (change: HistoryEntry) => {
    undo.reset();
    ask(change);
  };

  return (
    <section className="card history" aria-labelledby={headingId}>
      <h2 id={headingId}>History</h2>
      {history.error !== null && <ErrorAlert message={history.error.message} />}
      {undo.error !== null && <ErrorAlert message={undo.error.message} />}
      {history.data?.length === 0 && <p className="hint">Changes made here are listed, to undo.</p>}
      {history.data !== undefined && history.data.length > 0 && (
        <ol className="history-list">
          {history.data.map((change) => (
            <li key={change.id} className={change.ok ? undefined : 'failed'}>
              <span className="history-what" id={`${headingId}-${change.id}`}>
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
                  aria-describedby={`${headingId}-${change.id}`}
                  // Under a managed config Claude Code takes no change, an undo neither.
                  disabled={locked}
                  // Busy, it keeps focus (never disable the focused control); a second press does nothing.
                  aria-disabled={undo.isPending || undefined}
                  onClick={() => {
                    if (!undo.isPending) askUndo(change);
                  }}
                >
                  Undo
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {confirmation}
    </section>
  );
}
