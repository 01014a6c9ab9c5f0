import { useEffect, useState } from 'react';
import { useKeptChecks } from '../shared-queries';
import type { ServerEntry } from '../trpc';
import { useKeptChecksFollow } from './api';
import { keptCheckFinder } from './kept-checks';
import { groupByScope, listView, type SortOrder } from './list-view';
import { ListToolbar } from './ListToolbar';
import { ServerTable, type ServerTableProps } from './ServerTable';
import './server-list.css';

/** The table's own props, but the servers in one list: the list groups them. */
interface ServerListProps extends Omit<ServerTableProps, 'groups' | 'keptCheckOf'> {
  servers: readonly ServerEntry[];
  /** How many rows show: the section's heading counts them. */
  onShownCount: (count: number) => void;
}

/**
 * The list of many servers: search, the Not loading filter, sort and grouping above the table, the
 * counts following the search. In the first load: the first rows paint with it.
 */
export function ServerList({ servers, checkOf, onShownCount, ...table }: ServerListProps) {
  const [search, setSearch] = useState('');
  const [onlyNotLoading, setOnlyNotLoading] = useState(false);
  const [sort, setSort] = useState<SortOrder>('scope');
  const [grouped, setGrouped] = useState(true);
  const kept = useKeptChecks(table.projectPath);
  const keptCheckOf = keptCheckFinder(kept.data);
  const view = listView(servers, {
    search,
    onlyNotLoading,
    sort,
    // A check kept from before the page opened counts as one made now (a failed one is a problem).
    checkOf: (server) => {
      const check = checkOf(server);
      if (check?.state === 'done') return check.result.status;
      const keptCheck = check === undefined ? keptCheckOf(server) : undefined;
      return typeof keptCheck === 'object' ? keptCheck.status : undefined;
    },
  });
  const shownCount = view.shown.length;
  useKeptChecksFollow(servers);
  useEffect(() => {
    onShownCount(shownCount);
  }, [onShownCount, shownCount]);
  return (
    <>
      <ListToolbar
        search={search}
        onSearch={setSearch}
        onlyNotLoading={onlyNotLoading}
        onOnlyNotLoading={setOnlyNotLoading}
        notLoadingCount={view.notLoadingCount}
        matchingCount={view.matching.length}
        sort={sort}
        onSort={setSort}
        grouped={grouped}
        onGrouped={setGrouped}
      />
      {shownCount === 0 ? (
        <p className="status empty-filter">
          No server matches{search === '' ? '' : ` “${search}”`}
          {onlyNotLoading ? ' among those not loading' : ''}.
        </p>
      ) : (
        <div className="table-wrap">
          <ServerTable
            groups={groupByScope(view.shown, grouped)}
            checkOf={checkOf}
            keptCheckOf={keptCheckOf}
            {...table}
          />
        </div>
      )}
    </>
  );
}
