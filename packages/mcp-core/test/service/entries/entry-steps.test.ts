/**
 * The entry steps' partial success is a returned value (issue 42, one runner): a step that failed
 * after part of it landed returns `ok: false` with the error and what landed; one of which nothing
 * landed throws. Our code is the subject, so the config is a map in memory and each CLI step is a
 * function that stores (or not) and then fails as the test says; landed-steps.test.ts drives the
 * same paths through the fake CLI and the history.
 */
import { describe, expect, it } from 'vitest';
import { McpCoreError } from '../../../src/errors';
import { createEntrySteps } from '../../../src/service/entries/steps';
import type { PlacedEntry } from '../../../src/service/history';

const CONFIG = '/config/.claude.json';
const from: PlacedEntry = {
  name: 'files',
  scope: 'user',
  projectPath: '/project',
  source: CONFIG,
  entry: { type: 'stdio', command: 'node', args: ['old.js'], env: {} },
};
const to: PlacedEntry = { ...from, entry: { type: 'stdio', command: 'node', args: ['new.js'], env: {} } };
const failed = () => new McpCoreError('CLI_FAILED', 'claude exited with code 1');

/** What each CLI step does to the config before it answers: store its change (or not), then fail (or not). */
interface StepScript {
  remove: { lands: boolean; fails: boolean };
  /** One per add, in order: the edit's add, then the put-back. */
  adds: { lands: boolean; fails: boolean }[];
}

/** Entry steps over a one-name config in memory (holding `from` unless `empty`), each CLI step doing what `script` says. */
function stepsOver(script: StepScript, empty = false) {
  let entry = empty ? undefined : from.entry;
  const adds = [...script.adds];
  const steps = createEntrySteps({
    storedAt: () =>
      Promise.resolve(entry === undefined ? undefined : { scope: 'user', source: CONFIG, entry }),
    removeAt: () => {
      if (script.remove.lands) entry = undefined;
      return script.remove.fails
        ? Promise.reject(failed())
        : Promise.resolve({ ok: true, message: 'Removed.' });
    },
    addWhole: (_procedure, target) => {
      const add = adds.shift() ?? { lands: true, fails: false };
      if (add.lands) entry = target.entry;
      return add.fails
        ? Promise.reject(failed())
        : Promise.resolve({ result: { ok: true, message: 'Added.' }, stored: target });
    },
  });
  return { steps, stored: () => entry };
}

describe('replace, an edit in two CLI steps', () => {
  it('whose add failed after the remove landed and whose put-back failed too returns ok false with the old entry as before, and the error says it is kept in the history', async () => {
    const { steps, stored } = stepsOver({
      remove: { lands: true, fails: false },
      adds: [
        { lands: false, fails: true },
        { lands: false, fails: true },
      ],
    });

    const outcome = await steps.replace('mcp.update', from, to);

    expect(outcome).toMatchObject({ ok: false, moves: { before: from } });
    expect(outcome.moves.after).toBeUndefined();
    expect(outcome.ok ? undefined : outcome.failure).toEqual(
      new McpCoreError(
        'CLI_FAILED',
        `Could not store the new entry of "files" (user scope): claude exited with code 1\nRestoring the old entry failed too: claude exited with code 1\nThe old entry of "files" (user scope, ${CONFIG}) is kept in the history: undo this change to add it back.`,
      ),
    );
    expect(stored()).toBeUndefined();
  });

  it('whose add failed after the remove landed and whose put-back restored the old entry throws, since nothing of it landed', async () => {
    const { steps, stored } = stepsOver({
      remove: { lands: true, fails: false },
      adds: [
        { lands: false, fails: true },
        { lands: true, fails: false },
      ],
    });

    await expect(steps.replace('mcp.update', from, to)).rejects.toEqual(
      new McpCoreError(
        'CLI_FAILED',
        'Could not store the new entry of "files" (user scope): claude exited with code 1\nThe old entry was restored.',
      ),
    );
    expect(stored()).toEqual(from.entry);
  });

  it('whose add failed but stored the new entry all the same returns ok false with both entries, the edit landed', async () => {
    const { steps, stored } = stepsOver({
      remove: { lands: true, fails: false },
      adds: [{ lands: true, fails: true }],
    });

    const outcome = await steps.replace('mcp.update', from, to);

    expect(outcome).toMatchObject({ ok: false, moves: { before: from, after: to } });
    expect(stored()).toEqual(to.entry);
  });

  it('whose remove failed after it landed and whose put-back failed returns ok false with the old entry as before', async () => {
    const { steps } = stepsOver({
      remove: { lands: true, fails: true },
      adds: [{ lands: false, fails: true }],
    });

    const outcome = await steps.replace('mcp.update', from, to);

    expect(outcome).toMatchObject({ ok: false, moves: { before: from } });
    expect(outcome.ok ? '' : String(outcome.failure)).toContain(
      `"files" was removed from ${CONFIG} all the same.\nRestoring the old entry failed too`,
    );
  });

  it('that landed whole returns ok true with both entries', async () => {
    const { steps } = stepsOver({
      remove: { lands: true, fails: false },
      adds: [{ lands: true, fails: false }],
    });

    await expect(steps.replace('mcp.update', from, to)).resolves.toEqual({
      ok: true,
      result: { ok: true, message: 'Removed.\nAdded.' },
      moves: { before: from, after: to },
    });
  });
});

describe('a remove and an add, one CLI step each', () => {
  it('a remove that failed after it landed returns ok false with the entry as before; one that did not land throws', async () => {
    const landed = stepsOver({ remove: { lands: true, fails: true }, adds: [] });
    const outcome = await landed.steps.removeRecorded('mcp.remove', from);
    expect(outcome).toMatchObject({ ok: false, moves: { before: from } });
    expect(outcome.ok ? '' : String(outcome.failure)).toContain('was removed from');

    const refused = stepsOver({ remove: { lands: false, fails: true }, adds: [] });
    await expect(refused.steps.removeRecorded('mcp.remove', from)).rejects.toEqual(failed());
  });

  it('an add that failed after it stored the entry returns ok false with it as after; one that stored nothing throws', async () => {
    const landed = stepsOver(
      { remove: { lands: false, fails: false }, adds: [{ lands: true, fails: true }] },
      true,
    );
    const outcome = await landed.steps.addRecorded('mcp.add', to);
    expect(outcome).toMatchObject({ ok: false, moves: { after: to } });
    expect(outcome.moves.before).toBeUndefined();

    const refused = stepsOver(
      { remove: { lands: false, fails: false }, adds: [{ lands: false, fails: true }] },
      true,
    );
    await expect(refused.steps.addRecorded('mcp.add', to)).rejects.toEqual(failed());
  });
});
