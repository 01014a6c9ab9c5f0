import { useState } from 'react';
import { useServerList } from '../shared-queries';
import type { CheckAllEvent } from '../trpc';
import { ErrorAlert } from '../ui/ErrorAlert';
import { useCheckAll, type CheckAllHandlers } from './api';
import { cancelledCheckAllSummary, checkAllSummary, NO_CHECKS, type CheckCounts } from './check-all-summary';

interface CheckAllRunProps {
  projectPath: string;
  /** The user cancelled the run (`Cancel check all`): it stops, and says how far it got. */
  cancelled: boolean;
  onResult: (event: CheckAllEvent) => void;
  /** The run ended: every server checked, or the stream failed. */
  onEnd: () => void;
}

/** One `Check all`: mounted, it checks every active server; it shows how far it got. */
export function CheckAllRun({ projectPath, cancelled, onResult, onEnd }: CheckAllRunProps) {
  const [progress, setProgress] = useState({ checked: 0, total: 0 });
  const [counts, setCounts] = useState<CheckCounts>(NO_CHECKS);
  // The list the panel shows (the same cached query): which servers a run leaves out, and why.
  const listed = useServerList(projectPath);
  const [ended, setEnded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const handlers: CheckAllHandlers = {
    onData(event) {
      setProgress(({ checked }) => ({ checked: checked + 1, total: event.total }));
      setCounts((previous) => ({ ...previous, [event.result.status]: previous[event.result.status] + 1 }));
      onResult(event);
    },
    onComplete() {
      setEnded(true);
      onEnd();
    },
    onError(failure) {
      setError(failure.message);
      onEnd();
    },
  };
  const text = cancelled
    ? cancelledCheckAllSummary(progress.checked, progress.total, counts)
    : checkAllSummary(progress.checked, progress.total, counts, ended, listed.data?.servers ?? []);
  return (
    <>
      {/* Unmounted, it ends the subscription: the server stops the checks still running. */}
      {!cancelled && <CheckAllSubscription projectPath={projectPath} handlers={handlers} />}
      <p role="status" className="status">
        {text}
      </p>
      {error !== null && <ErrorAlert message={error} />}
    </>
  );
}

/** `mcp.checkAll` of the project while mounted. */
function CheckAllSubscription({
  projectPath,
  handlers,
}: {
  projectPath: string;
  handlers: CheckAllHandlers;
}) {
  useCheckAll(projectPath, handlers);
  return null;
}
