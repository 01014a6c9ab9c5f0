/**
 * `mcp.contextCost`'s input: the project whose servers' cost in Claude Code's context to show
 * (README "Context cost"). Browser-safe.
 */
import type { z } from 'zod';
import { inputObject } from './field-rules';
import { projectPathSchema } from './server-fields';

export const contextCostInputSchema = inputObject({ projectPath: projectPathSchema.optional() }).optional();

export type ContextCostInput = z.infer<typeof contextCostInputSchema>;
