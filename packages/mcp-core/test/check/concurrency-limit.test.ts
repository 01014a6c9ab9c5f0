import { describe, expect, it } from 'vitest';

import { createConcurrencyLimit } from '../../src/check/concurrency-limit';

/** A task that runs until its test releases it, and says whether it has started. */
function heldTask(label: string, log: string[]) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const task = async () => {
    log.push(`start ${label}`);
    await released;
    log.push(`end ${label}`);
    return label;
  };
  return { task, release };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createConcurrencyLimit', () => {
  it('runs at most `max` tasks at once and starts the waiting ones in order of arrival', async () => {
    const limit = createConcurrencyLimit(2);
    const log: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((label) => heldTask(label, log));
    if (a === undefined || b === undefined || c === undefined || d === undefined)
      throw new Error('four tasks');

    const results = [a, b, c, d].map(({ task }) => limit.run(task));
    await settle();
    expect(log).toEqual(['start a', 'start b']);

    b.release();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);

    a.release();
    await settle();
    expect(log.slice(4)).toEqual(['end a', 'start d']);

    c.release();
    d.release();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c', 'd']);
  });

  it('never runs a waiting task whose signal aborts, and gives its turn to the next', async () => {
    const limit = createConcurrencyLimit(1);
    const log: string[] = [];
    const [first, skipped, next] = ['first', 'skipped', 'next'].map((label) => heldTask(label, log));
    if (first === undefined || skipped === undefined || next === undefined) throw new Error('three tasks');
    const caller = new AbortController();

    const running = limit.run(first.task);
    const waiting = limit.run(skipped.task, caller.signal);
    const after = limit.run(next.task);
    caller.abort(new Error('caller left'));
    await expect(waiting).rejects.toThrow('caller left');
    first.release();
    next.release();

    await expect(Promise.all([running, after])).resolves.toEqual(['first', 'next']);
    expect(log).toEqual(['start first', 'end first', 'start next', 'end next']);
  });

  it('frees the slot of a task that fails', async () => {
    const limit = createConcurrencyLimit(1);

    await expect(limit.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');

    await expect(limit.run(() => Promise.resolve('ran'))).resolves.toBe('ran');
  });
});
