import { describe, expect, it } from 'vitest';
import { cancelledCheckAllSummary, checkAllSummary, NO_CHECKS } from '../src/check/check-all-summary';
import type { ServerEntry } from '../src/trpc';

const server = (name: string, status: ServerEntry['status']) => ({ name, status }) as ServerEntry;

describe('checkAllSummary', () => {
  it('counts progress while the run lasts', () => {
    expect(checkAllSummary(1, 4, { ...NO_CHECKS, ok: 1 }, false, [])).toBe('1 of 4 checked');
  });

  it('counts each outcome at the end and says which pending servers were skipped', () => {
    const counts = { ok: 2, failed: 1, timeout: 1, 'needs-auth': 1 };
    const servers = [
      server('a', 'active'),
      server('p', 'pending'),
      server('q', 'pending'),
      server('r', 'rejected'),
    ];
    expect(checkAllSummary(5, 5, counts, true, servers)).toBe(
      '5 of 5 checked: 2 connected, 1 failed, 1 timed out, 1 needs sign-in. Skipped 2 servers waiting for approval: check each on its own row.',
    );
    expect(checkAllSummary(1, 1, { ...NO_CHECKS, ok: 1 }, true, [server('p', 'pending')])).toBe(
      '1 of 1 checked: 1 connected. Skipped 1 server waiting for approval: check it on its own row.',
    );
  });

  it('says when there was nothing to check', () => {
    expect(checkAllSummary(0, 0, NO_CHECKS, true, [])).toBe('No active servers to check.');
  });

  it('says a cancelled run was cancelled, with what it found so far', () => {
    expect(cancelledCheckAllSummary(1, 2, { ...NO_CHECKS, ok: 1 })).toBe(
      'Check all cancelled: 1 of 2 checked: 1 connected.',
    );
    expect(cancelledCheckAllSummary(0, 0, NO_CHECKS)).toBe('Check all cancelled before any server answered.');
  });
});
