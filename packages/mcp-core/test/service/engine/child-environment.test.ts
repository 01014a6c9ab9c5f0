/**
 * Every process MCP Admin starts gets the user's environment without MCP Admin's own variables
 * (`MCP_ADMIN_*`, its token above all): a stdio server checked with mcp.check, and a CLI call.
 * The control session's: untrusted-project-toggle.test.ts.
 */
import { createTestWorld, MCP_SERVER_SCRIPTS, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { addJsonArgv } from '../../../src/cli/argv';
import { adminInWorld, fixture } from '../../support/world-admin';

/** MCP Admin's own settings, as `pnpm start` has them, and a variable of the user's. */
const ADMIN_ENV = { MCP_ADMIN_TOKEN: 'admin-token-for-tests', MCP_ADMIN_PORT: '0', USERS_OWN: 'kept' };

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

/** The names of the variables in a file of `NAME=value` (or bare `NAME`) lines. */
function variableNames(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => line.split('=')[0] ?? '')
    .filter((name) => name !== '');
}

it("a stdio server checked with mcp.check gets the user's environment without MCP_ADMIN_*, and ${MCP_ADMIN_TOKEN} does not expand to the token", async () => {
  const envFile = join(world.plainDir, 'server-env');
  const server = {
    command: '/bin/sh',
    args: ['-c', 'env > "$0"; exec "$1" "$2"', envFile, process.execPath, MCP_SERVER_SCRIPTS.toolsFromEnv],
    env: { TOOL_NAMES: 'listed,${MCP_ADMIN_TOKEN:-no_token}' },
  };
  await runCliAsAnotherTerminal(world, world.projectDir, addJsonArgv('reporter', 'user', server));
  const service = adminInWorld(world, undefined, ADMIN_ENV);

  const result = await service.check({ name: 'reporter', scope: 'user' });

  expect(result.tools?.map(({ name }) => name) ?? result).toEqual(['listed', 'no_token']);
  const names = variableNames(envFile);
  expect(names).toContain('USERS_OWN');
  expect(names.filter((name) => name.startsWith('MCP_ADMIN_'))).toEqual([]);
});

it("a CLI call gets the user's environment without MCP_ADMIN_*", async () => {
  const envLog = join(world.plainDir, 'cli-env');
  const service = adminInWorld(world, fixture('env-logging-claude.sh'), { ...ADMIN_ENV, ENV_LOG: envLog });

  await service.add({ name: 'docs', scope: 'user', command: 'true' });

  const names = variableNames(envLog);
  expect(names).toContain('USERS_OWN');
  expect(names.filter((name) => name.startsWith('MCP_ADMIN_'))).toEqual([]);
});
