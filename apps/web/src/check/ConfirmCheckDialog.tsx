import type { ServerEntry } from '../trpc';
import { Dialog } from '../ui/Dialog';
import { findRow } from '../ui/find-row';
import './check.css';

interface ConfirmCheckDialogProps {
  server: ServerEntry;
  onClose: () => void;
  onConfirm: () => void;
}

/** Before a check runs what a repository file says to run: exactly that command and its arguments. */
export function ConfirmCheckDialog({ server, onClose, onConfirm }: ConfirmCheckDialogProps) {
  const args = server.args ?? [];
  // The Check button that led here was busy when the dialog opened, so the browser has no element
  // to give focus back to: Cancel and Escape put it back on that button.
  const cancel = () => {
    onClose();
    requestAnimationFrame(() => {
      findRow(server)
        ?.querySelector<HTMLElement>(`button[aria-label="${CSS.escape(`Check ${server.name}`)}"]`)
        ?.focus();
    });
  };
  return (
    <Dialog title={`Check ${server.name}?`} onClose={cancel}>
      <p>
        This server comes from <code className="path">{server.source}</code> and{' '}
        {server.approval === 'rejected' ? 'was rejected' : 'is not approved'} in this project. Checking it{' '}
        {server.command === undefined ? 'connects to this URL:' : 'runs this command on your machine:'}
      </p>
      {server.command === undefined ? (
        <p>
          <code className="exact">{server.url}</code>
        </p>
      ) : (
        <dl className="command-line">
          <dt>Command</dt>
          <dd>
            <code className="exact">{server.command}</code>
          </dd>
          {args.length > 0 && (
            <>
              <dt>Arguments</dt>
              <dd>
                <ol>
                  {args.map((arg, index) => (
                    // The same argument may come twice: its place is what tells it apart.
                    <li key={index}>
                      {arg === '' ? <em>(empty)</em> : <code className="exact">{arg}</code>}
                    </li>
                  ))}
                </ol>
              </dd>
            </>
          )}
        </dl>
      )}
      <div className="dialog-actions">
        <button type="button" className="secondary" onClick={cancel}>
          Cancel
        </button>
        <button type="button" className="primary" onClick={onConfirm}>
          Run and check
        </button>
      </div>
    </Dialog>
  );
}
