/**
 * "Move secrets to the keychain" for one user or local server, with a preview of what changes:
 * which values leave `.claude.json` and what Claude Code will run instead (mcp.secretsToKeychain).
 */
import { Dialog } from '../ui/Dialog';
import { ErrorAlert } from '../ui/ErrorAlert';
import type { WritableServer } from '../rows';
import { useMoveSecretsToKeychain } from './api';
import { losesSignIn, SIGN_IN_AGAIN } from './move-all-secrets';

interface MoveSecretsDialogProps {
  server: WritableServer;
  projectPath: string;
  backend: string | undefined;
  onClose: () => void;
}

/** The names of the values the keychain would keep: env of a stdio server, headers of a remote one. */
export function clearSecretNames(server: WritableServer): string[] {
  if (server.keychain !== undefined) return [];
  const values = server.transport === 'stdio' ? server.env : server.headers;
  // A value that is only a ${VAR} reference is no secret held here (the core keeps it in the config too).
  return Object.entries(values ?? {})
    .filter(([, value]) => value !== '' && !/\$\{[A-Za-z_]/.test(value))
    .map(([name]) => name);
}

export function MoveSecretsDialog({ server, projectPath, backend, onClose }: MoveSecretsDialogProps) {
  const move = useMoveSecretsToKeychain(onClose);
  const names = clearSecretNames(server);
  return (
    <Dialog title={`Move secrets of ${server.name} to the keychain?`} onClose={onClose}>
      <p>
        {names.join(', ')} will be stored in {backend ?? 'the keychain'} and removed from{' '}
        <code className="path">{server.source}</code>.{' '}
        {server.transport === 'stdio'
          ? "Claude Code will start the server through MCP Admin's keychain launcher, which sets them and runs the same command."
          : "Claude Code will get the headers from MCP Admin's keychain launcher, as the entry's headersHelper."}{' '}
        The change is recorded: undo it in History.
      </p>
      {losesSignIn(server) && (
        <p className="note warn">
          {server.name} is signed in: the move removes it from Claude Code and adds it back, which makes
          Claude Code forget the sign-in, so {SIGN_IN_AGAIN}.
        </p>
      )}
      {move.error !== null && <ErrorAlert message={move.error.message} />}
      <div className="dialog-actions">
        <button type="button" className="secondary" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="primary"
          disabled={move.isPending}
          onClick={() => {
            if (server.scope === 'project') return;
            move.mutate({ name: server.name, scope: server.scope, projectPath });
          }}
        >
          Move to the keychain
        </button>
      </div>
    </Dialog>
  );
}
