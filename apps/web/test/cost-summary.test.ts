import { describe, expect, it } from 'vitest';
import { costState, lastCheckWords } from '../src/context-cost/cost-summary';
import { serverCost as server } from './support/server-cost';

describe('a kept check in Context cost', () => {
  it('that brought no tools is failed, never "no tools", and says how it ended', () => {
    const ended = (['failed', 'timeout', 'needs-auth'] as const).map((checkStatus) =>
      server({ checkedAt: 1, checkStatus }),
    );

    expect(ended.map(costState)).toEqual(['failed', 'failed', 'failed']);
    expect(ended.map(({ checkStatus }) => lastCheckWords(checkStatus))).toEqual([
      'Last check failed',
      'Last check timed out',
      'Last check needs sign-in',
    ]);
  });

  it('that connected counts, even with no tools; none is unchecked; a server not loaded is neither', () => {
    expect(
      [
        server({ checkedAt: 1, checkStatus: 'ok', tools: 0, tokens: 0 }),
        server({}),
        server({ loads: false, checkedAt: 1, checkStatus: 'ok', tools: 2, tokens: 9 }),
      ].map(costState),
    ).toEqual(['counted', 'unchecked', 'not-loaded']);
  });
});
