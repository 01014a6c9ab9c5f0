import type { ContextCost } from '../trpc';
import { useCheckServers } from './api';
import { costSummary } from './cost-summary';

/**
 * "≈ 11,000 tokens from 4 checked servers; 26 loaded servers not checked yet — Check them": the
 * total never hides what it leaves out, and `Check them` checks those servers here.
 */
export function CostTotal({ cost, projectPath }: { cost: ContextCost; projectPath: string }) {
  const summary = costSummary(cost);
  const checking = useCheckServers(projectPath);
  const checkable = summary.unchecked.filter(checking.checkable);
  return (
    <div className="cost-total">
      <p>
        Claude Code loads <strong>{summary.counted}</strong>
        {summary.leftOut.length > 0 && `; ${summary.leftOut.join('; ')}`}
        {checkable.length > 0 && checking.progress === null && ' — '}
        {checkable.length > 0 && checking.progress === null && (
          <button
            type="button"
            className="secondary small"
            onClick={() => {
              void checking.run(checkable);
            }}
          >
            Check them
          </button>
        )}
      </p>
      <p role="status" className="hint">
        {checking.progress !== null &&
          `Checking ${String(checking.progress.of)} servers: ${String(checking.progress.done)} done.`}
      </p>
    </div>
  );
}
