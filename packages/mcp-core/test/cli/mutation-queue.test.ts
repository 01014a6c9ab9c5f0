import { describe, expect, it } from 'vitest';
import { McpCoreError } from '../../src/errors';
import { createMutationQueue } from '../../src/cli/mutation-queue';

/** A task that runs until the test releases it, recording when it starts and ends. */
function heldTask(log: string[], name: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const task = async () => {
    log.push(`start ${name}`);
    await released;
    log.push(`end ${name}`);
    return name;
  };
  return { task, release };
}

describe('createMutationQueue', () => {
  it('runs calls one at a time in order of arrival', async () => {
    const queue = createMutationQueue();
    const log: string[] = [];
    const first = heldTask(log, 'a');
    const second = heldTask(log, 'b');
    const results = [queue.run(first.task), queue.run(second.task)];
    second.release();
    first.release();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('goes on after a call that rejects or throws synchronously', async () => {
    const queue = createMutationQueue();
    const rejecting = queue.run(() => Promise.reject(new Error('rejected')));
    const throwing = queue.run(() => {
      throw new Error('thrown');
    });
    const next = queue.run(() => Promise.resolve('next'));
    await expect(rejecting).rejects.toEqual(new Error('rejected'));
    await expect(throwing).rejects.toEqual(new Error('thrown'));
    await expect(next).resolves.toBe('next');
  });

  it('refuses a call once 64 are waiting behind the running one, and takes calls again as they drain', async () => {
    const queue = createMutationQueue();
    const log: string[] = [];
    const running = heldTask(log, 'running');
    const accepted = [queue.run(running.task)];
    for (let i = 0; i < 64; i += 1) accepted.push(queue.run(() => Promise.resolve(`waiting ${i}`)));
    await expect(queue.run(() => Promise.resolve('one too many'))).rejects.toEqual(
      new McpCoreError(
        'QUEUE_FULL',
        'The queue of changes is full (64 waiting); try again when they are done.',
      ),
    );
    running.release();
    await Promise.all(accepted);
    await expect(queue.run(() => Promise.resolve('later'))).resolves.toBe('later');
  });

  it('counts only waiting calls against maxQueued', async () => {
    const queue = createMutationQueue({ maxQueued: 1 });
    const log: string[] = [];
    const running = heldTask(log, 'running');
    const first = queue.run(running.task);
    const waiting = queue.run(() => Promise.resolve('waiting'));
    await expect(queue.run(() => Promise.resolve('refused'))).rejects.toEqual(
      new McpCoreError(
        'QUEUE_FULL',
        'The queue of changes is full (1 waiting); try again when they are done.',
      ),
    );
    running.release();
    await expect(Promise.all([first, waiting])).resolves.toEqual(['running', 'waiting']);
  });

  it('tells whether a call runs, for how long, and how many wait', async () => {
    const queue = createMutationQueue();
    const log: string[] = [];
    const running = heldTask(log, 'running');
    const idle = queue.status();

    const accepted = [queue.run(running.task), queue.run(() => Promise.resolve('a'))];
    accepted.push(queue.run(() => Promise.resolve('b')));
    await Promise.resolve();
    const busy = queue.status();
    running.release();
    await Promise.all(accepted);

    expect({ idle, busy, after: queue.status() }).toEqual({
      idle: { runningForMs: null, waiting: 0 },
      busy: { runningForMs: expect.any(Number) as unknown, waiting: 2 },
      after: { runningForMs: null, waiting: 0 },
    });
  });

  it('drains: lets the running call finish, refuses the waiting ones and new ones', async () => {
    const queue = createMutationQueue();
    const log: string[] = [];
    const running = heldTask(log, 'running');
    const first = queue.run(running.task);
    const waiting = queue.run(() => Promise.resolve('waiting')).catch((error: unknown) => error);
    const drained = queue.drain();
    const late = queue.run(() => Promise.resolve('late')).catch((error: unknown) => error);
    running.release();
    await drained;

    const shuttingDown = new McpCoreError(
      'QUEUE_FULL',
      'MCP Admin is shutting down and accepts no more changes.',
    );
    await expect(first).resolves.toBe('running');
    await expect(waiting).resolves.toEqual(shuttingDown);
    await expect(late).resolves.toEqual(shuttingDown);
    expect(log).toEqual(['start running', 'end running']);
  });
});
