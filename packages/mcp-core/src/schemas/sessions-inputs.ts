/**
 * `mcp.sessions`'s input: the project whose running Claude Code sessions to list (those in it or
 * below it); without one, every running session. Browser-safe.
 */
import type { z } from 'zod';
import { inputObject } from './field-rules';
import { projectPathSchema } from './server-fields';

export const sessionsInputSchema = inputObject({ projectPath: projectPathSchema.optional() }).optional();

export type SessionsInput = z.infer<typeof sessionsInputSchema>;
