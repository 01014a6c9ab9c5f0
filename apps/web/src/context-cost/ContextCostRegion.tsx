import { useId } from 'react';
import type { ContextCost } from '../trpc';
import { useContextCost, useFreshAfterList } from './api';
import { ErrorAlert } from '../ui/ErrorAlert';
import { viewHref } from '../ui/view-url';
import { CONTEXT_WINDOW_TOKENS, costLines, formatTokens, windowShare } from './cost-lines';
import { CostTable } from './CostTable';
import { CostTotal } from './CostTotal';
import './context-cost.css';

/**
 * What the project's MCP servers cost in Claude Code's context, most costly first, from each
 * entry's last check: the total with what it leaves out, against the lines that matter, and a
 * table with, for each loaded server, the action that saves its cost.
 */
export function ContextCostRegion({ projectPath }: { projectPath: string }) {
  const headingId = useId();
  const cost = useContextCost(projectPath);
  useFreshAfterList();
  return (
    <section className="card context-cost" aria-labelledby={headingId}>
      <h2 id={headingId}>Context cost</h2>
      {cost.error !== null && <ErrorAlert message={cost.error.message} />}
      {cost.data !== undefined && <CostView cost={cost.data} projectPath={projectPath} />}
    </section>
  );
}

/** Every figure is an estimate (`method`): each is marked "≈", and the note says how it is made. */
function CostView({ cost, projectPath }: { cost: ContextCost; projectPath: string }) {
  if (cost.servers.length === 0) {
    return (
      <p className="hint">
        Shows what each MCP server costs in Claude Code&apos;s context, from its last check. No MCP servers in
        this project yet: <a href={viewHref('servers')}>add a server</a> or{' '}
        <a href={viewHref('discover')}>browse the MCP registry</a>.
      </p>
    );
  }
  return (
    <>
      <CostTotal cost={cost} projectPath={projectPath} />
      <p className="cost-window">
        {windowShare(cost.total)}% of a {formatTokens(CONTEXT_WINDOW_TOKENS)}-token context window.
      </p>
      <ul className="cost-lines" aria-label="Cost against Claude Code's limits">
        {costLines(cost.total).map((line) => (
          <li key={line.text} className={line.passed ? 'passed' : undefined}>
            {line.text}
          </li>
        ))}
      </ul>
      <CostTable cost={cost} projectPath={projectPath} />
      <p className="hint">
        Estimated from each checked tool&apos;s definition (name, description, input schema), about 3
        characters a token.
      </p>
    </>
  );
}
