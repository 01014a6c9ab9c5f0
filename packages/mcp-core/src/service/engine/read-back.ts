/**
 * The one read-back after a failed step: the CLI may write the config and then time out, exit
 * non-zero, or leave it unreadable, so what is stored now decides what landed.
 */
import type { StoredEntry } from '../../config';
import { errorText } from '../../error-text';

/** The place after a failed step: the entry stored there (or none), or why it could not be read. */
export type ReadBack = { stored: StoredEntry | undefined } | { unreadable: string };

export async function readBack(read: () => Promise<StoredEntry | undefined>): Promise<ReadBack> {
  try {
    return { stored: await read() };
  } catch (error) {
    return { unreadable: errorText(error) };
  }
}
