/** The bound on a read made inside a turn of the mutation queue, so a stuck read frees the queue. */
import { formatDuration, withDeadline } from '../../deadline';
import { McpCoreError } from '../../errors';

/**
 * A read inside the mutation queue (the read-back after a change; before a remove, the scope
 * lookup or the check that the listed source holds the entry) past this frees the queue with an
 * error. Each file read has a shorter limit of its own (see claude-config); this one also bounds
 * what those do not cover, such as a stuck `stat`.
 */
const QUEUED_READ_TIMEOUT_MS = 30_000;

export function withinQueuedReadDeadline<T>(read: () => Promise<T>): Promise<T> {
  return withDeadline(
    read,
    QUEUED_READ_TIMEOUT_MS,
    () =>
      new McpCoreError(
        'CONFIG_UNREADABLE',
        `The config files could not be read within ${formatDuration(QUEUED_READ_TIMEOUT_MS)}.`,
      ),
  );
}
