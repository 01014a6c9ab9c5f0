import { useId } from 'react';
import { SORT_LABELS, type SortOrder } from './list-view';

interface ListToolbarProps {
  search: string;
  onSearch: (search: string) => void;
  onlyNotLoading: boolean;
  onOnlyNotLoading: (only: boolean) => void;
  /** Among the servers the search matches: the counts follow the search. */
  notLoadingCount: number;
  matchingCount: number;
  sort: SortOrder;
  onSort: (sort: SortOrder) => void;
  grouped: boolean;
  onGrouped: (grouped: boolean) => void;
}

/** The search box's id: the panel's `/` shortcut focuses it. */
export const SEARCH_BOX_ID = 'search-servers';

/** Search (`/` focuses it, see shell/use-shortcuts.ts), the Not loading filter, sort and grouping of the server list. */
export function ListToolbar(props: ListToolbarProps) {
  const id = useId();
  return (
    <div className="list-toolbar">
      <input
        id={SEARCH_BOX_ID}
        type="search"
        className="search-box"
        aria-label="Search servers"
        aria-keyshortcuts="/"
        placeholder="Search servers  /"
        value={props.search}
        onChange={(event) => {
          props.onSearch(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && props.search !== '') {
            event.preventDefault();
            props.onSearch('');
          }
        }}
      />
      <div className="filter" role="group" aria-label="Show">
        <button
          type="button"
          className="secondary small"
          aria-pressed={!props.onlyNotLoading}
          onClick={() => {
            props.onOnlyNotLoading(false);
          }}
        >
          All ({props.matchingCount})
        </button>
        <button
          type="button"
          className="secondary small"
          aria-pressed={props.onlyNotLoading}
          onClick={() => {
            props.onOnlyNotLoading(true);
          }}
        >
          Not loading ({props.notLoadingCount})
        </button>
      </div>
      <div className="sort">
        <label htmlFor={`${id}-sort`}>Sort</label>
        <select
          id={`${id}-sort`}
          value={props.sort}
          onChange={(event) => {
            props.onSort(event.target.value as SortOrder);
          }}
        >
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={props.grouped}
          onChange={(event) => {
            props.onGrouped(event.target.checked);
          }}
        />
        <span>Group by scope</span>
      </label>
    </div>
  );
}
