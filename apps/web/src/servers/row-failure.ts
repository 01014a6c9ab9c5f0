/**
 * What a row's error line says: a failure of one of its actions in plain words. A rejection the
 * switch cannot lift (REJECTED_ELSEWHERE) names who made it instead of the file's key.
 */
import { coreCodeOf } from '../trpc';
import type { ServerEntry } from '../trpc';
import { REJECTION_WORDS, rowRejecter } from './rejection';

/** A failure of an action on `server`'s row, in words; who rejects the server is as the list says. */
export function plainFailure(error: Error, server: ServerEntry): string {
  const rejecter = rowRejecter(server);
  if (coreCodeOf(error) === 'REJECTED_ELSEWHERE' && rejecter !== undefined && rejecter !== 'personal') {
    return `Not turned on: ${REJECTION_WORDS[rejecter]}. Nothing was changed.`;
  }
  return error.message;
}

/** "12 min ago": when a kept check ran, short enough for the Connection column. */
export function checkedAgo(checkedAt: number, now: number): string {
  const minutes = Math.floor((now - checkedAt) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${String(minutes)} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${String(hours)} h ago`;
  return `${String(Math.floor(hours / 24))} d ago`;
}
