/**
 * The inputs of `mcp.permissions` and `mcp.setPermission`: a server as Claude Code lists it (a
 * plugin's server is `plugin:<plugin>:<server>`), one of its tools as the server names it, the
 * kind of rule and the settings file it goes to. Claude Code's rule spells both names with `_` for
 * every other character (see permission-rules.ts), so no name can make a rule about something else.
 */
import { z } from 'zod';
import { inputObject } from './field-rules';
import { projectPathSchema } from './server-fields';

const RULE_SERVER_NAME = /^[A-Za-z0-9_.:@-]+$/;
const TOOL_NAME = /^[A-Za-z0-9_./-]+$/;
const MAX_NAME = 128;

function ruleName(field: string, pattern: RegExp, characters: string) {
  return z
    .string({ error: `${field} must be a string` })
    .min(1, { error: `${field} is required`, abort: true })
    .max(MAX_NAME, { error: `${field} must be at most ${MAX_NAME} characters` })
    .regex(pattern, { error: `${field} may only contain letters, digits and ${characters}` })
    .refine((value) => !value.startsWith('-'), { error: `${field} may not start with "-"` });
}

export const permissionKindSchema = z.enum(['allow', 'ask', 'deny', 'default'], {
  error: 'kind must be one of allow, ask, deny, default',
});

export const permissionFileSchema = z.enum(['user', 'project-local', 'project-shared'], {
  error: 'file must be one of user, project-local, project-shared',
});

export const permissionsInputSchema = inputObject({ projectPath: projectPathSchema.optional() }).optional();

export const setPermissionInputSchema = inputObject({
  server: ruleName('server', RULE_SERVER_NAME, '"_", "-", ".", ":", "@"'),
  tool: ruleName('tool', TOOL_NAME, '"_", "-", ".", "/"').optional(),
  kind: permissionKindSchema,
  file: permissionFileSchema,
  projectPath: projectPathSchema.optional(),
});

export type PermissionsInput = z.infer<typeof permissionsInputSchema>;
export type SetPermissionInput = z.infer<typeof setPermissionInputSchema>;
