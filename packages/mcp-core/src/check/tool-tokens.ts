/**
 * What one MCP tool's definition costs in Claude Code's context, estimated offline: Claude Code
 * sends each tool to the model as `{ name: "mcp__<server>__<tool>", description, input_schema }`;
 * this counts one token per 3 characters of that JSON. Claude Code's own offline figure (its
 * control protocol's `get_context_usage`, `mcpTools[]`) splits its count of all MCP tools by
 * each one's JSON length, and came to 26 tokens for a 77-character definition and 29 for an
 * 85-character one: 3 characters a token, within a token. Compared with that figure in
 * test/check/tool-tokens-cli.test.ts; known definitions in test/check/tool-tokens.test.ts.
 */

/** How the figures were counted, as `mcp.contextCost` says it (and the panel marks it). */
export const TOKEN_METHOD = 'estimate' as const;

/** Characters of the definition's JSON per token of the estimate. */
export const CHARS_PER_TOKEN = 3;

export interface ToolDefinition {
  name: string;
  description?: string | undefined;
  inputSchema?: unknown;
}

/** The name Claude Code gives the tool in a session (`mcp__<server>__<tool>`, unsafe characters as `_`). */
export function sessionToolName(server: string, tool: string): string {
  return `mcp__${safeName(server)}__${safeName(tool)}`;
}

/** The estimated tokens of one tool's definition, as Claude Code sends it for `server`. */
export function toolDefinitionTokens(server: string, tool: ToolDefinition): number {
  const sent = JSON.stringify({
    name: sessionToolName(server, tool.name),
    description: tool.description ?? '',
    input_schema: tool.inputSchema ?? { type: 'object' },
  });
  return Math.ceil(sent.length / CHARS_PER_TOKEN);
}

/** The sum of the tools' tokens. */
export function totalTokens(tools: readonly { tokens: number }[]): number {
  return tools.reduce((sum, tool) => sum + tool.tokens, 0);
}

function safeName(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, '_');
}
