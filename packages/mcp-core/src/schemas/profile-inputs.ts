/**
 * Inputs of profiles, named sets of servers switched at once: `mcp.profiles`, `mcp.saveProfile`,
 * `mcp.deleteProfile`, `mcp.applyProfile`.
 */
import { z } from 'zod';
import { inputObject } from './field-rules';
import { projectPathSchema, scopeSchema, serverNameSchema } from './server-fields';

/** How many servers one profile names, at most. */
export const PROFILE_SERVERS_MAX = 256;

/** A profile's name follows the rule of a server's name. */
export const profileNameSchema = serverNameSchema;

/**
 * One server of a profile. `projectPath`: the project a local or project server is switched in;
 * without it, the project the profile is applied in.
 */
export const profileServerSchema = inputObject({
  name: serverNameSchema,
  scope: scopeSchema,
  projectPath: projectPathSchema.optional(),
});

/** `mcp.saveProfile`: `servers` given, or, without it, the servers on now in `projectPath`. */
export const saveProfileInputSchema = inputObject({
  name: profileNameSchema,
  servers: z
    .array(profileServerSchema, { error: 'servers must be a list of { name, scope, projectPath? }' })
    .max(PROFILE_SERVERS_MAX, { error: `servers may have at most ${PROFILE_SERVERS_MAX} entries` })
    .optional(),
  projectPath: projectPathSchema.optional(),
});

export const deleteProfileInputSchema = inputObject({ name: profileNameSchema });

export const applyProfileInputSchema = inputObject({
  name: profileNameSchema,
  projectPath: projectPathSchema.optional(),
});

export type ProfileServer = z.infer<typeof profileServerSchema>;
export type SaveProfileInput = z.infer<typeof saveProfileInputSchema>;
export type DeleteProfileInput = z.infer<typeof deleteProfileInputSchema>;
export type ApplyProfileInput = z.infer<typeof applyProfileInputSchema>;
