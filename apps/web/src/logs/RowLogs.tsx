import type { RowCheck } from '../check';
import type { ServerEntry } from '../trpc';
import { LogsDialog } from './lazy';

const CHECK_WORDS: Record<string, string> = {
  ok: 'connected',
  failed: 'failed',
  timeout: 'timed out',
  'needs-auth': 'needs authentication',
};

/**
 * The dialog `Logs of <name>` a row's `Logs <name>` opens (loaded on first use); the row shows it
 * while open. Focus goes back where it was when it opened: the row's menu button.
 */
export function RowLogs({
  server,
  projectPath,
  check,
  onClose,
}: {
  server: ServerEntry;
  projectPath: string;
  check: RowCheck | undefined;
  onClose: () => void;
}) {
  return (
    <LogsDialog
      server={server}
      projectPath={projectPath}
      checkSummary={checkSummary(check)}
      onClose={onClose}
    />
  );
}

/** Our last check of the row in words, shown beside Claude Code's logs. */
export function checkSummary(check: RowCheck | undefined): string | undefined {
  if (check?.state !== 'done') return undefined;
  const { status, error, latencyMs } = check.result;
  const words = `${CHECK_WORDS[status] ?? status} in ${String(latencyMs)} ms`;
  return error === undefined ? words : `${words}: ${error}`;
}
