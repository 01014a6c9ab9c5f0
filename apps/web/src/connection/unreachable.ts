/**
 * A change that failed because the server could not be reached is said once, while the connection
 * alert shows: only the latest such failure shows on the page (with the alert that makes two), and
 * none is left once the server is back (the list shows what landed).
 */
import { useEffect } from 'react';
import { sharedValue } from '../ui/shared-value';
import { useConnectionLost } from './connection-state';

/** Thrown by `watchedFetch` when no answer came because the server is gone. */
export class ServerUnreachableError extends Error {
  override readonly name = 'ServerUnreachableError';
}

/** Whether the error (or one it wraps, as tRPC's client error does) is a server out of reach. */
export function isUnreachable(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof ServerUnreachableError) return true;
  }
  return false;
}

/** The latest unreachable failure shown anywhere on the page. */
const latest = sharedValue<unknown>(null);

/**
 * The message to show for a failed action: its own words, or for a server out of reach, only
 * while the connection is lost and only for the latest such failure.
 */
export function useFailureShown(error: Error | null | undefined): string | undefined {
  const lost = useConnectionLost();
  const unreachable = error != null && isUnreachable(error);
  const current = latest.use();
  useEffect(() => {
    if (unreachable) latest.set(error);
  }, [unreachable, error]);
  if (error == null) return undefined;
  if (!unreachable) return error.message;
  return lost && current === error ? error.message : undefined;
}
