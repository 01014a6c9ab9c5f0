/**
 * The environment of every process MCP Admin starts (CLI calls, the control session, checks of
 * stdio servers, sign-in): the user's, as Claude Code would start them, without MCP Admin's own
 * variables. `MCP_ADMIN_TOKEN` opens the whole API; a server or a repository's code must never
 * read it.
 */

/** Names MCP Admin reads for itself (docs/api.md#server-settings); no child needs them. */
const OWN_VARIABLE = /^MCP_ADMIN_/i;

export function childEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !OWN_VARIABLE.test(name)));
}
