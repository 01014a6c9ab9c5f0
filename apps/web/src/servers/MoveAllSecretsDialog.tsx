/**
 * "Move all secrets to the keychain": a preview of every user and local server holding a secret in
 * clear and what of each moves, then mcp.secretsToKeychain for each in turn (the changes queue one by
 * one anyway), each server's outcome shown as it arrives. Each move is its own recorded change:
 * History undoes any of them.
 */
import { useState } from 'react';
import { Dialog } from '../ui/Dialog';
import { ErrorAlert } from '../ui/ErrorAlert';
import { useUndoChange } from '../undo-change';
import { useFindSecretsMove, useMoveAllSecretsToKeychain } from './api';
import { moveSummary, moveWords, type MoveOutcome, type SecretsToMove } from './move-all-secrets';

interface MoveAllSecretsDialogProps {
  moves: readonly SecretsToMove[];
  projectPath: string;
  backend: string | undefined;
  onClose: () => void;
}

export function MoveAllSecretsDialog({ moves, projectPath, backend, onClose }: MoveAllSecretsDialogProps) {
  const moveAll = useMoveAllSecretsToKeychain();
  // Fixed when the dialog opens: the list refreshing under a run changes nothing it shows.
  const [planned] = useState(moves);
  const [outcomes, setOutcomes] = useState<MoveOutcome[] | null>(null);
  const running = outcomes !== null && outcomes.length < planned.length;

  const findMove = useFindSecretsMove();
  const { undo, ask, confirmation } = useUndoChange();
  const [undoError, setUndoError] = useState<string | null>(null);
  const undoMove = async (name: string, scope: string) => {
    setUndoError(null);
    undo.reset();
    try {
      const change = await findMove(name, scope);
      if (change === undefined)
        setUndoError(`The move of ${name} can no longer be undone from here: History lists what can.`);
      else ask(change);
    } catch (error) {
      setUndoError(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Dialog title="Move all secrets to the keychain?" onClose={onClose} size="wide">
      <p>
        The values below will be stored in {backend ?? 'the keychain'} and removed from the config; Claude
        Code will get them through MCP Admin&apos;s keychain launcher. Each server&apos;s move is a recorded
        change: undo any of them in History.
      </p>
      <div className="table-wrap">
        <table className="import-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Scope</th>
              <th scope="col">Moves</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {planned.map((move, index) => {
              const { server } = move;
              // Run in the preview's order: the index-th outcome is this server's.
              const outcome = outcomes?.[index];
              return (
                <tr key={`${server.scope}:${server.name}`}>
                  <th scope="row" className="name-cell">
                    {server.name}
                  </th>
                  <td>{server.scope}</td>
                  <td>{moveWords(move)}</td>
                  <td className="import-outcome">
                    {outcome === undefined ? (
                      outcomes === null ? (
                        'Will move'
                      ) : (
                        'Waiting'
                      )
                    ) : outcome.ok ? (
                      <>
                        <span className="note ok">Moved</span>{' '}
                        <button
                          type="button"
                          className="secondary small"
                          aria-label={`Undo moving secrets of ${server.name}`}
                          disabled={undo.isPending}
                          onClick={() => {
                            void undoMove(server.name, server.scope);
                          }}
                        >
                          Undo
                        </button>
                      </>
                    ) : (
                      <span className="note warn">Failed: {outcome.error}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {(undoError ?? undo.error?.message) !== undefined && (
        <ErrorAlert message={undoError ?? undo.error?.message ?? ''} />
      )}
      {confirmation}
      <p role="status" className="status">
        {outcomes !== null && !running && moveSummary(outcomes)}
      </p>
      <div className="dialog-actions">
        <button type="button" className="secondary" onClick={onClose}>
          {outcomes === null ? 'Cancel' : 'Close'}
        </button>
        {outcomes === null && (
          <button
            type="button"
            className="primary"
            onClick={() => {
              setOutcomes([]);
              void moveAll(
                planned.map(({ server }) => server),
                projectPath,
                setOutcomes,
              );
            }}
          >
            Move all to the keychain
          </button>
        )}
      </div>
    </Dialog>
  );
}
