/**
 * `mcp.contextCost`: what the project's MCP servers cost in Claude Code's context, and the lines
 * that cost is measured against in the panel (README "Context cost"). Browser-safe.
 */
import { z } from 'zod';
// Read lazily: index.ts re-exports this file, so its values are not there yet while this one loads.
import { inputObject, projectPathSchema } from './index';

export const contextCostInputSchema = z.lazy(() =>
  inputObject({ projectPath: projectPathSchema.optional() }).optional(),
);

export type ContextCostInput = z.infer<typeof contextCostInputSchema>;

/**
 * The context window the panel measures against: 200,000 tokens, the window of Claude's models
 * without the 1M-token option (Claude Code 2.1.332 reports `maxTokens` per model in `/context`).
 */
export const CONTEXT_WINDOW_TOKENS = 200_000;

/** Past this share of the window, Claude Code defers MCP tools behind its tool search. */
export const TOOL_SEARCH_SHARE = 0.1;

/** `/doctor` warns when the MCP tools' definitions pass this many tokens. */
export const DOCTOR_MCP_WARNING_TOKENS = 25_000;
