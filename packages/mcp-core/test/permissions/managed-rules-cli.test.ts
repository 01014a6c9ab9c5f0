/**
 * Managed permission rules against the real CLI. Claude Code reads managed settings only from
 * /etc/claude-code, and every CLI call on the machine reads that folder: so, as
 * test/config/effective-view-system-managed.test.ts does, this runs only when asked
 * (MCP_ADMIN_TEST_SYSTEM_MANAGED=1), as root, when the folder does not exist yet, and removes it
 * however it ends. MCP Admin reads the same folder (managedDir) and must resolve as the session does.
 */
import { createTestWorld, MCP_SERVER_SCRIPTS, worldAdminOptions } from '@mcp-admin/core/testing';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { effectivePermission } from '../../src/schemas';
import { createMcpAdmin } from '../../src/service';
import { sessionStart } from '../support/claude-init';

const SYSTEM_MANAGED_DIR = '/etc/claude-code';
// Two sessions, each up to 90 s on a busy machine.
const CLI_SESSIONS_TIMEOUT_MS = 240_000;

const skipReason =
  process.env.MCP_ADMIN_TEST_SYSTEM_MANAGED !== '1'
    ? 'set MCP_ADMIN_TEST_SYSTEM_MANAGED=1 to let it create /etc/claude-code'
    : process.getuid?.() !== 0
      ? 'it must run as root to create /etc/claude-code'
      : existsSync(SYSTEM_MANAGED_DIR)
        ? '/etc/claude-code already exists'
        : undefined;

function writeJson(path: string, value: unknown): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, JSON.stringify(value));
}

it.skipIf(skipReason !== undefined)(
  `a managed allow leaves the project's deny in force, and allowManagedPermissionRulesOnly makes it inert, as in the CLI's session tools${skipReason === undefined ? '' : ` (skipped: ${skipReason})`}`,
  async () => {
    const world = createTestWorld();
    const admin = createMcpAdmin(worldAdminOptions(world, { managedDir: SYSTEM_MANAGED_DIR }));
    const managed = join(SYSTEM_MANAGED_DIR, 'managed-settings.json');
    const notDenied = async () => {
      const { rules } = await admin.permissions();
      return ['ping', 'pong']
        .filter((tool) => effectivePermission(rules, 'tools', tool).kind !== 'deny')
        .map((tool) => `mcp__tools__${tool}`);
    };
    const sessionTools = async () =>
      (await sessionStart(world, world.projectDir)).tools.filter((tool) => tool.startsWith('mcp__')).sort();
    try {
      await admin.add({
        name: 'tools',
        scope: 'user',
        command: process.execPath,
        args: [MCP_SERVER_SCRIPTS.toolsFromEnv],
        env: { TOOL_NAMES: 'ping,pong' },
      });
      writeJson(managed, { permissions: { allow: ['mcp__tools'] } });
      await admin.setPermission({ server: 'tools', tool: 'ping', kind: 'deny', file: 'project-local' });
      expect(await sessionTools()).toEqual(['mcp__tools__pong']);
      expect(await notDenied()).toEqual(['mcp__tools__pong']);

      writeJson(managed, {
        allowManagedPermissionRulesOnly: true,
        permissions: { deny: ['mcp__tools__pong'] },
      });
      expect(await sessionTools()).toEqual(['mcp__tools__ping']);
      expect(await notDenied()).toEqual(['mcp__tools__ping']);
      expect((await admin.permissions()).managedRulesOnly).toBe(managed);
    } finally {
      rmSync(SYSTEM_MANAGED_DIR, { recursive: true, force: true });
      await admin.close();
      world.remove();
    }
  },
  CLI_SESSIONS_TIMEOUT_MS,
);
