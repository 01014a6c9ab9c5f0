/**
 * The one read-back decision of a step: the CLI may write the config and then time out, exit
 * non-zero, or leave it unreadable, so what is stored now decides what landed, never what the CLI
 * said. Every step that may land and fail (an entry's remove and add, a stash switch, a per-project
 * toggle) asks this once and gets one of three outcomes as a value, never a throw.
 */
import { errorText } from '../../error-text';

/** What a step left, read again: it did not land, it landed (all the same, after a failure), or it cannot be told. */
export type ReadBack<S> =
  | { landed: 'no'; stored: S }
  | { landed: 'yes'; stored: S }
  | { landed: 'unknown'; unreadable: string; error: unknown };

/**
 * Reads what is stored now (`read`) and decides with `hasLanded` whether the step is in it; a read
 * that fails is `unknown`, with why (in words, and the error).
 */
export async function readBack<S>(
  read: () => Promise<S>,
  hasLanded: (stored: S) => boolean,
): Promise<ReadBack<S>> {
  let stored: S;
  try {
    stored = await read();
  } catch (error) {
    return { landed: 'unknown', unreadable: errorText(error), error };
  }
  return { landed: hasLanded(stored) ? 'yes' : 'no', stored };
}

/** A remove's test: it landed when nothing is stored there any more. */
export const isGone = (stored: unknown): boolean => stored === undefined;

/** An add's test: it landed when something is stored there now. */
export const isThere = (stored: unknown): boolean => stored !== undefined;
