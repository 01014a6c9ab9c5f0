/**
 * Many per-project toggles in a row, with other changes queued between them: every toggle is
 * answered ok and lands before the next. Real CLI for the toggles (one control session each); the
 * adds waiting in the queue, other work and not the subject, go to the verified fake CLI, which
 * stores what the real one does. Each toggle is read back from the files by the reader that
 * core/config/effective-view-cli.test.ts holds to `claude mcp get`; at the end, with one server
 * off and two on, `claude mcp get` in the project confirms all three.
 */
import { createTestWorld, FAKE_CLAUDE } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cliStatusLine } from '../../support/cli-view';
import { serversOf, writeConfig } from '../../support/stored-config';
import { adminInWorld, fixture } from '../../support/world-admin';

const DISABLED = '⊘ Disabled for this project (re-enable via /mcp)';
const SERVERS = ['alpha', 'beta', 'gamma'];
const ROUNDS = 8;

let world: TestWorld;
beforeAll(() => {
  world = createTestWorld();
  // Stored as Claude Code stores them: how they got there is not the subject.
  writeConfig(world, {
    mcpServers: Object.fromEntries(
      SERVERS.map((name) => [name, { type: 'stdio', command: 'true', args: [], env: {} }]),
    ),
  });
});
afterAll(() => {
  world.remove();
});

it(
  'toggling three user servers in turn off and on eight times in a row, while servers are added meanwhile, answers all 16 toggles with ok, each stored before the next, and claude mcp get agrees at the end',
  async () => {
    const service = adminInWorld(world, fixture('adds-on-fake-claude.sh'), { FAKE_CLAUDE_BIN: FAKE_CLAUDE });
    const started = Date.now();
    const answers: boolean[] = [];
    const confirm = async (name: string, disabled: boolean) => {
      const server = (await serversOf(world, world.projectDir)).find((listed) => listed.name === name);
      expect({ name, disabled: server?.status === 'disabled-in-project' }).toEqual({ name, disabled });
    };
    // Other work in the same queue: adds of new user servers, spread over the toggles.
    const adds: Promise<unknown>[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      adds.push(service.add({ name: `extra-${String(round)}`, scope: 'user', command: 'true' }));
      // The three servers take turns: eight rounds of off and on, sixteen toggles in all.
      const name = SERVERS[round % SERVERS.length] ?? 'alpha';
      for (const disabled of [true, false]) {
        const input = { name, projectPath: world.projectDir };
        const result = await (disabled ? service.disableInProject(input) : service.enableInProject(input));
        answers.push(result.ok);
        // Its next toggle waits for this one's confirmation.
        await confirm(name, disabled);
      }
    }
    await expect(Promise.all(adds)).resolves.toHaveLength(ROUNDS);
    expect(answers).toEqual(Array.from({ length: 2 * ROUNDS }, () => true));
    // Claude Code's own word on the end state, one server off so that a toggle that never
    // landed would show.
    await expect(service.disableInProject({ name: 'beta', projectPath: world.projectDir })).resolves.toEqual(
      expect.objectContaining({ ok: true }),
    );
    const statuses: Record<string, boolean> = {};
    for (const name of SERVERS) {
      statuses[name] = (await cliStatusLine(world, world.projectDir, name)) === DISABLED;
    }
    expect(statuses).toEqual({ alpha: false, beta: true, gamma: false });
    const listed = await service.list({ projectPath: world.projectDir });
    expect(listed.servers.map(({ name }) => name).sort()).toEqual(
      [...SERVERS, ...Array.from({ length: ROUNDS }, (_, round) => `extra-${String(round)}`)].sort(),
    );
    console.info(`${String(answers.length)} toggles, each confirmed: ${String(Date.now() - started)} ms`);
  },
  15 * 60_000,
);
