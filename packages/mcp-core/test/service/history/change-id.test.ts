/**
 * The answer names its change (issue 42): a change that changed something answers the `id` of its
 * record in `mcp.history`; one that changed nothing answers none, so the panel offers no Undo.
 */
import { createTestWorld, FAKE_CLAUDE, worldAdminOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createMcpAdmin } from '../../../src/service/mcp-admin';
import type { McpAdmin } from '../../../src/service/mcp-admin';

let world: TestWorld;
let admin: McpAdmin;
beforeEach(() => {
  world = createTestWorld({ claudeBin: FAKE_CLAUDE });
  admin = createMcpAdmin(worldAdminOptions(world, { logWarning: () => undefined }));
});
afterEach(async () => {
  await admin.close();
  world.remove();
});

it('answers each change that changed something with the id of its history record, and one that changed nothing with none', async () => {
  const added = await admin.add({ name: 'files', scope: 'user', command: 'node' });
  const denied = await admin.setPermission({ server: 'files', kind: 'deny', file: 'project-local' });
  const deniedAgain = await admin.setPermission({ server: 'files', kind: 'deny', file: 'project-local' });
  const unchanged = await admin.update({ name: 'files', scope: 'user', server: { command: 'node' } });
  const disabled = await admin.disable({ name: 'files', scope: 'user' });

  const history = await admin.history();
  expect([added, denied, deniedAgain, unchanged, disabled].map((answer) => answer.changeId)).toEqual([
    history[3]?.id,
    history[2]?.id,
    undefined,
    undefined,
    history[0]?.id,
  ]);
  // The rule written again is listed, as every permission change is, with nothing to undo.
  expect(history.map(({ procedure, undoable }) => ({ procedure, undoable }))).toEqual([
    { procedure: 'mcp.disable', undoable: true },
    { procedure: 'mcp.setPermission', undoable: false },
    { procedure: 'mcp.setPermission', undoable: true },
    { procedure: 'mcp.add', undoable: true },
  ]);
});
