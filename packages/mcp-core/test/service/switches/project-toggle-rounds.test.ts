/**
 * Many per-project toggles in a row, with other changes queued between them: every toggle is
 * answered 200 and `claude mcp get` run in the project confirms each one. Real CLI throughout:
 * one control session per toggle, then `claude mcp get` in the project, while adds wait in the queue.
 */
import { createTestWorld, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addJsonArgv } from '../../../src/cli/argv';
import { cliStatusLine } from '../../support/cli-view';
import { adminInWorld } from '../../support/world-admin';

const DISABLED = '⊘ Disabled for this project (re-enable via /mcp)';
const SERVERS = ['alpha', 'beta', 'gamma'];
const ROUNDS = 8;

let world: TestWorld;
beforeAll(async () => {
  world = createTestWorld();
  for (const name of SERVERS) {
    await runCliAsAnotherTerminal(world, world.projectDir, addJsonArgv(name, 'user', { command: 'true' }));
  }
});
afterAll(() => {
  world.remove();
});

it(
  'toggling three user servers in turn off and on eight times in a row, while servers are added meanwhile, answers all 16 toggles with ok, each confirmed by claude mcp get',
  async () => {
    const service = adminInWorld(world);
    const started = Date.now();
    const answers: boolean[] = [];
    const confirm = async (name: string, disabled: boolean) => {
      const status = await cliStatusLine(world, world.projectDir, name);
      expect({ name, disabled: status === DISABLED }).toEqual({ name, disabled });
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
    const listed = await service.list({ projectPath: world.projectDir });
    expect(listed.servers.map(({ name }) => name).sort()).toEqual(
      [...SERVERS, ...Array.from({ length: ROUNDS }, (_, round) => `extra-${String(round)}`)].sort(),
    );
    console.info(`${String(answers.length)} toggles, each confirmed: ${String(Date.now() - started)} ms`);
  },
  15 * 60_000,
);
