/**
 * The differential check of the effective view: what `claude mcp get <name>` run in a world's
 * project reports, in the CLI's words mapped to statuses by one table, against what the list says.
 */
import {
  createCliRunner,
  PINNED_CLAUDE_BIN,
  type TestWorld,
  type worldReadOptions,
} from '@mcp-admin/core/testing';
import { relative } from 'node:path';
import { expect } from 'vitest';
import { listServers } from '../../src/config';
import type { Server, ServerScope, ServerStatus } from '../../src/config';

/** What `claude mcp get` says of a name: the entry Claude Code uses, or that it uses none. */
type CliView = { scope: ServerScope; status: ServerStatus } | 'not found';

/** The CLI's words, one table: its `Scope:` lines and the start of its `Status:` lines. */
const CLI_SCOPES: Record<string, ServerScope> = {
  'Local config (private to you in this project)': 'local',
  'Project config (shared via .mcp.json)': 'project',
  'User config (available in all your projects)': 'user',
  'Enterprise config (managed by your organization)': 'managed',
  'Dynamic config (from command line)': 'plugin',
};
const CLI_STATUSES: [prefix: string, status: ServerStatus][] = [
  ['⏸ Pending approval', 'pending'],
  ['✘ Rejected', 'rejected'],
  ['⊘ Disabled for this project', 'disabled-in-project'],
  ['✔ Connected', 'active'],
  ['✘ Failed to connect', 'active'],
  ['! Needs authentication', 'active'],
];

function cliGet(world: TestWorld, projectPath: string, name: string) {
  const cli = createCliRunner({
    bin: PINNED_CLAUDE_BIN,
    configDir: world.configDir,
    env: { ...process.env, HOME: world.configDir },
    timeoutMs: 30_000,
  });
  return cli.run(['mcp', 'get', name], { cwd: projectPath });
}

/** The `Status:` line of `claude mcp get <name>` run in `projectPath`, as the CLI words it. */
export async function cliStatusLine(world: TestWorld, projectPath: string, name: string): Promise<string> {
  const outcome = await cliGet(world, projectPath, name);
  return /^ {2}Status: (.*)$/m.exec(outcome.message)?.[1] ?? outcome.message;
}

async function cliView(world: TestWorld, projectPath: string, name: string): Promise<CliView> {
  const outcome = await cliGet(world, projectPath, name);
  if (!outcome.ok) {
    expect(outcome.message).toMatch(new RegExp(`^No MCP server named "${name}"\\.`));
    return 'not found';
  }
  const scopeText = /^ {2}Scope: (.*)$/m.exec(outcome.message)?.[1] ?? '';
  const statusText = /^ {2}Status: (.*)$/m.exec(outcome.message)?.[1] ?? '';
  const scope = CLI_SCOPES[scopeText];
  const status = CLI_STATUSES.find(([prefix]) => statusText.startsWith(prefix))?.[1];
  if (scope === undefined || status === undefined)
    throw new Error(`unknown CLI words in:\n${outcome.message}`);
  return { scope, status };
}

/** The entry of one name that Claude Code takes: an unapproved `.mcp.json` entry gives way to any other. */
function usedEntry(entries: Server[]): Server {
  const used =
    entries.find((server) => !['shadowed', 'pending', 'rejected'].includes(server.status)) ??
    entries.find((server) => server.status !== 'shadowed');
  if (used === undefined) throw new Error(`no entry of ${entries[0]?.name ?? '?'} is used`);
  return used;
}

/** What the list says `claude mcp get` shows of the entry it uses: nothing when that one is blocked or overridden. */
function viewFromList(used: Server): CliView {
  return used.status === 'blocked' || used.status === 'overridden'
    ? 'not found'
    : { scope: used.scope, status: used.status };
}

/**
 * Every server's status (`name@scope`, `name@<.mcp.json relative to the world's repository>`) in the project (the world's own by default) as the list
 * reads it with `options`, after checking that the list and `claude mcp get` agree on every name.
 */
export async function statusesAgreeingWithCli(
  world: TestWorld,
  options: ReturnType<typeof worldReadOptions>,
  projectPath = world.projectDir,
): Promise<Record<string, ServerStatus>> {
  const { servers } = await listServers({ ...options, projectPath });
  for (const name of new Set(servers.map((server) => server.name))) {
    const entries = servers.filter((server) => server.name === name);
    const used = usedEntry(entries);
    expect({ name, view: await cliView(world, projectPath, name) }).toEqual({
      name,
      view: viewFromList(used),
    });
    for (const server of entries) {
      if (server.status === 'shadowed') expect(server.shadowedBy).toBe(used.scope);
    }
  }
  // A project entry is told by its file: several .mcp.json files may hold the name.
  const where = ({ scope, source }: Server) =>
    scope === 'project' && source !== undefined ? relative(world.projectDir, source) : scope;
  return Object.fromEntries(servers.map((server) => [`${server.name}@${where(server)}`, server.status]));
}
