import { describe, expect, it } from 'vitest';
import { formatDuration, withDeadline } from '../src/deadline';

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

describe('formatDuration', () => {
  it('says whole seconds in seconds and the rest in milliseconds', () => {
    expect([formatDuration(10_000), formatDuration(1), formatDuration(1500)]).toEqual([
      '10 s',
      '1 ms',
      '1500 ms',
    ]);
  });
});
