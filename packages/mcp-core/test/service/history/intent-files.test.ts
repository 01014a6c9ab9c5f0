import { createTestWorld, FAKE_CLAUDE, worldAdminOptions } from '@mcp-admin/core/testing';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createMcpAdmin } from '../../../src/service/mcp-admin';

const world = createTestWorld({ claudeBin: FAKE_CLAUDE });
afterEach(() => {
  world.remove();
});

it('settles at start past a FIFO and a garbage file named as change intents: neither stalls it nor counts as a change', async () => {
  const servers = { mcpServers: { kept: { type: 'stdio', command: 'node', args: [], env: {} } } };
  writeFileSync(world.configPath, JSON.stringify(servers));
  const own = join(world.configDir, '.mcp-admin');
  mkdirSync(own, { recursive: true, mode: 0o700 });
  // A FIFO with no writer would block a plain read of it forever (this test's timeout).
  execFileSync('mkfifo', [join(own, 'change-00000000-0000-4000-8000-000000000001.json')]);
  writeFileSync(join(own, 'change-00000000-0000-4000-8000-000000000002.json'), '{"record": {"id"');

  const admin = createMcpAdmin(worldAdminOptions(world, { logWarning: () => undefined }));
  try {
    await admin.settleDisabled();
    expect(await admin.history()).toEqual([]);
    expect(JSON.parse(readFileSync(world.configPath, 'utf8'))).toEqual(servers);
  } finally {
    await admin.close();
  }
});
