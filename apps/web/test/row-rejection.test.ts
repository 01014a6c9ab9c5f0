import { describe, expect, it } from 'vitest';
import { rowRejecter } from '../src/servers/rejection';
import { checkedAgo } from '../src/servers/row-failure';
import { rowVerdict } from '../src/servers/row-verdict';
import type { ServerEntry } from '../src/trpc';

const PROJECT = '/work/app';

/** A `.mcp.json` server rejected by the settings file of `source`, as mcp-core's list gives it. */
function rejectedBy(source: NonNullable<ServerEntry['rejectedBy']>, file: string): ServerEntry {
  return {
    name: 'shared',
    scope: 'project',
    transport: 'stdio',
    status: 'rejected',
    approval: 'rejected',
    rejectedBy: source,
    statusReason: `"shared" is in disabledMcpjsonServers of ${file}.`,
  };
}

describe('a rejected row', () => {
  it.each([
    ['local', 'personal'],
    ['project', 'team'],
    ['user', 'user'],
    ['managed', 'organization'],
  ] as const)('rejected in a %s settings file is rejected by %s', (source, rejecter) => {
    expect(rowRejecter(rejectedBy(source, '/any/settings.json'))).toBe(rejecter);
  });

  it('a row no settings file rejects (pending, or active) has no rejecter', () => {
    const pending = { ...rejectedBy('local', '/any/settings.json'), status: 'pending' as const };
    const unlisted: ServerEntry = { ...rejectedBy('local', '/any/settings.json'), rejectedBy: undefined };
    expect([rowRejecter(pending), rowRejecter(unlisted)]).toEqual([undefined, undefined]);
  });

  it("offers its switch only when the rejection is the user's own; the team's says so without config keys", () => {
    const own = rowVerdict(rejectedBy('local', `${PROJECT}/.claude/settings.local.json`));
    expect(own.fix?.text).toBe('Turn it on to load it.');
    const team = rowVerdict(rejectedBy('project', `${PROJECT}/.claude/settings.json`));
    expect(team).toEqual({
      answer: 'wont-load',
      sentence:
        "Rejected: the team's .claude/settings.json turns it off; a personal approval can't override that.",
    });
  });
});

describe('checkedAgo', () => {
  it.each([
    [30_000, 'just now'],
    [12 * 60_000, '12 min ago'],
    [5 * 3_600_000, '5 h ago'],
    [3 * 86_400_000, '3 d ago'],
  ])('%i ms ago reads %s', (elapsed, words) => {
    expect(checkedAgo(1_000_000_000_000 - elapsed, 1_000_000_000_000)).toBe(words);
  });
});
