import { describe, expect, it } from 'vitest';
import { formatDuration, withDeadline, withWaitingDeadline } from '../src/deadline';

describe('withDeadline', () => {
  it("answers with the work's result when it settles in time", async () => {
    await expect(
      withDeadline(
        () => Promise.resolve('done'),
        1000,
        () => new Error('late'),
      ),
    ).resolves.toBe('done');
    await expect(
      withDeadline(
        () => Promise.reject(new Error('failed')),
        1000,
        () => new Error('late'),
      ),
    ).rejects.toEqual(new Error('failed'));
  });

  it('answers with the timeout error when the work never settles, and tells the work to stop', async () => {
    let signal: AbortSignal | undefined;
    const never = (given: AbortSignal) => {
      signal = given;
      return new Promise<never>(() => undefined);
    };

    await expect(withDeadline(never, 20, () => new Error('late'))).rejects.toEqual(new Error('late'));
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toEqual(new Error('late'));
  });
});

describe('withWaitingDeadline', () => {
  it('answers with the timeout error when a wait never settles, and refuses any later wait', async () => {
    let waitLater: (() => Promise<unknown>) | undefined;
    const work = async (waitWithin: <T>(op: Promise<T>) => Promise<T>) => {
      waitLater = () => waitWithin(Promise.resolve('late wait'));
      await waitWithin(Promise.resolve('first'));
      return waitWithin(new Promise<never>(() => undefined));
    };

    await expect(withWaitingDeadline(work, 20, () => new Error('late'))).rejects.toEqual(new Error('late'));
    await expect(waitLater?.()).rejects.toEqual(new Error('late'));
  });

  it('does not count the time the work spends outside its waits', async () => {
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until) {
        // Working, not waiting: as the scanner between two pieces of a file.
      }
    };
    const work = async (waitWithin: <T>(op: Promise<T>) => Promise<T>) => {
      for (let piece = 0; piece < 3; piece++) {
        // A turn of the event loop, in which a deadline that counted everything would fire.
        await waitWithin(new Promise((resolve) => setImmediate(resolve)));
        busy(150);
      }
      return 'scanned';
    };

    await expect(withWaitingDeadline(work, 200, () => new Error('late'))).resolves.toBe('scanned');
    await expect(
      withDeadline(
        () => work((op) => op),
        200,
        () => new Error('late'),
      ),
    ).rejects.toEqual(new Error('late'));
  });
});

describe('formatDuration', () => {
  it('says whole seconds in seconds and the rest in milliseconds', () => {
    expect([formatDuration(10_000), formatDuration(1), formatDuration(1500)]).toEqual([
      '10 s',
      '1 ms',
      '1500 ms',
    ]);
  });
});
