import type { RouterOutputs } from '@mcp-admin/api';
import { useId } from 'react';
import { useImportSources } from './api';

type ImportSource = RouterOutputs['mcp']['importSources'][number];

interface ImportSourceListProps {
  /** Disabled while a source is being loaded. */
  loading: boolean;
  onLoad: (source: ImportSource) => void;
}

/** The documents the server found (Claude Desktop, known projects), each loadable into the text box. */
export function ImportSourceList({ loading, onLoad }: ImportSourceListProps) {
  const headingId = useId();
  const sources = useImportSources();
  return (
    <section className="import-sources" aria-labelledby={headingId}>
      <h3 id={headingId}>Found on this machine</h3>
      {sources.isPending && <p className="status">Looking for Claude Desktop and project files…</p>}
      {sources.error !== null && <p className="field-error">{sources.error.message}</p>}
      {sources.data?.length === 0 && (
        <p className="status">No Claude Desktop config or project .mcp.json found.</p>
      )}
      {sources.data !== undefined && sources.data.length > 0 && (
        <ul className="source-list">
          {sources.data.map((source) => (
            <li key={source.path}>
              <div className="source-text">
                <span className="source-label">{source.label}</span>
                <code className="path muted">{source.path}</code>
                {source.error === undefined ? (
                  <span className="hint">
                    {source.servers.length === 0 ? 'No servers' : source.servers.join(', ')}
                  </span>
                ) : (
                  <span className="field-error">{source.error}</span>
                )}
              </div>
              <button
                type="button"
                className="secondary small"
                aria-label={`Load ${source.label}`}
                disabled={loading || source.error !== undefined || source.servers.length === 0}
                onClick={() => {
                  onLoad(source);
                }}
              >
                Load
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
