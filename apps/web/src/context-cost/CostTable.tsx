import { useId } from 'react';
import { scopeLabel } from '../scopes';
import { sheetHref } from '../servers';
import type { ContextCost } from '../trpc';
import { ErrorAlert } from '../ui/ErrorAlert';
import { findRow } from '../ui/find-row';
import { focusOnceDrawn, goToView } from '../ui/view-url';
import { turnsOffInProject, useTurnOffInProject } from './api';
import { formatTokens } from './cost-lines';
import { costState, lastCheckWords } from './cost-summary';

type ServerCost = ContextCost['servers'][number];

/** One line a server: its name, its tools, its tokens, and what turning it off here takes. */
export function CostTable({ cost, projectPath }: { cost: ContextCost; projectPath: string }) {
  const turnOff = useTurnOffInProject(projectPath);
  return (
    <>
      {turnOff.error !== null && <ErrorAlert message={turnOff.error.message} />}
      <table className="cost-table" aria-label="Servers by cost">
        <thead>
          <tr>
            <th scope="col">Server</th>
            <th scope="col" className="number">
              Tools
            </th>
            <th scope="col" className="number">
              Tokens
            </th>
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {cost.servers.map((server) => (
            <CostRow
              key={`${server.scope}:${server.source ?? ''}:${server.name}`}
              server={server}
              projectPath={projectPath}
              turningOff={turnOff.isPending && turnOff.variables === server}
              onTurnOff={() => {
                turnOff.mutate(server);
              }}
            />
          ))}
        </tbody>
      </table>
    </>
  );
}

function CostRow({
  server,
  projectPath,
  turningOff,
  onTurnOff,
}: {
  server: ServerCost;
  projectPath: string;
  turningOff: boolean;
  onTurnOff: () => void;
}) {
  const nameId = useId();
  const state = costState(server);
  const known = server.tokens !== null;
  return (
    <tr>
      <th scope="row" id={nameId}>
        {server.name} <span className="muted">{scopeLabel(server.scope)}</span>
      </th>
      <td className="number">
        {/* Its sheet, opened at its tools: where a costly tool can be denied. */}
        <a
          className="cost-tools-link"
          href={sheetHref(server, projectPath, 'tools')}
          aria-label={`Tools of ${server.name}`}
        >
          {known ? String(server.tools) : '—'}
        </a>
      </td>
      <td className="number">{known ? `≈ ${formatTokens(server.tokens ?? 0)}` : '—'}</td>
      <td>
        {state === 'unchecked' && <span className="muted">Not checked yet</span>}
        {state === 'failed' && (
          <span className="cost-failed">{lastCheckWords(server.checkStatus)}: tools not counted</span>
        )}
        {state === 'not-loaded' && <span className="muted">Not loaded in this project: costs nothing</span>}
        {state === 'counted' && (server.tokens ?? 0) > 0 && (
          <TurnOff server={server} nameId={nameId} busy={turningOff} onTurnOff={onTurnOff} />
        )}
      </td>
    </tr>
  );
}

/**
 * The advice does what it says: `Turn off in this project` turns it off here; a project-shared
 * entry has only its own switch, so its button goes to that switch. Named by the row's server.
 */
function TurnOff({
  server,
  nameId,
  busy,
  onTurnOff,
}: {
  server: ServerCost;
  nameId: string;
  busy: boolean;
  onTurnOff: () => void;
}) {
  if (!turnsOffInProject(server)) {
    return (
      <button
        type="button"
        className="secondary small"
        aria-describedby={nameId}
        onClick={() => {
          focusSwitchOf(server);
        }}
      >
        Go to its switch
      </button>
    );
  }
  return (
    <button
      type="button"
      className="secondary small"
      aria-describedby={nameId}
      aria-busy={busy}
      onClick={() => {
        // Busy, it stays focusable (never disable the focused control); a second click does nothing.
        if (!busy) onTurnOff();
      }}
    >
      {busy ? 'Turning off…' : 'Turn off in this project'}
    </button>
  );
}

/** Shows the Servers view and moves focus to the row's `Enabled <name>` switch. */
function focusSwitchOf(server: ServerCost) {
  goToView('servers');
  focusOnceDrawn(() => {
    const row = findRow(server);
    if (row === null) return null;
    return (
      row.querySelector<HTMLElement>(
        `[role="switch"][aria-label="${CSS.escape(`Enabled ${server.name}`)}"]`,
      ) ?? row
    );
  });
}
