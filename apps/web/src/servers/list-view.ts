/** What the list shows of many servers: searched, filtered to those not loading, sorted, grouped by scope. */
import { scopeLabel } from '../scopes';
import type { CheckResult, ServerEntry } from '../trpc';
import { rowVerdict, type Answer } from './row-verdict';

export type SortOrder = 'scope' | 'name' | 'attention';

export const SORT_LABELS: Record<SortOrder, string> = {
  scope: 'Scope',
  name: 'Name',
  attention: 'Needs attention first',
};

export interface ListViewOptions {
  search: string;
  onlyNotLoading: boolean;
  sort: SortOrder;
  /** The latest check of a server, if any: it can turn a loading server into one that needs you. */
  checkOf: (server: ServerEntry) => CheckResult['status'] | undefined;
}

export interface ServerGroup {
  /** The scope's label, or `undefined` when the list is not grouped. */
  label: string | undefined;
  servers: ServerEntry[];
}

export interface ListView {
  /** The servers the search matches, before the Not loading filter: what the counts follow. */
  matching: ServerEntry[];
  notLoadingCount: number;
  shown: ServerEntry[];
}

/** A server matches when every word of the search is in its name, scope, command, URL or plugin. */
export function matchesSearch(server: ServerEntry, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [
    server.name,
    scopeLabel(server.scope),
    server.transport,
    server.command,
    ...(server.args ?? []),
    server.url,
    server.plugin,
  ]
    .filter((part) => part !== undefined)
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

const ATTENTION_RANK: Record<Answer, number> = { 'needs-you': 0, 'wont-load': 1, loads: 2 };

export function listView(servers: readonly ServerEntry[], options: ListViewOptions): ListView {
  const answerOf = (server: ServerEntry) => rowVerdict(server, options.checkOf(server)).answer;
  const matching = servers.filter((server) => matchesSearch(server, options.search));
  const notLoading = matching.filter((server) => answerOf(server) !== 'loads');
  const filtered = options.onlyNotLoading ? notLoading : matching;
  // The server's own order is by scope (closest first), then name: a stable sort keeps it within ties.
  const shown = [...filtered];
  if (options.sort === 'name') shown.sort((a, b) => a.name.localeCompare(b.name));
  if (options.sort === 'attention') {
    shown.sort((a, b) => ATTENTION_RANK[answerOf(a)] - ATTENTION_RANK[answerOf(b)]);
  }
  return { matching, notLoadingCount: notLoading.length, shown };
}

/** Closest first, as Claude Code decides which of two same-named servers wins. */
const SCOPE_ORDER: readonly ServerEntry['scope'][] = ['managed', 'local', 'project', 'user', 'plugin'];

/** The servers of each scope as one group, closest scope first, each in the order given; one unnamed group when not grouped. */
export function groupByScope(servers: readonly ServerEntry[], grouped: boolean): ServerGroup[] {
  if (!grouped) return [{ label: undefined, servers: [...servers] }];
  return SCOPE_ORDER.map((scope) => ({
    label: scopeLabel(scope),
    servers: servers.filter((server) => server.scope === scope),
  })).filter((group) => group.servers.length > 0);
}
