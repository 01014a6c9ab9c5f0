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

/** Where a server's secret env and header values are stored: the OS keychain, or the config in clear. */
export const secretsInSchema = z.enum(['keychain', 'config'], {
  error: 'secretsIn must be one of keychain, config',
});

/** Why project scope keeps its secrets as `${VAR}` references: one sentence, said wherever it is refused. */
export const KEYCHAIN_SCOPES_ONLY =
  "the keychain is for user and local scope only: a project's .mcp.json is shared with everyone who clones it, so its secrets stay ${VAR} references";

export const addServerInputSchema = inputObject({
  name: newServerNameSchema,
  scope: scopeSchema,
  ...serverTargetSchema.shape,
  projectPath: projectPathSchema.optional(),
  secretsIn: secretsInSchema.optional(),
}).superRefine((input, ctx) => {
  checkServerShape(input, ctx);
  if (input.secretsIn === 'keychain' && input.scope === 'project') {
    ctx.addIssue({ code: 'custom', path: ['secretsIn'], message: KEYCHAIN_SCOPES_ONLY });
  }
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
  /** Absent: the secrets stay where they are. */
  secretsIn: secretsInSchema.optional(),
}).refine((input) => input.secretsIn !== 'keychain' || (input.server.scope ?? input.scope) !== 'project', {
  path: ['secretsIn'],
  error: KEYCHAIN_SCOPES_ONLY,
});

/** `mcp.secretsToKeychain` and `mcp.secretsFromKeychain`: one server of user or local scope. */
export const keptSecretsInputSchema = inputObject({
  name: serverNameSchema,
  scope: scopeSchema,
  projectPath: projectPathSchema.optional(),
}).refine((input) => input.scope !== 'project', { path: ['scope'], error: KEYCHAIN_SCOPES_ONLY });

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
export type KeptSecretsInput = z.infer<typeof keptSecretsInputSchema>;
export type SecretsIn = z.infer<typeof secretsInSchema>;
export type SwitchServerInput = z.infer<typeof switchServerInputSchema>;
export type ResetChoicesInput = z.infer<typeof resetChoicesInputSchema>;
export type WatchInput = z.infer<typeof watchInputSchema>;
