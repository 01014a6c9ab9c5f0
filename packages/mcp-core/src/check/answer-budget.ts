/**
 * What one check reads of a server at most (every byte from outside is hostile): one message of
 * 10 MiB, 16 MiB of answers in all, 100 pages and 10,000 tools of `tools/list`. A server that
 * sends more ends its own check with a cut that says where it stopped; nothing else is touched.
 * Of each tool's input schema a check answers at most 16 KiB of JSON (see `keptInputSchema`).
 */
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { CheckStep } from './failure';
import { errorText } from '../error-text';

const MiB = 1024 * 1024;

/** The longest message read over stdio: the SDK's own limit (its ReadBuffer's). */
export const MAX_MESSAGE_BYTES = STDIO_DEFAULT_MAX_BUFFER_SIZE;
/** Everything a server may answer in one check: stdout, or the bodies of its HTTP responses. */
export const MAX_ANSWER_BYTES = 16 * MiB;
export const MAX_TOOL_PAGES = 100;
export const MAX_TOOLS = 10_000;
/** The longest input schema a check answers for one tool, in characters of its JSON. */
export const MAX_INPUT_SCHEMA_CHARS = 16 * 1024;

/** Why a check stopped reading; its text names the step it was at. */
export class CheckCut extends Error {
  readonly #at: (step: CheckStep) => string;

  constructor(at: (step: CheckStep) => string) {
    super('The check stopped reading the server.');
    this.name = 'CheckCut';
    this.#at = at;
  }

  at(step: CheckStep): string {
    return this.#at(step);
  }
}

export const messageTooLong = () =>
  new CheckCut(
    (step) =>
      `The server answered ${step} with a message over ${String(MAX_MESSAGE_BYTES / MiB)} MiB: the check stopped reading it.`,
  );

export const answersTooLarge = () =>
  new CheckCut(
    (step) =>
      `Stopped after ${String(MAX_ANSWER_BYTES / MiB)} MiB of answers, while reading ${step}: the server sent more than a check reads.`,
  );

/** A fault while reading the server's output (a throw in a stream listener): it ends this check only. */
export const readingFailed = (error: unknown) =>
  new CheckCut((step) => `Reading the server's answer to ${step} failed: ${errorText(error)}`);

export const tooManyTools = `Stopped after ${MAX_TOOLS.toLocaleString('en-US')} tools: the server listed more than a check reads.`;
export const tooManyPages = `Stopped after ${String(MAX_TOOL_PAGES)} pages of tools/list: the server kept sending a next page.`;

/** The bytes a check has read so far, and the cut that stopped it, if one did. */
export interface AnswerBudget {
  /** Aborted with the `CheckCut` that stopped the check. */
  readonly signal: AbortSignal;
  /** Counts `bytes` more of answers: false once over the limit (the check is then cut). */
  take(bytes: number): boolean;
  /** Stops the check; the first cut is the one reported. */
  cut(reason: CheckCut): void;
}

export function createAnswerBudget(limit: number = MAX_ANSWER_BYTES): AnswerBudget {
  const stop = new AbortController();
  let read = 0;
  const cut = (reason: CheckCut) => {
    if (!stop.signal.aborted) stop.abort(reason);
  };
  return {
    signal: stop.signal,
    take(bytes) {
      if (stop.signal.aborted) return false;
      read += bytes;
      if (read <= limit) return true;
      cut(answersTooLarge());
      return false;
    },
    cut,
  };
}

/** The cut that stopped the check, in words naming the step it was at. */
export function cutText(budget: AnswerBudget, step: CheckStep): string | undefined {
  const reason: unknown = budget.signal.reason;
  return budget.signal.aborted && reason instanceof CheckCut ? reason.at(step) : undefined;
}

/**
 * One tool's input schema as the server sent it, or, past `MAX_INPUT_SCHEMA_CHARS` of JSON, a
 * sentence saying so instead: the tool stays listed (its tokens count the whole schema).
 */
export function keptInputSchema(
  schema: Record<string, unknown>,
): { inputSchema: Record<string, unknown> } | { inputSchemaCut: string } {
  const chars = JSON.stringify(schema).length;
  if (chars <= MAX_INPUT_SCHEMA_CHARS) return { inputSchema: schema };
  return {
    inputSchemaCut: `Its input schema is ${chars.toLocaleString('en-US')} characters of JSON, over the ${String(MAX_INPUT_SCHEMA_CHARS / 1024)} KiB a check keeps of one tool's.`,
  };
}
