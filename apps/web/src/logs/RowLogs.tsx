import { Suspense, useState } from 'react';
import type { RowCheck } from '../check';
import type { ServerEntry } from '../trpc';
import { LogsDialog } from './lazy';

const CHECK_WORDS: Record<string, string> = {
  ok: 'connected',
  failed: 'failed',
  timeout: 'timed out',
  'needs-auth': 'needs authentication',
};

/** A row's `Logs <name>` button and the dialog it opens (loaded on first use). */
export function RowLogs({
  server,
  projectPath,
  check,
  disabled,
}: {
  server: ServerEntry;
  projectPath: string;
  check: RowCheck | undefined;
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="secondary small"
        aria-label={`Logs ${server.name}`}
        disabled={disabled}
        onClick={() => {
          setOpen(true);
        }}
      >
        Logs
      </button>
      {open && (
        <Suspense fallback={null}>
          <LogsDialog
            server={server}
            projectPath={projectPath}
            checkSummary={checkSummary(check)}
            onClose={() => {
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** Our last check of the row in words, shown beside Claude Code's logs. */
export function checkSummary(check: RowCheck | undefined): string | undefined {
  if (check?.state !== 'done') return undefined;
  const { status, error, latencyMs } = check.result;
  const words = `${CHECK_WORDS[status] ?? status} in ${String(latencyMs)} ms`;
  return error === undefined ? words : `${words}: ${error}`;
}
