import { useId } from 'react';
import { scopeLabel } from '../scopes';
import type { ContextCost } from '../trpc';
import { useContextCost, useFreshAfterList } from './api';
import { ErrorAlert } from '../ui/ErrorAlert';
import { findRow } from '../ui/find-row';
import { focusOnceDrawn, goToView } from '../ui/view-url';
import { CONTEXT_WINDOW_TOKENS, costLines, formatTokens, windowShare } from './cost-lines';
import './context-cost.css';

type ServerCost = ContextCost['servers'][number];

/**
 * What the project's MCP servers cost in Claude Code's context, most costly first, from each
 * entry's last check: the total Claude Code loads against the lines that matter, and for each
 * loaded server what turning it off saves, one click from its switch.
 */
export function ContextCostRegion({ projectPath }: { projectPath: string }) {
  const headingId = useId();
  const cost = useContextCost(projectPath);
  useFreshAfterList();
  return (
    <section className="card context-cost" aria-labelledby={headingId}>
      <h2 id={headingId}>Context cost</h2>
      {cost.error !== null && <ErrorAlert message={cost.error.message} />}
      {cost.data !== undefined && <CostView cost={cost.data} />}
    </section>
  );
}

/** Every figure is an estimate (`method`): each is marked "≈", and the note says how it is made. */
function CostView({ cost }: { cost: ContextCost }) {
  if (cost.servers.length === 0) return <p className="hint">No MCP servers in this project.</p>;
  return (
    <>
      <p className="cost-total">
        Claude Code loads ≈ <strong>{formatTokens(cost.total)} tokens</strong> of MCP tool definitions in this
        project (estimate): {windowShare(cost.total)}% of a {formatTokens(CONTEXT_WINDOW_TOKENS)}-token
        context window.
      </p>
      <ul className="cost-lines" aria-label="Cost against Claude Code's limits">
        {costLines(cost.total).map((line) => (
          <li key={line.text} className={line.passed ? 'passed' : undefined}>
            {line.text}
          </li>
        ))}
      </ul>
      <p className="hint">
        Estimated from each checked tool&apos;s definition (name, description, input schema), about 3
        characters a token. Check a server to count it.
      </p>
      <ol className="cost-list" aria-label="Servers by cost">
        {cost.servers.map((server) => (
          <li key={`${server.scope}:${server.source ?? ''}:${server.name}`}>
            <ServerCostItem server={server} />
          </li>
        ))}
      </ol>
    </>
  );
}

function ServerCostItem({ server }: { server: ServerCost }) {
  return (
    <>
      <p className="cost-name">
        <strong>{server.name}</strong> <span className="muted">{scopeLabel(server.scope)}</span>
        <span className="cost-tokens">
          {server.tokens === null
            ? server.checkedAt === null
              ? 'Not checked yet'
              : 'No tools in its last check'
            : `≈ ${formatTokens(server.tokens)} tokens, ${String(server.tools)} tool${server.tools === 1 ? '' : 's'}`}
        </span>
      </p>
      {!server.loads && <p className="hint">Not loaded in this project: costs nothing.</p>}
      {server.loads && server.tokens !== null && server.tokens > 0 && (
        <button
          type="button"
          className="secondary small"
          onClick={() => {
            focusSwitchOf(server);
          }}
        >
          Turning {server.name} off saves ≈ {formatTokens(server.tokens)} tokens
        </button>
      )}
    </>
  );
}

/**
 * Shows the Servers view and moves focus to the row's switch: `Enabled <name>`, else (read-only
 * rows) `In this project <name>`.
 */
function focusSwitchOf(server: ServerCost) {
  goToView('servers');
  focusOnceDrawn(() => {
    const row = findRow(server);
    if (row === null) return null;
    const switches = [`Enabled ${server.name}`, `In this project ${server.name}`].map((label) =>
      row.querySelector<HTMLElement>(`[role="switch"][aria-label="${CSS.escape(label)}"]`),
    );
    return switches.find((element) => element !== null) ?? row;
  });
}
