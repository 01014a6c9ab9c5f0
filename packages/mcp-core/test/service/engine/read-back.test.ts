/**
 * The one read-back decision every step that may land and fail asks (engine/read-back.ts): what
 * is stored now decides, as one of three values, and a read that fails is "unknown", never a throw.
 */
import { describe, expect, it } from 'vitest';
import { isGone, isThere, readBack } from '../../../src/service/engine';

const entry = { name: 'docs', scope: 'user', source: '/c/.claude.json', entry: { command: 'docs' } };

describe('readBack', () => {
  it('says a remove did not land while the entry is still stored, with what is stored', async () => {
    await expect(readBack(() => Promise.resolve(entry), isGone)).resolves.toEqual({
      landed: 'no',
      stored: entry,
    });
  });

  it('says a remove landed all the same once nothing is stored', async () => {
    await expect(readBack(() => Promise.resolve(undefined), isGone)).resolves.toEqual({
      landed: 'yes',
      stored: undefined,
    });
  });

  it('says an add landed all the same once the entry is stored, and did not while nothing is', async () => {
    await expect(readBack(() => Promise.resolve(entry), isThere)).resolves.toEqual({
      landed: 'yes',
      stored: entry,
    });
    await expect(readBack(() => Promise.resolve(undefined), isThere)).resolves.toEqual({
      landed: 'no',
      stored: undefined,
    });
  });

  it('decides with the step’s own test on any stored value (a per-project toggle list)', async () => {
    const toggles = { disabled: ['docs'] };
    const turnedOff = (stored: typeof toggles) => stored.disabled.includes('docs');
    await expect(readBack(() => Promise.resolve(toggles), turnedOff)).resolves.toEqual({
      landed: 'yes',
      stored: toggles,
    });
    await expect(readBack(() => Promise.resolve({ disabled: [] }), turnedOff)).resolves.toMatchObject({
      landed: 'no',
    });
  });

  it('returns "unknown" with the reason and the error when the read fails, and throws nothing', async () => {
    const unreadable = new Error('.claude.json is not JSON');
    await expect(readBack(() => Promise.reject(unreadable), isThere)).resolves.toEqual({
      landed: 'unknown',
      unreadable: '.claude.json is not JSON',
      error: unreadable,
    });
  });
});
