/**
 * The check after every mutation: the CLI has reported success for an add that changed nothing,
 * so what the config holds afterwards is compared with what was asked.
 */
import type { StoredEntry } from '../../config';
import { fieldsNotHeld } from '../../entry-comparison';
import { McpCoreError } from '../../errors';
import type { Scope } from '../../schemas';

/**
 * Throws VERIFY_FAILED unless `stored` holds every field of `requested`, the entry given to
 * `add-json`; returns it.
 */
export function verifyStored(
  name: string,
  scope: Scope,
  requested: Record<string, unknown>,
  stored: StoredEntry | undefined,
): StoredEntry {
  if (stored === undefined) {
    throw new McpCoreError(
      'VERIFY_FAILED',
      `The CLI reported success, but no server "${name}" is stored in ${scope} scope.`,
    );
  }
  const differing = fieldsNotHeld(requested, stored.entry);
  if (differing.length > 0) {
    throw new McpCoreError(
      'VERIFY_FAILED',
      `The CLI reported success, but "${name}" in ${stored.source} differs from what was asked in: ${differing.join(', ')}.`,
    );
  }
  return stored;
}

/** Throws VERIFY_FAILED if the removed server is still stored. */
export function verifyRemoved(name: string, stored: StoredEntry | undefined): void {
  if (stored !== undefined) {
    throw new McpCoreError(
      'VERIFY_FAILED',
      `The CLI reported success, but "${name}" is still stored in ${stored.source}.`,
    );
  }
}
