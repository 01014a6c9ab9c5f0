import { livingGroupMembers } from '@mcp-admin/core/testing';
import { expect, vi } from 'vitest';

export { livingGroupMembers };

/**
 * Waits until no process of group `pgid` is alive: a SIGKILL is sent at once but carried out by
 * the kernel a moment later (later still for a process busy in a system call). Fails if any stays.
 */
export async function expectGroupGone(pgid: number): Promise<void> {
  await vi.waitFor(
    () => {
      expect(livingGroupMembers(pgid)).toEqual([]);
    },
    { timeout: 5_000, interval: 20 },
  );
}
