/**
 * The engine's call a capability describes its change to (issue 42, one runner): the input parsed
 * before anything else, the queue's turn asked for as the change arrives while its project is looked
 * for, and one turn held for the project found, the plan, the
 * intent, the steps and the recorded outcome. Our code is the subject: the turn, the project and
 * the ledger are in memory (the capabilities' own tests drive them with the real pieces).
 */
import { describe, expect, it } from 'vitest';
import { z, ZodError } from 'zod';
import { describedChange, nothingToChange, plannedChange, runChange } from '../../../src/service/engine';
import type { ChangeLedger, EngineContext, Readers, Steps } from '../../../src/service/engine';
import type { QueueTurns } from '../../../src/service/engine/queue-turns';

interface Moves {
  removed?: string[];
}
interface Line {
  ok: boolean;
  message: string;
  removed?: string[];
}

/** The turn, the project and the ledger in memory, each saying what it was asked, in order. */
function inMemory() {
  const said: string[] = [];
  const turns = {
    change: async <T>(task: () => Promise<T>): Promise<T> => {
      said.push('turn taken');
      try {
        return await task();
      } finally {
        said.push('turn given back');
      }
    },
  } as Partial<QueueTurns> as QueueTurns;
  const readers = {
    existingProject: (projectPath: string | undefined) => {
      said.push(`project ${projectPath ?? 'default'}`);
      return Promise.resolve(projectPath ?? '/default');
    },
  } as Partial<Readers> as Readers;
  const ledger: ChangeLedger<Moves, Line> = {
    record: (ok, message, moves) => ({ ok, message, ...moves }),
    hasLanded: (line) => (line.removed?.length ?? 0) > 0,
    begin: (planned) => {
      said.push(`intent ${JSON.stringify(planned.removed)}`);
      return Promise.resolve({ id: 'intent-1', time: '2026-01-01T00:00:00.000Z' });
    },
    journal: (line, revises) => {
      said.push(`journal ${line.ok ? 'landed' : 'failed'}`);
      return Promise.resolve({ identity: revises });
    },
    end: () => Promise.resolve(),
  };
  const engine: Pick<EngineContext, 'turns' | 'readers'> = { turns, readers };
  return { said, engine, ledger };
}

const removeInput = z.object({ name: z.string().min(1), projectPath: z.string().optional() });

/** A described removal of `name`: nothing to change when it is `gone`; its step fails when it is `stuck`. */
function describedRemoval({ said, engine, ledger }: ReturnType<typeof inMemory>) {
  return describedChange(engine, {
    input: removeInput,
    project: (input, existingProject) => existingProject(input.projectPath),
    change: ({ name }, projectPath) =>
      plannedChange({
        record: (subject: { plan: Moves }, steps: Steps<Moves>) => runChange(ledger, subject.plan, steps),
        plan: () => {
          said.push(`plan ${name} in ${projectPath}`);
          if (name === 'gone') {
            return Promise.resolve(nothingToChange({ ok: true, message: 'Nothing to change.' }));
          }
          return Promise.resolve({ subject: { plan: { removed: [name] } }, held: `secret of ${name}` });
        },
        steps: ({ subject: { plan } }, _checkpoint, id) => {
          said.push(`step under ${id}`);
          if (name === 'stuck') return Promise.reject(new Error('the CLI failed'));
          return Promise.resolve({
            ok: true,
            result: { ok: true, message: `Removed ${name}.` },
            moves: plan,
          });
        },
        failed: ({ held }) => {
          said.push(`let go ${held}`);
          return Promise.resolve();
        },
      }),
  });
}

