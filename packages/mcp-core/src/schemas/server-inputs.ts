/**
 * Inputs of the procedures on servers: `mcp.add`, `mcp.remove`, `mcp.update`, the switch,
 * `mcp.list`, `mcp.watch`.
 */
import { z } from 'zod';
import { inputObject, text } from './field-rules';
import {
  checkServerShape,
  newServerNameSchema,
  projectPathSchema,
  scopeSchema,
  serverNameSchema,
  serverTargetSchema,
  sourceSchema,
} from './server-fields';

export const addServerInputSchema = inputObject({
  name: newServerNameSchema,
  scope: scopeSchema,
  ...serverTargetSchema.shape,
  projectPath: projectPathSchema.optional(),
}).superRefine((input, ctx) => {
  checkServerShape(input, ctx);
});

export const removeServerInputSchema = inputObject({
  name: serverNameSchema,
  scope: scopeSchema.optional(),
  projectPath: projectPathSchema.optional(),
  source: sourceSchema.optional(),
}).refine((input) => input.source === undefined || input.scope !== undefined, {
  path: ['scope'],
  error: 'scope is required with source',
});

/**
 * What an edit changes (`mcp.update`'s `server`): the fields of `mcp.add`, each optional. A given
 * field replaces the stored one, the others are kept; `name`, `scope` and `projectPath` rename or
 * move the server. Whether the result is a valid server is checked on the merged entry.
 */
export const serverChangesSchema = inputObject({
  name: newServerNameSchema,
  scope: scopeSchema,
  ...serverTargetSchema.shape,
  projectPath: projectPathSchema,
}).partial();

/** `mcp.update`: the listed entry (as `mcp.remove` names it) and what to change in it. */
export const updateServerInputSchema = inputObject({
  name: serverNameSchema,
  scope: scopeSchema,
  projectPath: projectPathSchema.optional(),
  source: sourceSchema.optional(),
  server: serverChangesSchema,
});

/** `mcp.disable` and `mcp.enable`: one server of a scope the CLI writes (read-only scopes are no input). */
export const switchServerInputSchema = inputObject({
  name: serverNameSchema,
  scope: scopeSchema,
  projectPath: projectPathSchema.optional(),
});

export const resetChoicesInputSchema = inputObject({
  projectPath: projectPathSchema.optional(),
}).optional();

/** Asks for env and header values instead of REDACTED. */
export const revealSchema = z.boolean({ error: 'reveal must be true or false' });

export const listServersInputSchema = inputObject({
  projectPath: projectPathSchema.optional(),
  reveal: revealSchema.optional(),
  /** Only the servers of this name: one row's secrets revealed, and no other's. */
  name: serverNameSchema.optional(),
}).optional();

export const watchInputSchema = inputObject({
  projectPath: projectPathSchema.optional(),
  // tRPC's subscription link adds the id of the last event it saw when it reconnects.
  lastEventId: text('lastEventId').nullish(),
}).optional();

export type AddServerInput = z.infer<typeof addServerInputSchema>;
export type RemoveServerInput = z.infer<typeof removeServerInputSchema>;
export type ListServersInput = z.infer<typeof listServersInputSchema>;
export type ServerChanges = z.infer<typeof serverChangesSchema>;
export type UpdateServerInput = z.infer<typeof updateServerInputSchema>;
export type SwitchServerInput = z.infer<typeof switchServerInputSchema>;
export type ResetChoicesInput = z.infer<typeof resetChoicesInputSchema>;
export type WatchInput = z.infer<typeof watchInputSchema>;
