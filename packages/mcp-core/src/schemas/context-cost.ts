/**
 * `mcp.contextCost`'s input: the project whose servers' cost in Claude Code's context to show
 * (README "Context cost"). Browser-safe.
 */
import { z } from 'zod';
// Read lazily: index.ts re-exports this file, so its values are not there yet while this one loads.
import { inputObject, projectPathSchema } from './index';

export const contextCostInputSchema = z.lazy(() =>
  inputObject({ projectPath: projectPathSchema.optional() }).optional(),
);

export type ContextCostInput = z.infer<typeof contextCostInputSchema>;
