import { createTestWorld, PINNED_CLAUDE_BIN, worldReadOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { execa } from 'execa';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { addArgv } from '../../src/cli/argv';
import { REDACTED, listServers } from '../../src/config';
import type { AddServerInput } from '../../src/schemas';

const claude = PINNED_CLAUDE_BIN;

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

/** `claude mcp add` run the way the service runs it: from the project dir, on the world's config. */
async function cliAdd(input: AddServerInput): Promise<void> {
  await execa(claude, addArgv(input), {
    cwd: world.nestedDir,
    env: { CLAUDE_CONFIG_DIR: world.configDir },
    stdin: 'ignore',
  });
}

it('reads back the local and project servers the real CLI wrote from a nested dir', async () => {
  await cliAdd({
    name: 'loc',
    scope: 'local',
    command: 'node',
    args: ['server.js', '--flag'],
    env: { TOKEN: 's3' },
  });
  await cliAdd({
    name: 'proj',
    scope: 'project',
    transport: 'http',
    url: 'https://example.com/mcp',
    headers: { Authorization: 'Bearer abc' },
  });
  const local = {
    name: 'loc',
    scope: 'local',
    // Keyed by the repository root although the CLI ran in repo/sub/deeper.
    source: world.configPath,
    transport: 'stdio',
    command: 'node',
    args: ['server.js', '--flag'],
    status: 'active',
    statusReason: `"loc" is in projects[${JSON.stringify(world.projectDir)}].mcpServers of ${world.configPath}.`,
  } as const;
  const project = {
    name: 'proj',
    scope: 'project',
    source: join(world.nestedDir, '.mcp.json'),
    transport: 'http',
    url: 'https://example.com/mcp',
    approval: 'pending',
    status: 'pending',
    statusReason:
      '"proj" is in no enabledMcpjsonServers or disabledMcpjsonServers of the settings files: run claude in the project to approve it.',
  } as const;

  await expect(
    listServers({ ...worldReadOptions(world), projectPath: world.nestedDir, reveal: true }),
  ).resolves.toEqual({
    configPath: world.configPath,
    projectPath: world.nestedDir,
    servers: [
      { ...local, env: { TOKEN: 's3' } },
      { ...project, headers: { Authorization: 'Bearer abc' } },
    ],
    problems: [],
  });
  await expect(listServers({ ...worldReadOptions(world), projectPath: world.projectDir })).resolves.toEqual({
    configPath: world.configPath,
    projectPath: world.projectDir,
    servers: [{ ...local, env: { TOKEN: REDACTED } }],
    problems: [],
  });
});
