/**
 * What a step of a change returns: its answer and what of it landed, as a value. A step that fails
 * after part of it landed throws `LandedThenFailed`, which carries what landed beside the error.
 */
import { errorText } from '../../error-text';
import type { MutationResult } from './change-result';

export interface Landed<M> {
  result: MutationResult;
  moves: M;
}

/** A step that failed after `moves` landed: `failure` is the error its change answers with. */
export class LandedThenFailed<M> extends Error {
  constructor(
    readonly failure: unknown,
    readonly moves: M,
  ) {
    super(errorText(failure), { cause: failure });
    this.name = 'LandedThenFailed';
  }
}
