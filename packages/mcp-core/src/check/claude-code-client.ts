/**
 * The MCP client a check is to a server: the one Claude Code is. A server may offer tools by what
 * its client declares in `initialize` (server-everything lists `get-roots-list` only to a client
 * with roots), so a check declares what Claude Code 2.1.332 declares
 * (docs/claude-code-facts.md#mcp-client-capabilities), and answers what that invites harmlessly:
 * the project's directory as its one root, and every elicitation cancelled (no one is there to answer).
 */
import { pathToFileURL } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';

/** What Claude Code's `initialize` declares, as recorded from a real session. */
export const CLAUDE_CODE_CAPABILITIES = {
  roots: { listChanged: true },
  elicitation: { form: {}, url: {} },
} as const satisfies ClientCapabilities;

/** Answers `roots/list` with `cwd` (where the server runs: the project) and cancels every elicitation. */
export function answerAsClaudeCode(client: Client, cwd: string): void {
  const root = { uri: pathToFileURL(cwd).href };
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [root] }));
  client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'cancel' as const }));
}
