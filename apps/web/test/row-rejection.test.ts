import { describe, expect, it } from 'vitest';
import { rowRejecter } from '../src/servers/rejection';
import { checkedAgo } from '../src/servers/row-failure';
import { rowVerdict } from '../src/servers/row-verdict';
import type { ServerEntry } from '../src/trpc';

const PROJECT = '/work/app';

/** A `.mcp.json` server rejected by `file`, its reason worded as mcp-core's approvals.ts words it. */
function rejectedBy(file: string): ServerEntry {
  return {
    name: 'shared',
    scope: 'project',
    transport: 'stdio',
    status: 'rejected',
    approval: 'rejected',
    statusReason: `"shared" is in disabledMcpjsonServers of ${file}.`,
  };
}

describe('a rejected row', () => {
  it.each([
    [`${PROJECT}/.claude/settings.local.json`, 'personal'],
    [`${PROJECT}/.claude/settings.json`, 'team'],
    ['/home/me/.claude/settings.json', 'user'],
    ['/etc/claude-code/managed-settings.json', 'organization'],
    // Another project's team file is not this project's.
    ['/work/app.old/.claude/settings.json', 'user'],
  ] as const)('rejected in %s is rejected by %s', (file, rejecter) => {
    expect(rowRejecter(rejectedBy(file), PROJECT)).toBe(rejecter);
  });

  it("offers its switch only when the rejection is the user's own; the team's says so without config keys", () => {
    const own = rowVerdict(rejectedBy(`${PROJECT}/.claude/settings.local.json`), undefined, 'personal');
    expect(own.fix?.text).toBe('Turn it on to load it.');
    const team = rowVerdict(rejectedBy(`${PROJECT}/.claude/settings.json`), undefined, 'team');
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
