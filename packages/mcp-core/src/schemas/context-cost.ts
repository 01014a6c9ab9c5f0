/**
 * `mcp.contextCost`'s input: the project whose servers' cost in Claude Code's context to show
 * (README "Context cost"). Browser-safe.
 */
import type { z } from 'zod';
import { inputObject } from './field-rules';
import { projectPathSchema, scopeSchema, serverNameSchema, sourceSchema } from './server-fields';

export const contextCostInputSchema = inputObject({ projectPath: projectPathSchema.optional() }).optional();

export type ContextCostInput = z.infer<typeof contextCostInputSchema>;

/** `mcp.lastCheck`'s input: the listed entry whose kept check to read (as `mcp.check` names it). */
export const lastCheckInputSchema = inputObject({
  name: serverNameSchema,
  scope: scopeSchema,
  projectPath: projectPathSchema.optional(),
  source: sourceSchema.optional(),
});

export type LastCheckInput = z.infer<typeof lastCheckInputSchema>;
