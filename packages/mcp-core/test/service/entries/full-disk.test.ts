/**
 * A full disk under the config folder (issue 42, finding 2): a small tmpfs mounted as it, where
 * the machine lets the test mount one (root), skipped with the reason said where it does not.
 */
import { createTestWorld, FAKE_CLAUDE, worldAdminOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createMcpAdmin } from '../../../src/service/mcp-admin';
import type { McpAdmin } from '../../../src/service/mcp-admin';

const DISK_FILLING_CLAUDE = join(import.meta.dirname, '..', '..', 'fixtures', 'disk-filling-claude.sh');
const WEB = { type: 'http', url: 'https://example.test/mcp', headers: { Authorization: 'Bearer s3cret' } };

/** Mounts a 1 MiB tmpfs at `dir`; why it cannot, if it cannot. */
function mountSmallDisk(dir: string): string | undefined {
  if (process.platform !== 'linux') return 'tmpfs is mounted on Linux only';
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', dir], {
    encoding: 'utf8',
  });
  return mounted.status === 0 ? undefined : `mount -t tmpfs was refused: ${mounted.stderr.trim()}`;
}

const probe = createTestWorld();
const skipReason = mountSmallDisk(probe.configDir);
if (skipReason === undefined) spawnSync('umount', [probe.configDir]);
probe.remove();
if (skipReason !== undefined) console.log(`full-disk.test.ts skipped: ${skipReason}`);

let world: TestWorld;
const admins: McpAdmin[] = [];
beforeEach(() => {
  world = createTestWorld({ claudeBin: FAKE_CLAUDE });
  if (skipReason === undefined) mountSmallDisk(world.configDir);
});
afterEach(async () => {
  await Promise.all(admins.splice(0).map((admin) => admin.close()));
  if (skipReason === undefined) spawnSync('umount', [world.configDir]);
  world.remove();
});

function startAdmin(overrides: Parameters<typeof worldAdminOptions>[1] = {}): McpAdmin {
  const admin = createMcpAdmin(worldAdminOptions(world, { logWarning: () => undefined, ...overrides }));
  admins.push(admin);
  return admin;
}

const userServers = () =>
  (JSON.parse(readFileSync(world.configPath, 'utf8')) as { mcpServers?: unknown }).mcpServers;

it.skipIf(skipReason !== undefined)(
  `refuses an edit on a disk already full, before any step: the intent cannot be written, so .claude.json stays byte-identical${skipReason === undefined ? '' : ` (skipped: ${skipReason})`}`,
  async () => {
    writeFileSync(world.configPath, JSON.stringify({ mcpServers: { web: WEB } }));
    const bytes = readFileSync(world.configPath);
    spawnSync('dd', ['if=/dev/zero', `of=${join(world.configDir, 'filler')}`, 'bs=4096']);

    const refused = await startAdmin()
      .update({ name: 'web', scope: 'user', server: { url: 'https://example.test/v2' } })
      .catch((error: unknown) => error);

    expect(refused).toMatchObject({
      code: 'WRITE_FAILED',
      message: expect.stringContaining('nothing was changed') as unknown,
    });
    expect(readFileSync(world.configPath).equals(bytes)).toBe(true);
  },
);

it.skipIf(skipReason !== undefined)(
  `keeps an edit's old entry when the disk fills after its remove (add, put-back and history all fail): the next start puts it back and records the edit as interrupted, put back${skipReason === undefined ? '' : ` (skipped: ${skipReason})`}`,
  async () => {
    writeFileSync(world.configPath, JSON.stringify({ mcpServers: { web: WEB } }));
    const filler = join(world.configDir, 'filler');
    const first = startAdmin({
      claudeBin: DISK_FILLING_CLAUDE,
      spawnEnv: { ...worldAdminOptions(world).spawnEnv, REAL_CLAUDE_BIN: FAKE_CLAUDE, FILLER: filler },
    });

    const failed = await first
      .update({ name: 'web', scope: 'user', server: { url: 'https://example.test/v2' } })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    // The disk is full: the remove landed, and nothing of the edit is in .claude.json.
    expect(userServers()).toEqual({});
    await first.close();
    rmSync(filler);

    const restarted = startAdmin();
    await restarted.settleDisabled();

    expect(userServers()).toEqual({ web: WEB });
    const history = await restarted.history();
    expect(
      history.map(({ procedure, name, ok, interrupted }) => ({ procedure, name, ok, interrupted })),
    ).toEqual([{ procedure: 'mcp.update', name: 'web', ok: false, interrupted: 'put back' }]);
  },
);
