import { describe, expect, it } from 'vitest';
import { parseProcessStat, readProcess } from '../src/process-table';

describe('parseProcessStat', () => {
  it('reads state, parent, group and start time after a command name holding spaces and parentheses', () => {
    const stat = '4242 (a) b (c)) S 17 4242 4242 0 -1 4194560 90 0 0 0 1 2 0 0 20 0 1 0 987654 1 2 3\n';
    expect(parseProcessStat(4242, stat)).toEqual({
      pid: 4242,
      state: 'S',
      ppid: 17,
      pgid: 4242,
      startTime: 987654,
    });
  });

  it('reads this very process with its own parent', () => {
    expect(readProcess(process.pid)).toMatchObject({ pid: process.pid, ppid: process.ppid });
  });
});
