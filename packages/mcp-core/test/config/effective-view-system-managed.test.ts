/**
 * The managed config against the real CLI. Claude Code reads it only from /etc/claude-code (no
 * setting moves it), and every CLI call on the machine reads that folder, other test files' and
 * other checkouts' included: so this test runs only when asked (MCP_ADMIN_TEST_SYSTEM_MANAGED=1),
 * as root, and when the folder does not exist yet; it removes the folder however it ends.
 * Everything else uses a world's own managed folder (MCP_ADMIN_MANAGED_DIR).
 */
import { createTestWorld, runCliAsAnotherTerminal, worldReadOptions } from '@mcp-admin/core/testing';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { statusesAgreeingWithCli } from '../support/cli-view';
import { installLocalPlugin } from '../support/local-plugin';

const SYSTEM_MANAGED_DIR = '/etc/claude-code';

const skipReason =
  process.env.MCP_ADMIN_TEST_SYSTEM_MANAGED !== '1'
    ? 'set MCP_ADMIN_TEST_SYSTEM_MANAGED=1 to let it create /etc/claude-code'
    : process.getuid?.() !== 0
      ? 'it must run as root to create /etc/claude-code'
      : existsSync(SYSTEM_MANAGED_DIR)
        ? '/etc/claude-code already exists'
        : undefined;

function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(value, null, 2));
}

it.skipIf(skipReason !== undefined)(
  `with /etc/claude-code/managed-mcp.json only its servers load, managed-settings.json's deny list included${skipReason === undefined ? '' : ` (skipped: ${skipReason})`}`,
  async () => {
    const world = createTestWorld();
    try {
      await runCliAsAnotherTerminal(world, world.projectDir, [
        'mcp',
        'add',
        '--scope',
        'user',
        'mine',
        '--',
        'x',
      ]);
      writeJson(join(world.projectDir, '.mcp.json'), { mcpServers: { shared: { command: 'x' } } });
      await installLocalPlugin(world);
      writeJson(join(world.configDir, 'settings.json'), {
        ...(JSON.parse(readFileSync(join(world.configDir, 'settings.json'), 'utf8')) as object),
        enableAllProjectMcpServers: true,
      });
      writeJson(join(SYSTEM_MANAGED_DIR, 'managed-mcp.json'), {
        mcpServers: { company: { command: 'company-server' }, retired: { command: 'retired-server' } },
      });
      writeJson(join(SYSTEM_MANAGED_DIR, 'managed-settings.json'), {
        deniedMcpServers: [{ serverName: 'retired' }],
      });

      await expect(
        statusesAgreeingWithCli(world, { ...worldReadOptions(world), managedDir: SYSTEM_MANAGED_DIR }),
      ).resolves.toEqual({
        'company@managed': 'active',
        'retired@managed': 'blocked',
        'shared@.mcp.json': 'overridden',
        'mine@user': 'overridden',
        'plugin:tools:inline@plugin': 'overridden',
        'plugin:tools:search@plugin': 'overridden',
      });
    } finally {
      rmSync(SYSTEM_MANAGED_DIR, { recursive: true, force: true });
      world.remove();
    }
  },
);
