/**
 * A change as a capability describes it (issue 42, one runner): its input, the project it is in,
 * what it plans (its record's subject, with what it takes away) and its steps. The engine runs the
 * pipeline: parse, the project, one queue turn for the whole change, the plan, and the recorded
 * run (`runChange` through the history's recorder: intent, steps, outcome, answer). The recorder
 * is passed in, as `runChange`'s ledger is: the engine imports no capability.
 */
import type { MutationResult } from './change-result';
import type { EngineContext } from './context';
import type { StepOutcome } from './landed';
import type { StepCheckpoint, Steps } from './run-change';

/** Runs `steps` recorded in the history as `subject` (the history's `recordedChange` for one kind). */
export type Recorder<S, M> = (subject: S, steps: Steps<M>) => Promise<MutationResult>;

/** What a change plans in its turn: its record's subject, and anything its steps need. */
export interface Planned<S> {
  subject: S;
}

/** A plan that finds nothing to change: answered as it is, no record, no step. */
export interface NothingToChange<A = MutationResult> {
  unchanged: A;
}

/** The answer of a change that finds nothing to change. */
export const nothingToChange = <A = MutationResult>(unchanged: A): NothingToChange<A> => ({ unchanged });

/** Its answer `A` from the recorded one and its plan (for example a warning added). */
type Answer<P, A> = (result: MutationResult, planned: P) => A | Promise<A>;

/**
 * A change already in its turn and its project: what it plans, its steps, and what follows them.
 * It answers `A`: a MutationResult unless it says otherwise (a profile apply's per-server results).
 */
export type PlannedChange<P extends Planned<unknown>, M, A = MutationResult> = {
  /** Where it is recorded: the history's recorder of its kind. */
  record: Recorder<P['subject'], M>;
  /** Before any step: its subject and what it takes away, or that there is nothing to change. */
  plan: () => Promise<P | NothingToChange<A>>;
  /** What it does; returns what landed (a failure after part of it landed is a returned value). */
  steps: (planned: P, checkpoint: StepCheckpoint<M>, id: string | undefined) => Promise<StepOutcome<M>>;
  /**
   * Its answer when it failed after part of it ran (a partial success is an answer, not an error),
   * or undefined when nothing of it ran: then its error is thrown. Absent: every failure is thrown.
   */
  failedAnswer?: (error: unknown, planned: P) => A | undefined;
  /** After it failed or was refused, what it set up for its steps is let go (for example kept secrets). */
  failed?: (planned: P) => Promise<void>;
} & AnswerOf<P, A>;

/**
 * Its answer from the recorded one: optional when it answers a MutationResult (the recorded one
 * when absent), given when it answers another type.
 */
type AnswerOf<P, A> = MutationResult extends A ? { answer?: Answer<P, A> } : { answer: Answer<P, A> };

/** The project a path names (none: the default): INVALID_INPUT unless it is an existing directory. */
export type ExistingProject = (projectPath: string | undefined) => Promise<string>;

/** A whole change: its input and project, then as a planned change in that project. */
export interface ChangeDescription<I, W, P extends Planned<unknown>, M, A = MutationResult> {
  /** The input's schema: an input it refuses is a 400 before any turn or spawn. */
  input: { parse: (rawInput: unknown) => I };
  /** Before the turn: the project (or projects) the input names, each an existing directory. */
  project: (input: I, existingProject: ExistingProject) => Promise<W>;
  /** The change in its turn, for that input and where it is. */
  change: (input: I, where: W) => PlannedChange<P, M, A>;
}

/** A planned change as written (typed here, so its plan's subject and extras reach its steps). */
export const plannedChange = <P extends Planned<unknown>, M, A = MutationResult>(
  change: PlannedChange<P, M, A>,
): PlannedChange<P, M, A> => change;

/**
 * Runs a planned change in the turn already taken (a batch's turn, an undo's): its plan, its
 * recorded steps, its answer; on failure what it set up is let go, and its failed answer is given
 * when it has one (part of it ran), else the error is thrown.
 */
export async function runPlannedChange<P extends Planned<unknown>, M, A = MutationResult>(
  change: PlannedChange<P, M, A>,
): Promise<A> {
  const planned = await change.plan();
  if ('unchanged' in planned) return planned.unchanged;
  try {
    const result = await change.record(planned.subject, (checkpoint, id) =>
      change.steps(planned, checkpoint, id),
    );
    // No answer given: A is a MutationResult (PlannedChange requires `answer` otherwise).
    return change.answer === undefined ? (result as A) : await change.answer(result, planned);
  } catch (error) {
    await change.failed?.(planned);
    const answer = change.failedAnswer?.(error, planned);
    if (answer === undefined) throw error;
    return answer;
  }
}

/**
 * The operation of a described change: parse, then its place in the queue taken as it arrives (in
 * order of arrival, whatever its project's lookup answers first), the project looked for meanwhile,
 * and one queue turn held for the whole change (the project found, plan, steps, record, answer).
 */
export function describedChange<I, W, P extends Planned<unknown>, M, A = MutationResult>(
  { turns, readers }: Pick<EngineContext, 'turns' | 'readers'>,
  description: ChangeDescription<I, W, P, M, A>,
): (rawInput: unknown) => Promise<A> {
  return async (rawInput) => {
    const input = description.input.parse(rawInput);
    const where = description.project(input, (path) => readers.existingProject(path));
    // Awaited in the turn; a refusal that waits for it is not an unhandled rejection meanwhile.
    where.catch(() => undefined);
    return turns.change(async () => runPlannedChange(description.change(input, await where)));
  };
}
