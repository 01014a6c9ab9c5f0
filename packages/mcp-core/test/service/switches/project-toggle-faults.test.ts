/**
 * A per-project toggle whose session times out or ends without answering may still have landed:
 * the service reads `projects[<key>].disabledMcpServers` back and records and answers what is
 * stored, its undo included. The real CLI writes each toggle (a fixture in front of it keeps the
 * answer), except the hung one, which the fixture writes as Claude Code stores it so that the test
 * waits out a short deadline, not the real CLI's start; `claude mcp get` run in the project confirms
 * what is stored.
 */
import { createTestWorld } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { McpCoreError } from '../../../src/errors';
import { cliStatusLine } from '../../support/cli-view';
import { writeConfig } from '../../support/stored-config';
import { adminInWorld, fixture, storedConfigOf } from '../../support/world-admin';

const DISABLED = '⊘ Disabled for this project (re-enable via /mcp)';
const UNANSWERED = fixture('toggle-then-unanswered-claude.mjs');
/** Past the real CLI's toggle on a busy machine: the sessions that end are never waited out. */
const TIMEOUT_MS = 15_000;
/** Past the fixture's own write of the toggle (a Node start) on a busy machine: this one is waited out. */
const HANG_TIMEOUT_MS = 2_000;

let world: TestWorld;
beforeAll(() => {
  world = createTestWorld();
  // As `claude mcp add-json` stores `{"command":"true"}`: adding is not the subject.
  writeConfig(world, { mcpServers: { docs: { command: 'true', args: [] } } });
});
afterAll(() => {
  world.remove();
});

const adminWithFault = (fault: 'exit' | 'hang' | undefined) =>
  adminInWorld(world, UNANSWERED, fault === undefined ? {} : { TOGGLE_FAULT: fault }, {
    cliTimeoutMs: fault === 'hang' ? HANG_TIMEOUT_MS : TIMEOUT_MS,
  });

function disabledNow(): unknown {
  const project = storedConfigOf(world).projects?.[world.projectDir] as
    { disabledMcpServers?: unknown } | undefined;
  return project?.disabledMcpServers ?? [];
}

const where = () => `projects[${JSON.stringify(world.projectDir)}].disabledMcpServers of ${world.configPath}`;

it('a toggle off whose session wrote it and exited without answering answers 200 with a warning saying so, recorded with its undo', async () => {
  const service = adminWithFault('exit');
  await expect(service.disableInProject({ name: 'docs', projectPath: world.projectDir })).resolves.toEqual({
    ok: true,
    changeId: expect.any(String) as unknown,
    message: `"docs" is off in this project only (${world.projectDir}), as Claude Code's /mcp turns it off.`,
    warning: `Claude Code's control session ended (exit code 3) without answering the toggle. The toggle had landed: "docs" is in ${where()}.`,
  });
  expect(disabledNow()).toEqual(['docs']);
  expect(await cliStatusLine(world, world.projectDir, 'docs')).toBe(DISABLED);
  const [change] = await service.history();
  expect({ procedure: change?.procedure, ok: change?.ok, undoable: change?.undoable }).toEqual({
    procedure: 'mcp.disableInProject',
    ok: true,
    undoable: true,
  });

  // Its undo, through a session that answers, turns it on again.
  await adminWithFault(undefined).undo({ id: change?.id ?? '' });
  expect(disabledNow()).toEqual([]);
  expect(await cliStatusLine(world, world.projectDir, 'docs')).not.toBe(DISABLED);
});

it('a toggle whose session wrote it and then hung past the deadline answers 200 with the timeout as its warning, and its undo also lands', async () => {
  const service = adminWithFault('hang');
  await expect(service.disableInProject({ name: 'docs', projectPath: world.projectDir })).resolves.toEqual({
    ok: true,
    changeId: expect.any(String) as unknown,
    message: `"docs" is off in this project only (${world.projectDir}), as Claude Code's /mcp turns it off.`,
    warning: `Claude Code did not answer the toggle within ${HANG_TIMEOUT_MS} ms and was stopped (MCP_ADMIN_CLI_TIMEOUT_MS sets the limit). The toggle had landed: "docs" is in ${where()}.`,
  });
  expect(await cliStatusLine(world, world.projectDir, 'docs')).toBe(DISABLED);
  const [change] = await service.history();

  // The undo's session also ends unanswered, and is answered as stored too.
  await expect(adminWithFault('exit').undo({ id: change?.id ?? '' })).resolves.toMatchObject({
    ok: true,
    warning: `Claude Code's control session ended (exit code 3) without answering the toggle. The toggle had landed: "docs" is no longer in ${where()}.`,
  });
  expect(disabledNow()).toEqual([]);
  expect(await cliStatusLine(world, world.projectDir, 'docs')).not.toBe(DISABLED);
  const [undo] = await service.history();
  expect({ procedure: undo?.procedure, ok: undo?.ok, undoable: undo?.undoable }).toEqual({
    procedure: 'mcp.enableInProject',
    ok: true,
    undoable: true,
  });
});

it('a session that ended before writing anything fails with CLI_FAILED saying that nothing changed, recorded as not undoable', async () => {
  const service = adminInWorld(world, fixture('control-protocol-claude.sh'), { CONTROL_FAULT: 'silent' });
  await expect(service.disableInProject({ name: 'docs', projectPath: world.projectDir })).rejects.toEqual(
    new McpCoreError(
      'CLI_FAILED',
      `Claude Code's control session ended (exit code 3) without answering the toggle. Nothing changed: "docs" is not in ${where()}.`,
    ),
  );
  expect(disabledNow()).toEqual([]);
  const [change] = await service.history();
  expect({ procedure: change?.procedure, ok: change?.ok, undoable: change?.undoable }).toEqual({
    procedure: 'mcp.disableInProject',
    ok: false,
    undoable: false,
  });
});
