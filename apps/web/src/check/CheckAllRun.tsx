import { useState } from 'react';
import { trpc, type CheckAllEvent } from '../trpc';
import { ErrorAlert } from '../ui/ErrorAlert';

interface CheckAllRunProps {
  projectPath: string;
  onResult: (event: CheckAllEvent) => void;
  /** The run ended: every server checked, or the stream failed. */
  onEnd: () => void;
}

/** One `Check all`: mounted, it checks every active server; it shows how far it got. */
export function CheckAllRun({ projectPath, onResult, onEnd }: CheckAllRunProps) {
  const [progress, setProgress] = useState({ checked: 0, total: 0 });
  const [ended, setEnded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  trpc.mcp.checkAll.useSubscription(
    { projectPath },
    {
      onData(event) {
        setProgress(({ checked }) => ({ checked: checked + 1, total: event.total }));
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
    },
  );
  const text =
    progress.total > 0
      ? `${progress.checked} of ${progress.total} checked`
      : ended
        ? 'No active servers to check.'
        : 'Checking all servers…';
  return (
    <>
      <p role="status" className="status">
        {text}
      </p>
      {error !== null && <ErrorAlert message={error} />}
    </>
  );
}
