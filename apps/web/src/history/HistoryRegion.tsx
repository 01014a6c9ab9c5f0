import { useId, useState } from 'react';
import { useRefreshAfterChange } from '../refresh-after-change';
import { scopeLabel } from '../scopes';
import { trpc, type HistoryEntry } from '../trpc';
import { ConfirmSharedFileDialog, sharedFilesOf } from '../ui/ConfirmSharedFileDialog';
import { ProfilesRegion } from '../profiles/ProfilesRegion';
import { ContextCostRegion } from '../context-cost/ContextCostRegion';
import { ErrorAlert } from '../ui/ErrorAlert';
import { changedWords, historyVerb } from './history-words';
import './history.css';

/** Changes shown: the newest ones; older ones stay in the file. */
const SHOWN_CHANGES = 50;

/** The product's own changes, newest first, each undoable one with its `Undo`. */
export function HistoryRegion({ locked, projectPath }: { locked: boolean; projectPath: string }) {
  const headingId = useId();
  const history = trpc.mcp.history.useQuery({ limit: SHOWN_CHANGES });
  const [confirming, setConfirming] = useState<{ change: HistoryEntry; files: string[] } | null>(null);
  const refreshAfterChange = useRefreshAfterChange();
  const undo = trpc.mcp.undo.useMutation({ onSettled: refreshAfterChange });
  const askUndo = (change: HistoryEntry) => {
    undo.reset();
    const files = sharedFilesOf(change.files);
    if (files.length > 0) setConfirming({ change, files });
    else undo.mutate({ id: change.id });
  };

  return (
    <>
      {/* Context cost and Profiles come with History's code: a lazy part of their own would cost the first load. */}
      <ContextCostRegion projectPath={projectPath} />
      <ProfilesRegion projectPath={projectPath} locked={locked} />
      <section className="card history" aria-labelledby={headingId}>
        <h2 id={headingId}>History</h2>
        {history.error !== null && <ErrorAlert message={history.error.message} />}
        {undo.error !== null && <ErrorAlert message={undo.error.message} />}
        {history.data?.length === 0 && <p className="hint">Changes made here are listed, to undo.</p>}
        {history.data !== undefined && history.data.length > 0 && (
          <ol className="history-list">
            {history.data.map((change) => (
              <li key={change.id} className={change.ok ? undefined : 'failed'}>
                <span className="history-what">
                  {historyVerb(change)} <strong>{change.name}</strong> ({scopeLabel(change.scope)})
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
                    // Under a managed config Claude Code takes no change, an undo neither.
                    disabled={locked || undo.isPending}
                    onClick={() => {
                      askUndo(change);
                    }}
                  >
                    Undo
                  </button>
                )}
              </li>
            ))}
          </ol>
        )}
        {confirming !== null && (
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
        )}
      </section>
    </>
  );
}
