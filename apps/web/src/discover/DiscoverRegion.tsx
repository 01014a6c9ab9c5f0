import { useEffect, useId, useState, type SubmitEvent } from 'react';
import type { AddFormPrefill } from '../add-form';
import { useServerList } from '../shared-queries';
import { ErrorAlert } from '../ui/ErrorAlert';
import { useFetchRegistryServer, useRegistrySearch, type RegistryResult, type RegistryServer } from './api';
import './discover.css';

interface Search {
  query: string;
  /** The cursors of the pages before this one, to page back. */
  before: (string | undefined)[];
  cursor?: string;
}

/** How long typing pauses before the registry is asked: one request a word, not one a letter. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * Discover: the registry's servers listed on open and searched as you type, pages, and the add
 * form filled with a server's entry (`Add <name>`); nothing runs until that form is sent.
 */
export function DiscoverRegion({
  projectPath,
  locked,
  onAdd,
}: {
  projectPath: string;
  /** A managed config is in control: Claude Code takes no change, so nothing can be added. */
  locked: boolean;
  onAdd: (prefill: Omit<AddFormPrefill, 'id'>) => void;
}) {
  const headingId = useId();
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState<Search>({ query: '', before: [] });
  // Searched once typing pauses; a new query starts at its first page.
  useEffect(() => {
    const query = typed.trim();
    if (query === search.query) return;
    const timer = window.setTimeout(() => {
      setSearch({ query, before: [] });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [typed, search.query]);
  const results = useRegistrySearch({
    query: search.query,
    ...(search.cursor !== undefined && { cursor: search.cursor }),
  });
  const added = new Set(useServerList(projectPath).data?.servers.map((server) => server.name));
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
      else
        onAdd({
          ...prefillOf(server, server.entry),
          withValues: async (values) => {
            const filled = await fetchServer(result.name, values);
            if (filled.entry === null)
              throw new Error(filled.unavailable ?? `${filled.name} cannot be added here.`);
            const { server: entry, registryArguments } = prefillOf(filled, filled.entry);
            return { server: entry, ...(registryArguments !== undefined && { registryArguments }) };
          },
        });
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
      {/* Enter searches at once; otherwise the search follows the typing. */}
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
      </form>
      {results.error !== null && <ErrorAlert message={results.error.message} />}
      {addError !== null && <ErrorAlert message={addError} />}
      {results.isFetching && <p className="status">Searching…</p>}
      {results.data !== undefined && (
        <>
          {results.data.servers.length === 0 ? (
            <p className="hint">No server of the registry matches “{search.query}”.</p>
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
                      {added.has(result.addedAs) && <span className="note ok">Added</span>}
                      {result.needs.inputs && <span className="note">Needs inputs</span>}
                      {result.needs.secrets && <span className="note">Needs a secret</span>}
                      {result.repositoryUrl !== undefined && (
                        <a href={result.repositoryUrl} target="_blank" rel="noopener noreferrer">
                          Repository
                        </a>
                      )}
                      {result.homepageUrl !== undefined && (
                        <a href={result.homepageUrl} target="_blank" rel="noopener noreferrer">
                          Website
                        </a>
                      )}
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
              disabled={search.before.length === 0}
              onClick={() => {
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
              disabled={nextCursor === undefined}
              onClick={() => {
                if (nextCursor === undefined) return;
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
  const inputs = server.inputs.map((input) => ({
    name: input.name,
    ...(input.description !== undefined && { description: input.description }),
    isRequired: input.isRequired,
    isSecret: input.isSecret,
    ...(input.default !== undefined && { default: input.default }),
    ...(input.choices !== undefined && { choices: input.choices }),
    ...(input.format !== undefined && { format: input.format }),
    reference: input.reference,
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
