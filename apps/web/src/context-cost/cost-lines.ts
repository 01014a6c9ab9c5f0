/**
 * The lines a project's MCP tool cost is measured against (README "Context cost"): the share of
 * the model's context window, Claude Code's tool-search threshold and `/doctor`'s warning.
 */

/**
 * The context window measured against: 200,000 tokens, Claude's models without the 1M-token
 * option (Claude Code 2.1.332 reports its model's own `maxTokens` in `/context`).
 */
export const CONTEXT_WINDOW_TOKENS = 200_000;

/** Past this share of the window, Claude Code defers MCP tools behind its tool search. */
export const TOOL_SEARCH_SHARE = 0.1;

/** `/doctor` warns when the MCP tools' definitions pass this many tokens. */
export const DOCTOR_WARNING_TOKENS = 25_000;

export interface CostLine {
  text: string;
  passed: boolean;
}

export function formatTokens(tokens: number): string {
  return tokens.toLocaleString('en-US');
}

/** The share of the window, in percent with one decimal (at least 0.1 for any cost at all). */
export function windowShare(total: number): string {
  const percent = (total / CONTEXT_WINDOW_TOKENS) * 100;
  return (total > 0 && percent < 0.1 ? 0.1 : Math.round(percent * 10) / 10).toLocaleString('en-US');
}

/** Each line, said in words, and whether the project's total passes it. */
export function costLines(total: number): CostLine[] {
  const deferAt = CONTEXT_WINDOW_TOKENS * TOOL_SEARCH_SHARE;
  return [
    {
      passed: total > deferAt,
      text:
        total > deferAt
          ? `Past ${formatTokens(deferAt)} tokens (10% of the window): Claude Code defers these tools behind its tool search.`
          : `Under ${formatTokens(deferAt)} tokens (10% of the window): Claude Code loads every tool up front.`,
    },
    {
      passed: total > DOCTOR_WARNING_TOKENS,
      text:
        total > DOCTOR_WARNING_TOKENS
          ? `Past ${formatTokens(DOCTOR_WARNING_TOKENS)} tokens: /doctor warns about the MCP tools' size.`
          : `Under ${formatTokens(DOCTOR_WARNING_TOKENS)} tokens, where /doctor warns about the MCP tools' size.`,
    },
  ];
}
