/** Inputs of history and undo: `mcp.history`, `mcp.undo`. */
import { z } from 'zod';
import { LIMITS, inputObject, text } from './field-rules';

/** How many changes `mcp.history` answers with: by default, and at most. */
export const HISTORY_LIMIT = { default: 100, max: 1000 } as const;

/** The id of one recorded change, as `mcp.history` lists it. */
export const changeIdSchema = text('id', LIMITS.name).regex(/^[A-Za-z0-9-]+$/, {
  error: 'id may only contain letters, digits and "-"',
});

export const historyInputSchema = inputObject({
  limit: z
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(HISTORY_LIMIT.max, { error: `limit must be at most ${HISTORY_LIMIT.max}` })
    .optional(),
}).optional();

export const undoInputSchema = inputObject({ id: changeIdSchema });

export type HistoryInput = z.infer<typeof historyInputSchema>;
export type UndoInput = z.infer<typeof undoInputSchema>;
