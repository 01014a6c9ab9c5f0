/**
 * What a step of a change returns, as a value: it landed (`ok`), with its answer and what it moved;
 * or it failed after part of it landed (`ok: false`), with the error and what landed beside it.
 * A step of which nothing landed throws its error: that is no partial success.
 */
import type { MutationResult } from './change-result';

/** A step that ran to its end: its answer and what it moved. */
export interface Landed<M> {
  ok: true;
  result: MutationResult;
  moves: M;
}

/** A step that failed after `moves` landed: `failure` is the error its change answers with. */
export interface FailedAfterLanding<M> {
  ok: false;
  failure: unknown;
  moves: M;
}

/** What a step of a change returns: landed, or failed after part of it landed. */
export type StepOutcome<M> = Landed<M> | FailedAfterLanding<M>;
