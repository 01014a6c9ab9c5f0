import { describe, expect, it } from 'vitest';
import { keptCheckFinder } from '../src/servers/kept-checks';
import type { ContextCost, ServerEntry } from '../src/trpc';
import { serverCost, type ServerCost } from './support/server-cost';

const cost = (servers: ServerCost[]): ContextCost => ({ servers, total: 0, method: 'estimate' });
const entry = (name: string) => ({ name, scope: 'user', source: '/c/.claude.json' }) as ServerEntry;
const kept = (name: string, fields: Partial<ServerCost>) => serverCost({ name, ...fields });

describe('keptCheckFinder', () => {
  it('gives each row its kept check with how it ended: connected with its tools, or timed out, failed, needing sign-in without', () => {
    const find = keptCheckFinder(
      cost([
        kept('fine', { checkedAt: 5, checkStatus: 'ok', tools: 2, tokens: 40 }),
        kept('slow', { checkedAt: 6, checkStatus: 'timeout' }),
        kept('locked', { checkedAt: 7, checkStatus: 'needs-auth' }),
        kept('never', {}),
      ]),
    );

    expect(['fine', 'slow', 'locked', 'never'].map((name) => find(entry(name)))).toEqual([
      { checkedAt: 5, status: 'ok', tools: 2 },
      { checkedAt: 6, status: 'timeout', tools: null },
      { checkedAt: 7, status: 'needs-auth', tools: null },
      undefined,
    ]);
  });

  it('says loading until the kept checks are read', () => {
    expect(keptCheckFinder(undefined)(entry('fine'))).toBe('loading');
  });
});
