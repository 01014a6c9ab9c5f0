/** Inputs of Claude Code's own MCP logs: `mcp.logs`. */
import { z } from 'zod';
import { inputObject } from './field-rules';
import { projectPathSchema, serverNameSchema } from './server-fields';

export const LOG_SESSIONS = { default: 5, max: 20 } as const;

export const logsInputSchema = inputObject({
  name: serverNameSchema,
  projectPath: projectPathSchema.optional(),
  limit: z
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(LOG_SESSIONS.max, { error: `limit must be at most ${LOG_SESSIONS.max}` })
    .optional(),
});

export type LogsInput = z.infer<typeof logsInputSchema>;
