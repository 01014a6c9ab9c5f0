import { useState } from 'react';
import { SCOPES } from '../scopes';
import { ImportDialog, useImportSources } from '../transfer/lazy';
import { viewHref } from '../ui/view-url';
import './empty-state.css';

interface EmptyStateProps {
  projectPath: string;
  /** `Add a server`: the panel opens the New server sheet. */
  onAddServer: (() => void) | undefined;
}

/**
 * Shown instead of the table: the three ways to a first server (add one, browse the registry, import
 * Claude Desktop's when its config exists), and what a scope is, so the first add lands where it should.
 */
export function EmptyState({ projectPath, onAddServer }: EmptyStateProps) {
  const [importing, setImporting] = useState(false);
  const sources = useImportSources();
  const hasDesktop = sources.data?.some((source) => source.kind === 'desktop') === true;
  return (
    <div className="empty-state">
      <p className="empty-title">No MCP servers for this project yet.</p>
      <p>Add one by hand, find one in the MCP registry, or bring Claude Desktop&apos;s over.</p>
      <div className="empty-actions">
        {onAddServer !== undefined && (
          <button type="button" className="primary" onClick={onAddServer}>
            Add a server
          </button>
        )}
        <a className="button-link secondary" href={viewHref('discover')}>
          Browse the MCP registry
        </a>
        {hasDesktop && onAddServer !== undefined && (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setImporting(true);
            }}
          >
            Import from Claude Desktop
          </button>
        )}
      </div>
      <p>Claude Code reads servers from three scopes:</p>
      <dl className="scope-list">
        {SCOPES.map(({ scope, label, help }) => (
          <div key={scope}>
            <dt>{label}</dt>
            <dd>{help}</dd>
          </div>
        ))}
      </dl>
      {importing && (
        <ImportDialog
          projectPath={projectPath}
          onClose={() => {
            setImporting(false);
          }}
        />
      )}
    </div>
  );
}
