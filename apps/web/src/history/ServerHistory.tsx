import { useHistory } from '../shared-queries';
import type { ServerEntry } from '../trpc';
import { ErrorAlert } from '../ui/ErrorAlert';
import { HistoryList } from './HistoryList';

/** The history read, of which one server's changes are shown (the History view has them all). */
const HISTORY_LOOKBACK = 200;

/** One server's own changes made in the panel, newest first, each with its `Undo` as in History. */
export function ServerHistory({ server, locked }: { server: ServerEntry; locked: boolean }) {
  const history = useHistory(HISTORY_LOOKBACK);
  const own = (history.data ?? []).filter(
    (change) =>
      change.name === server.name &&
      // A tool's permission rule names the server, whatever its scope: the change lists the rule's file's.
      (change.scope === server.scope || change.procedure === 'mcp.setPermission'),
  );
  if (history.error !== null) return <ErrorAlert message={history.error.message} />;
  if (history.data === undefined) return <p className="status">Loading its changes…</p>;
  if (own.length === 0) return <p className="hint">No change made here yet.</p>;
  return <HistoryList changes={own} locked={locked} />;
}
