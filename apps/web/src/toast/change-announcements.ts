/**
 * The last change made in the panel, for the `status` message after it. Fed by `announceLink`
 * from every mutation that succeeded, however it was called; `ChangeToast` (loaded with the first
 * change) puts it in words.
 */
import { recordMissedSessions } from '../sessions';
import { sharedValue } from '../ui/shared-value';

/** The history entry an `Undo` right after a change reverses: the record its answer named. */
export interface UndoTarget {
  changeId: string;
}

/** One change that succeeded: the call and its answer. */
export interface ChangeAnnouncement {
  /** Tells two identical changes apart (the toast restarts). */
  id: number;
  /** When the change's answer came. */
  time: number;
  procedure: string;
  input: unknown;
  output: unknown;
}

const last = sharedValue<ChangeAnnouncement | null>(null);
let nextId = 1;

export function dismissAnnouncement(): void {
  last.set(null);
}

export const useAnnouncement = last.use;

export function announceChange(procedure: string, input: unknown, output: unknown): void {
  // The Running sessions view names what each session it did not reach misses.
  recordMissedSessions(input, output);
  last.set({ id: nextId++, time: Date.now(), procedure, input, output });
}