describe('describedChange', () => {
  it('refuses input its schema refuses with a ZodError (a 400) before the project is looked at or a turn is taken', async () => {
    const world = inMemory();

    const refused = describedRemoval(world)({ name: '' });

    await expect(refused).rejects.toBeInstanceOf(ZodError);
    await expect(refused).rejects.toThrow(/name/);
    expect(world.said).toEqual([]);
  });

  it('looks for the project as it asks for its turn, then holds one turn for the plan, the intent before the first step, the step and the outcome', async () => {
    const world = inMemory();

    const answer = await describedRemoval(world)({ name: 'a', projectPath: '/repo' });

    expect(answer).toEqual({ ok: true, message: 'Removed a.', changeId: 'intent-1' });
    expect(world.said).toEqual([
      'project /repo',
      'turn taken',
      'plan a in /repo',
      'intent ["a"]',
      'step under intent-1',
      'journal landed',
      'turn given back',
    ]);
  });

  it('takes its place in the queue as it arrives: a change whose project answers later still runs before the one asked after it', async () => {
    const world = inMemory();
    // One queue, as the service's: each turn after the one before it.
    let tail: Promise<unknown> = Promise.resolve();
    world.engine.turns.change = <T>(task: () => Promise<T>): Promise<T> => {
      const turn = tail.then(task);
      tail = turn.catch(() => undefined);
      return turn;
    };
    let answerSlowProject = (): void => undefined;
    world.engine.readers.existingProject = (projectPath) => {
      if (projectPath !== '/slow') return Promise.resolve(projectPath ?? '/default');
      return new Promise((resolve) => {
        answerSlowProject = () => {
          resolve('/slow');
        };
      });
    };
    const remove = describedRemoval(world);

    const first = remove({ name: 'a', projectPath: '/slow' });
    const second = remove({ name: 'b', projectPath: '/fast' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    answerSlowProject();
    await Promise.all([first, second]);

    expect(world.said.filter((line) => line.startsWith('plan'))).toEqual([
      'plan a in /slow',
      'plan b in /fast',
    ]);
  });

  it('answers a refused project in its turn, after the changes asked before it, with no plan or step', async () => {
    const world = inMemory();
    world.engine.readers.existingProject = () =>
      Promise.reject(new Error('projectPath "/nowhere" is not an existing directory'));

    await expect(describedRemoval(world)({ name: 'a', projectPath: '/nowhere' })).rejects.toThrow(
      'not an existing directory',
    );
    expect(world.said).toEqual(['turn taken', 'turn given back']);
  });

  it('answers a plan that finds nothing to change as it is: no intent, no step, nothing journaled', async () => {
    const world = inMemory();

    const answer = await describedRemoval(world)({ name: 'gone' });

    expect(answer).toEqual({ ok: true, message: 'Nothing to change.' });
    expect(world.said).toEqual(['project default', 'turn taken', 'plan gone in /default', 'turn given back']);
  });

  it('lets go what its plan set up when the steps fail, inside the turn, and answers their error', async () => {
    const world = inMemory();

    await expect(describedRemoval(world)({ name: 'stuck' })).rejects.toThrow('the CLI failed');
    expect(world.said).toEqual([
      'project default',
      'turn taken',
      'plan stuck in /default',
      'intent ["stuck"]',
      'step under intent-1',
      'journal failed',
      'let go secret of stuck',
      'turn given back',
    ]);
  });
});

/** An answer of another type than the recorded one: each removal's result, also when a later one failed. */
interface RemovalsAnswer {
  ok: boolean;
  message: string;
  results: string[];
  changeId?: string;
}

/**
 * A described removal of several names in turn, answering each one's result: one named `stuck`
 * fails after those before it landed; a failure after some ran is an answer, before any a throw.
 */
function describedRemovals({ said, engine, ledger }: ReturnType<typeof inMemory>) {
  return describedChange(engine, {
    input: z.object({ names: z.array(z.string().min(1)) }),
    project: (_input, existingProject) => existingProject(undefined),
    change: ({ names }) =>
      plannedChange({
        record: (subject: { plan: Moves }, steps: Steps<Moves>) => runChange(ledger, subject.plan, steps),
        plan: () => Promise.resolve({ subject: { plan: { removed: names } }, results: [] as string[] }),
        steps: ({ results }) => {
          const removed: string[] = [];
          for (const name of names) {
            if (name === 'stuck') {
              return Promise.resolve({
                ok: false,
                failure: new Error(`the CLI failed on ${name}`),
                moves: { removed },
              });
            }
            said.push(`removed ${name}`);
            removed.push(name);
            results.push(`${name}: removed`);
          }
          return Promise.resolve({
            ok: true,
            result: { ok: true, message: 'Removed all.' },
            moves: { removed },
          });
        },
        answer: ({ message, changeId }, { results }): RemovalsAnswer => ({
          ok: true,
          message,
          results,
          ...(changeId === undefined ? {} : { changeId }),
        }),
        failedAnswer: (error, { results }): RemovalsAnswer | undefined =>
          results.length === 0
            ? undefined
            : { ok: false, message: error instanceof Error ? error.message : String(error), results },
      }),
  });
}

describe('describedChange answering another type than the recorded one', () => {
  it('answers with its own type and the changeId when every step landed', async () => {
    const world = inMemory();

    const answer = await describedRemovals(world)({ names: ['a', 'b'] });

    expect(answer).toEqual({
      ok: true,
      message: 'Removed all.',
      results: ['a: removed', 'b: removed'],
      changeId: 'intent-1',
    });
  });

  it('answers ok false with the results of what ran, not a throw, when a step failed after another landed, the failure journaled with what landed', async () => {
    const world = inMemory();

    const answer = await describedRemovals(world)({ names: ['a', 'stuck', 'b'] });

    expect(answer).toEqual({ ok: false, message: 'the CLI failed on stuck', results: ['a: removed'] });
    expect(world.said).toEqual([
      'project default',
      'turn taken',
      'intent ["a","stuck","b"]',
      'removed a',
      'journal failed',
      'turn given back',
    ]);
  });

  it('throws the error when its first step failed, so nothing ran', async () => {
    const world = inMemory();

    await expect(describedRemovals(world)({ names: ['stuck', 'a'] })).rejects.toThrow(
      'the CLI failed on stuck',
    );
    expect(world.said).not.toContain('removed a');
  });
});
