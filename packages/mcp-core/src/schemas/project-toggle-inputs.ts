/**
 * `mcp.disableInProject` / `mcp.enableInProject` (Claude Code's `/mcp` toggle): a server as Claude
 * Code names it in the project, which for a plugin's server is `plugin:<plugin>:<server>`.
 */
import { z } from 'zod';
import { inputObject } from './field-rules';
import { projectPathSchema, serverNameSchema } from './server-fields';

/** How Claude Code names a plugin's server (see config/plugins.ts). */
const PLUGIN_SERVER_NAME = /^plugin:[A-Za-z0-9_.-]{1,128}:[A-Za-z0-9_-]{1,64}$/;

const pluginServerNameSchema = z
  .string()
  .regex(PLUGIN_SERVER_NAME, { error: "name of a plugin's server must be plugin:<plugin>:<server>" });

/** A plugin's server by Claude Code's name, any other by the rules of every name. */
const toggledNameSchema = z.string({ error: 'name must be a string' }).superRefine((name, ctx) => {
  const rules = name.startsWith('plugin:') ? pluginServerNameSchema : serverNameSchema;
  for (const { message } of rules.safeParse(name).error?.issues ?? [])
    ctx.addIssue({ code: 'custom', message });
});

export const projectToggleInputSchema = inputObject({
  name: toggledNameSchema,
  projectPath: projectPathSchema.optional(),
});

export type ProjectToggleInput = z.input<typeof projectToggleInputSchema>;
