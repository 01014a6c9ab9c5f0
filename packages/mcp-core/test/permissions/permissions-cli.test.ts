/**
 * Tool permissions against the real CLI: what `mcp.setPermission` writes is what Claude Code
 * reads. A `claude -p` session in the project lists in its `system`/`init` message the MCP tools
 * it gets; a deny rule takes the tool out of that list (and its undo puts it back), while allow and
 * ask leave every tool in it (Claude Code only asks, or does not ask, when a tool is called).
 */
import { createTestWorld, MCP_SERVER_SCRIPTS, worldAdminOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createMcpAdmin, type McpAdmin } from '../../src/service';
import { sessionStart } from '../support/claude-init';
import { writeConfig } from '../support/stored-config';

// Up to three sessions, each up to 90 s on a busy machine.
const CLI_SESSIONS_TIMEOUT_MS = 300_000;

let world: TestWorld;
let admin: McpAdmin;
beforeEach(() => {
  world = createTestWorld();
  // Stored as `mcp.add` stores it: adding is not the subject here.
  writeConfig(world, {
    mcpServers: {
      tools: {
        type: 'stdio',
        command: process.execPath,
        args: [MCP_SERVER_SCRIPTS.toolsFromEnv],
        env: { TOOL_NAMES: 'ping,pong' },
      },
    },
  });
  admin = createMcpAdmin(worldAdminOptions(world));
});
afterEach(async () => {
  await admin.close();
  world.remove();
});

/** The MCP tools a session in the project gets, once its server has connected (else the list says nothing). */
async function sessionMcpTools(): Promise<string[]> {
  const { tools, mcpServers } = await sessionStart(world, world.projectDir);
  expect(mcpServers).toEqual([{ name: 'tools', status: 'connected', source: 'user' }]);
  return tools.filter((tool) => tool.startsWith('mcp__')).sort();
}

it(
  "a deny of one tool in the project's personal settings takes it out of the session's tools, and its undo puts it back",
  async () => {
    expect(await sessionMcpTools()).toEqual(['mcp__tools__ping', 'mcp__tools__pong']);

    await admin.setPermission({ server: 'tools', tool: 'ping', kind: 'deny', file: 'project-local' });
    expect(await sessionMcpTools()).toEqual(['mcp__tools__pong']);

    const [change] = await admin.history();
    expect(change).toMatchObject({ procedure: 'mcp.setPermission', name: 'tools', undoable: true });
    await admin.undo({ id: change?.id ?? '' });
    expect(await sessionMcpTools()).toEqual(['mcp__tools__ping', 'mcp__tools__pong']);
  },
  CLI_SESSIONS_TIMEOUT_MS,
);

it(
  "a deny of the whole server in the user's settings takes every tool of it out of the session's tools",
  async () => {
    await admin.setPermission({ server: 'tools', kind: 'deny', file: 'user' });
    expect(await sessionMcpTools()).toEqual([]);
  },
  CLI_SESSIONS_TIMEOUT_MS,
);

it(
  "allow and ask rules leave every tool in the session's tools",
  async () => {
    await admin.setPermission({ server: 'tools', tool: 'ping', kind: 'allow', file: 'project-shared' });
    await admin.setPermission({ server: 'tools', tool: 'pong', kind: 'ask', file: 'project-local' });
    expect(await sessionMcpTools()).toEqual(['mcp__tools__ping', 'mcp__tools__pong']);
  },
  CLI_SESSIONS_TIMEOUT_MS,
);
