/**
 * Files saved with a UTF-8 byte order mark (editors on Windows do): Claude Code reads `.claude.json`,
 * a project's `.mcp.json` and its settings files with the mark, so MCP Admin reads them as it does.
 * The oracle is `claude mcp get` on the same files.
 */
import { createTestWorld, PINNED_CLAUDE_BIN, worldReadOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { execa } from 'execa';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { listServers } from '../../src/config';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

const BOM = '\uFEFF';

async function cliGet(name: string): Promise<{ exitCode: number | undefined; output: string }> {
  const result = await execa(PINNED_CLAUDE_BIN, ['mcp', 'get', name], {
    cwd: world.projectDir,
    env: { CLAUDE_CONFIG_DIR: world.configDir, HOME: world.configDir },
    stdin: 'ignore',
    reject: false,
    timeout: 30_000,
  });
  return { exitCode: result.exitCode, output: `${result.stdout}\n${result.stderr}` };
}

it('lists the servers of a BOM-prefixed .claude.json and .mcp.json, as claude mcp get sees them', async () => {
  writeFileSync(
    world.configPath,
    `${BOM}${JSON.stringify({ mcpServers: { 'bom-user': { command: 'node', args: ['user.js'] } } })}`,
  );
  writeFileSync(
    join(world.projectDir, '.mcp.json'),
    `${BOM}${JSON.stringify({ mcpServers: { 'bom-project': { command: 'node', args: ['project.js'] } } })}`,
  );
  writeFileSync(
    join(world.configDir, 'settings.json'),
    `${BOM}${JSON.stringify({ enableAllProjectMcpServers: true })}`,
  );

  // Read first: the CLI rewrites .claude.json (without the mark) when it runs.
  const listed = await listServers({ ...worldReadOptions(world), projectPath: world.projectDir });

  const user = await cliGet('bom-user');
  const project = await cliGet('bom-project');
  expect({ exitCode: user.exitCode, output: user.output }).toMatchObject({
    exitCode: 0,
    output: expect.stringContaining('user.js') as unknown,
  });
  expect({ exitCode: project.exitCode, output: project.output }).toMatchObject({
    exitCode: 0,
    output: expect.stringContaining('project.js') as unknown,
  });
  expect(listed.problems).toEqual([]);
  expect(listed.servers.map(({ name, scope, status }) => ({ name, scope, status }))).toEqual([
    { name: 'bom-project', scope: 'project', status: 'active' },
    { name: 'bom-user', scope: 'user', status: 'active' },
  ]);
});
