import { useId, useState, type SubmitEvent } from 'react';
import type { AddFormPrefill } from '../add-form';
import { ErrorAlert } from '../ui/ErrorAlert';
import { useFetchRegistryServer, useRegistrySearch, type RegistryResult, type RegistryServer } from './api';
import './discover.css';

interface Search {
  query: string;
  /** The cursors of the pages before this one, to page back. */
  before: (string | undefined)[];
  cursor?: string;
}

/**
 * Discover: search the MCP registry, page through the results, and open the add form filled with
 * a server's entry (`Add <name>`); nothing runs until that form is sent.
 */
export function DiscoverRegion({
  locked,
  onAdd,
}: {
  /** A managed config is in control: Claude Code takes no change, so nothing can be added. */
  locked: boolean;
  onAdd: (prefill: Omit<AddFormPrefill, 'id'>) => void;
}) {
  const headingId = useId();
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState<Search | null>(null);
  const results = useRegistrySearch(
    search === null
      ? null
      : { query: search.query, ...(search.cursor !== undefined && { cursor: search.cursor }) },
  );
  const fetchServer = useFetchRegistryServer();
  const [opening, setOpening] = useState<string | null>(null);
  const [addError, setAddError] = useState<string | null>(null);

  const onSearch = (event: SubmitEvent) => {
    event.preventDefault();
    setAddError(null);
    setSearch({ query: typed.trim(), before: [] });
  };
  const open = async (result: RegistryResult) => {
    setOpening(result.name);
    setAddError(null);
    try {
      const server = await fetchServer(result.name);
      if (server.entry === null) setAddError(server.unavailable ?? `${server.name} cannot be added here.`);
      else onAdd(prefillOf(server, server.entry));
    } catch (error) {
      setAddError(error instanceof Error ? error.message : String(error));
    } finally {
      setOpening(null);
    }
  };

  const nextCursor = results.data?.nextCursor;
  return (
    <section className="card discover" aria-labelledby={headingId}>
      <h2 id={headingId}>Discover</h2>
      <form role="search" className="discover-search" onSubmit={onSearch}>
        <label htmlFor={searchId}>Search the MCP registry</label>
        <input
          id={searchId}
          type="search"
          value={typed}
          maxLength={200}
          onChange={(event) => {
            setTyped(event.target.value);
          }}
        />
        <button type="submit" className="secondary small">
          Search
        </button>
      </form>
      {results.error !== null && <ErrorAlert message={results.error.message} />}
      {addError !== null && <ErrorAlert message={addError} />}
      {results.isFetching && <p className="status">Searching…</p>}
      {results.data !== undefined && (
        <>
          {results.data.servers.length === 0 ? (
            <p className="hint">No server of the registry matches “{search?.query}”.</p>
          ) : (
            <ul className="discover-results" aria-label="Registry servers">
              {results.data.servers.map((result) => (
                <li key={result.name}>
                  <div className="discover-what">
                    <strong>{result.title ?? result.name}</strong>
                    {result.title !== undefined && <span className="hint"> {result.name}</span>}
                    <span className="hint"> v{result.version}</span>
                    <p>{result.description}</p>
                    <p className="discover-facts">
                      <span>{transportWords(result.transports)}</span>
                      {result.refused !== undefined && <span className="note warn">{result.refused}</span>}
                      {result.status === 'deprecated' && (
                        <span className="note warn">
                          Deprecated{result.statusMessage !== undefined && `: ${result.statusMessage}`}
                        </span>
                      )}
                    </p>
                  </div>
                  <button
                    type="button"
                    className="secondary small"
                    aria-label={`Add ${result.name}`}
                    disabled={locked || opening !== null || result.refused !== undefined}
                    onClick={() => {
                      void open(result);
                    }}
                  >
                    {opening === result.name ? 'Opening…' : 'Add'}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="discover-pages">
            <button
              type="button"
              className="secondary small"
              disabled={search === null || search.before.length === 0}
              onClick={() => {
                if (search === null) return;
                const before = search.before.slice(0, -1);
                const cursor = search.before.at(-1);
                setSearch({ query: search.query, before, ...(cursor !== undefined && { cursor }) });
              }}
            >
              Previous page
            </button>
            <button
              type="button"
              className="secondary small"
              disabled={search === null || nextCursor === undefined}
              onClick={() => {
                if (search === null || nextCursor === undefined) return;
                setSearch({
                  query: search.query,
                  before: [...search.before, search.cursor],
                  cursor: nextCursor,
                });
              }}
            >
              Next page
            </button>
          </div>
        </>
      )}
    </section>
  );
}

function transportWords(transports: string[]): string {
  if (transports.length === 0) return 'No transport Claude Code can use';
  return transports
    .map((transport) => (transport === 'stdio' ? 'stdio' : transport.toUpperCase()))
    .join(', ');
}

/** The add form's fill: the entry under the suggested name, with the inputs it asks for. */
function prefillOf(
  server: RegistryServer,
  entry: NonNullable<RegistryServer['entry']>,
): Omit<AddFormPrefill, 'id'> {
  const inputs = server.inputs.map(({ name, description, isRequired, isSecret, reference }) => ({
    name,
    ...(description !== undefined && { description }),
    isRequired,
    isSecret,
    reference,
  }));
  const common = { source: server.name, inputs };
  if (entry.transport === 'stdio') {
    const added = server.registryArguments;
    return {
      ...common,
      ...(added !== undefined && { registryArguments: { runner: entry.command, ...added } }),
      server: {
        name: server.suggestedName,
        transport: 'stdio',
        command: entry.command,
        args: entry.args,
        env: Object.entries(entry.env ?? {}),
      },
    };
  }
  return {
    ...common,
    server: {
      name: server.suggestedName,
      transport: entry.transport,
      url: entry.url,
      headers: Object.entries(entry.headers ?? {}),
    },
  };
}
