import { describe, expect, it } from 'vitest';
import { groupByScope, listView, matchesSearch } from '../src/servers/list-view';
import type { ServerEntry } from '../src/trpc';

function server(name: string, fields: Partial<ServerEntry> = {}): ServerEntry {
  return { name, scope: 'user', transport: 'stdio', status: 'active', statusReason: 'Because.', ...fields };
}

const SERVERS = [
  server('notes', { scope: 'local', command: 'npx', args: ['@acme/notes'] }),
  server('tracker', { scope: 'project', status: 'pending', approval: 'pending' }),
  server('github', { transport: 'http', url: 'https://api.github.test/mcp' }),
  server('api', { missingEnv: ['API_KEY'] }),
];
const names = (servers: readonly ServerEntry[]) => servers.map(({ name }) => name);
const noChecks = () => undefined;

describe('matchesSearch', () => {
  it('matches every word anywhere in the name, scope, command, arguments or URL, ignoring case', () => {
    expect(SERVERS.filter((s) => matchesSearch(s, 'ACME')).map(({ name }) => name)).toEqual(['notes']);
    expect(SERVERS.filter((s) => matchesSearch(s, 'user github')).map(({ name }) => name)).toEqual([
      'github',
    ]);
    expect(SERVERS.filter((s) => matchesSearch(s, '  ')).length).toBe(4);
  });
});

describe('listView', () => {
  it('counts the servers not loading among those the search matches, and shows only them when asked', () => {
    const all = listView(SERVERS, { search: '', onlyNotLoading: false, sort: 'scope', checkOf: noChecks });
    const searched = listView(SERVERS, {
      search: 'user',
      onlyNotLoading: true,
      sort: 'scope',
      checkOf: noChecks,
    });
    expect({
      all: [all.matching.length, all.notLoadingCount, names(all.shown)],
      searched: [searched.matching.length, searched.notLoadingCount, names(searched.shown)],
    }).toEqual({
      all: [4, 2, ['notes', 'tracker', 'github', 'api']],
      searched: [2, 1, ['api']],
    });
  });

  it('sorts by name, or with the servers that need you first; a failed check counts', () => {
    const byName = listView(SERVERS, { search: '', onlyNotLoading: false, sort: 'name', checkOf: noChecks });
    const attention = listView(SERVERS, {
      search: '',
      onlyNotLoading: false,
      sort: 'attention',
      checkOf: (s) => (s.name === 'github' ? 'failed' : undefined),
    });
    expect([names(byName.shown), names(attention.shown)]).toEqual([
      ['api', 'github', 'notes', 'tracker'],
      ['tracker', 'github', 'api', 'notes'],
    ]);
  });
});

describe('groupByScope', () => {
  it('groups closest scope first, keeping the order within each group; one unnamed group otherwise', () => {
    const sorted = [...SERVERS].sort((a, b) => a.name.localeCompare(b.name));
    expect(groupByScope(sorted, true).map(({ label, servers }) => [label, names(servers)])).toEqual([
      ['Local', ['notes']],
      ['Project', ['tracker']],
      ['User', ['api', 'github']],
    ]);
    expect(groupByScope(sorted, false)).toEqual([{ label: undefined, servers: sorted }]);
  });
});
