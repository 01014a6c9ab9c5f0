/**
 * Which rules cover which tools, and which files' rules count, against the real CLI: for each
 * case the tools a `claude -p` session in the project leaves out of its `system`/`init` message
 * (a deny takes a tool out) are exactly the tools `mcp.permissions` resolves to deny. Server names
 * holding `__`, and a project below its git root, are where a guess goes wrong.
 */
import { createTestWorld, MCP_SERVER_SCRIPTS, worldAdminOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { effectivePermission } from '../../src/schemas';
import { createMcpAdmin, type McpAdmin } from '../../src/service';
import { sessionStart } from '../support/claude-init';
import { writeConfig } from '../support/stored-config';

// Up to five sessions, each up to 90 s on a busy machine.
const CLI_SESSIONS_TIMEOUT_MS = 480_000;

let world: TestWorld;
let admin: McpAdmin;
beforeEach(() => {
  world = createTestWorld();
  admin = createMcpAdmin(worldAdminOptions(world));
});
afterEach(async () => {
  await admin.close();
  world.remove();
});

/** Servers and their tools in the user's scope, stored as `mcp.add` stores them: adding is not the subject. */
function addServers(servers: Record<string, string[]>): void {
  const entry = (tools: string[]) => ({
    type: 'stdio',
    command: process.execPath,
    args: [MCP_SERVER_SCRIPTS.toolsFromEnv],
    env: { TOOL_NAMES: tools.join(',') },
  });
  writeConfig(world, {
    mcpServers: Object.fromEntries(Object.entries(servers).map(([name, tools]) => [name, entry(tools)])),
  });
}

function writeDeny(path: string, deny: string[]): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, JSON.stringify({ permissions: { deny } }));
}

/** The MCP tools a session in `projectDir` gets, once every server has connected. */
async function cliTools(projectDir: string, servers: Record<string, string[]>): Promise<string[]> {
  const { tools, mcpServers } = await sessionStart(world, projectDir);
  expect(mcpServers.map(({ status }) => status)).toEqual(Object.keys(servers).map(() => 'connected'));
  return tools.filter((tool) => tool.startsWith('mcp__')).sort();
}

/** The MCP tools not denied, as MCP Admin resolves the project's rules. */
async function ourTools(projectDir: string, servers: Record<string, string[]>): Promise<string[]> {
  const { rules } = await admin.permissions({ projectPath: projectDir });
  return Object.entries(servers)
    .flatMap(([server, tools]) =>
      tools
        .filter((tool) => effectivePermission(rules, server, tool).kind !== 'deny')
        .map((tool) => `mcp__${server}__${tool}`),
    )
    .sort();
}

it(
  'rules on servers named a__b and a match the tools the CLI takes out: the whole name, the part before the second __, and a trailing *',
  async () => {
    const servers = { a__b: ['ping', 'pong'], a: ['b__x', 'zed'] };
    addServers(servers);
    const local = join(world.projectDir, '.claude', 'settings.local.json');
    const cases: [string, string[]][] = [
      ['mcp__a__b', ['mcp__a__b__x', 'mcp__a__zed']],
      ['mcp__a__b__ping', ['mcp__a__b__pong', 'mcp__a__b__x', 'mcp__a__zed']],
      ['mcp__a__b__*', ['mcp__a__zed']],
      ['mcp__a', []],
    ];
    for (const [rule, left] of cases) {
      writeDeny(local, [rule]);
      expect({ rule, tools: await cliTools(world.projectDir, servers) }).toEqual({ rule, tools: left });
      expect({ rule, tools: await ourTools(world.projectDir, servers) }).toEqual({ rule, tools: left });
    }
  },
  CLI_SESSIONS_TIMEOUT_MS,
);

it(
  "from a folder below the git root, the root's .claude/settings.local.json counts and its .claude/settings.json does not, as for the CLI",
  async () => {
    const servers = { tools: ['ping', 'pong'] };
    addServers(servers);
    writeDeny(join(world.projectDir, '.claude', 'settings.json'), ['mcp__tools__ping']);
    writeDeny(join(world.projectDir, '.claude', 'settings.local.json'), ['mcp__tools__pong']);

    expect(await cliTools(world.nestedDir, servers)).toEqual(['mcp__tools__ping']);
    expect(await ourTools(world.nestedDir, servers)).toEqual(['mcp__tools__ping']);
    // In the root itself both files count.
    expect(await ourTools(world.projectDir, servers)).toEqual([]);
  },
  CLI_SESSIONS_TIMEOUT_MS,
);
