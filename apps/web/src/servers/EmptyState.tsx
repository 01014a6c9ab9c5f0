import { SCOPES } from '../scopes';
import './empty-state.css';

/** Shown instead of the table: what a scope is, so the first add lands where it should. */
export function EmptyState() {
  return (
    <div className="empty-state">
      <p className="empty-title">No MCP servers for this project yet.</p>
      <p>Claude Code reads servers from three scopes; add one with the form.</p>
      <dl className="scope-list">
        {SCOPES.map(({ scope, label, help }) => (
          <div key={scope}>
            <dt>{label}</dt>
            <dd>{help}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
