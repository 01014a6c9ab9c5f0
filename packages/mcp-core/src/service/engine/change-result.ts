/** The answer of a change, and how the answers and errors of its several steps are put together. */
import type { MissedSession } from '../../config';
import { McpCoreError, isMcpCoreError } from '../../errors';

export interface MutationResult {
  ok: true;
  /** The CLI's own report. */
  message: string;
  /** Something went wrong after the change landed (e.g. the audit log could not be written). */
  warning?: string;
  /**
   * The `id` of the change's record in `mcp.history`, when it changed something; none when it
   * changed nothing (set by the recorded change, history/recorded-change.ts, never by a step).
   */
  changeId?: string;
  /**
   * The running Claude Code sessions this change does not reach (started before it, in a directory
   * it affects), when there are any: set by the service on its answer (reported-changes.ts), never by a step.
   */
  sessionsMissing?: MissedSession[];
  /**
   * An add's: the `${VAR}` references of the entry that the environment Claude Code starts servers
   * with does not set (it cannot start until they are), when there are any.
   */
  missingEnv?: string[];
}

/** One result of a change made of several CLI calls: their reports, and their warnings, in order. */
export function combined(...results: MutationResult[]): MutationResult {
  const message = results
    .map((result) => result.message)
    .filter((text) => text !== '')
    .join('\n');
  const warnings = results.flatMap((result) => (result.warning === undefined ? [] : [result.warning]));
  return warnings.length === 0 ? { ok: true, message } : { ok: true, message, warning: warnings.join('\n') };
}

/** `error` with another message and the same code. */
export function withMessage(error: unknown, message: string): Error {
  return isMcpCoreError(error)
    ? new McpCoreError(error.code, message, { cause: error })
    : new Error(message, { cause: error });
}
