/** Inputs of connection checks: `mcp.check`, `mcp.checkAll`. */
import { z } from 'zod';
import { inputObject } from './field-rules';
import { projectPathSchema, scopeSchema, serverNameSchema, sourceSchema } from './server-fields';

/**
 * The bounds of how long a caller may ask one check to take, in milliseconds; without `timeoutMs`
 * a check waits as long as Claude Code does (check/connect-timeout.ts).
 */
export const CHECK_TIMEOUT_MS = { min: 1_000, max: 60_000 } as const;

export const checkServerInputSchema = inputObject({
  name: serverNameSchema,
  scope: scopeSchema,
  projectPath: projectPathSchema.optional(),
  source: sourceSchema.optional(),
  confirm: z.boolean({ error: 'confirm must be true or false' }).optional(),
  timeoutMs: z
    .int({ error: 'timeoutMs must be a whole number of milliseconds' })
    .min(CHECK_TIMEOUT_MS.min, { error: `timeoutMs must be at least ${CHECK_TIMEOUT_MS.min}` })
    .max(CHECK_TIMEOUT_MS.max, { error: `timeoutMs must be at most ${CHECK_TIMEOUT_MS.max}` })
    .optional(),
});

export const checkAllInputSchema = inputObject({
  projectPath: projectPathSchema.optional(),
}).optional();

export type CheckServerInput = z.infer<typeof checkServerInputSchema>;
export type CheckAllInput = z.infer<typeof checkAllInputSchema>;
