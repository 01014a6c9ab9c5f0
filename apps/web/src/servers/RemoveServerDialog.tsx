import { Dialog } from '../ui/Dialog';
import { ErrorAlert } from '../ui/ErrorAlert';
import type { WritableServer } from '../rows';
import { useRemoveServer } from './api';

interface RemoveServerDialogProps {
  server: WritableServer;
  projectPath: string;
  onClose: () => void;
  onRemoved: () => void;
}

export function RemoveServerDialog({ server, projectPath, onClose, onRemoved }: RemoveServerDialogProps) {
  const remove = useRemoveServer(onRemoved);
  return (
    <Dialog title={`Remove ${server.name}?`} onClose={onClose}>
      <p>
        Claude Code will no longer load it. The CLI deletes its {server.scope}-scope entry from{' '}
        <code className="path">{server.source}</code>.
      </p>
      {remove.error !== null && <ErrorAlert message={remove.error.message} />}
      <div className="dialog-actions">
        <button type="button" className="secondary" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="danger"
          disabled={remove.isPending}
          onClick={() => {
            remove.mutate({ name: server.name, scope: server.scope, projectPath, source: server.source });
          }}
        >
          Remove
        </button>
      </div>
    </Dialog>
  );
}
