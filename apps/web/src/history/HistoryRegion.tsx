import { useId } from 'react';
import { useHistory } from '../shared-queries';
import { ErrorAlert } from '../ui/ErrorAlert';
import { viewHref } from '../ui/view-url';
import { HistoryList } from './HistoryList';
import './history.css';

/** Changes shown: the newest ones; older ones stay in the file. */
const SHOWN_CHANGES = 50;

/** The product's own changes, newest first, each undoable one with its `Undo`. */
export function HistoryRegion({ locked }: { locked: boolean }) {
  const headingId = useId();
  const history = useHistory(SHOWN_CHANGES);
  return (
    <section className="card history" aria-labelledby={headingId}>
      <h2 id={headingId}>History</h2>
      {history.error !== null && <ErrorAlert message={history.error.message} />}
      {history.data?.length === 0 && (
        <p className="hint">
          Every change made in this panel is listed here, newest first, with Undo. Nothing changed yet:{' '}
          <a href={viewHref('servers')}>add or change a server</a>.
        </p>
      )}
      {history.data !== undefined && history.data.length > 0 && (
        <HistoryList changes={history.data} locked={locked} />
      )}
    </section>
  );
}
