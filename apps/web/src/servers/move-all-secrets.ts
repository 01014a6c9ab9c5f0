/**
 * "Move all secrets to the keychain": which servers of the list hold a secret in clear, what moves
 * of each, and the words of each server's outcome once its mcp.secretsToKeychain answered.
 */
import { isWritable, type WritableServer } from '../rows';
import type { ServerEntry } from '../trpc';
import { clearSecretNames } from './MoveSecretsDialog';

/** One server the move takes: its user or local entry and the env or header names that leave the config. */
export interface SecretsToMove {
  server: WritableServer & { scope: 'user' | 'local' };
  names: string[];
  /** Signed in: the move removes it and adds it back, and Claude Code's remove forgets the sign-in. */
  signInLost: boolean;
}

/** What a preview says of a signed-in server's move. */
export const SIGN_IN_AGAIN = 'you will need to sign in again';

/** Whether moving `server`'s secrets costs its sign-in (the core's answer then warns too). */
export function losesSignIn(server: Pick<WritableServer, 'auth'>): boolean {
  return server.auth === 'signed-in';
}

/** A preview's words for one server: the names that move, and the sign-in it costs. */
export function moveWords({ names, signInLost }: Pick<SecretsToMove, 'names' | 'signInLost'>): string {
  return signInLost ? `${names.join(', ')} (${SIGN_IN_AGAIN})` : names.join(', ');
}

/** The outcome of one server's move: moved, or the error that left it as it was. */
export type MoveOutcome =
  { name: string; ok: true; message: string } | { name: string; ok: false; error: string };

const isKeepable = (server: ServerEntry): server is SecretsToMove['server'] =>
  isWritable(server) && (server.scope === 'user' || server.scope === 'local');

/**
 * The user and local servers holding a secret in clear, in list order: a project's `.mcp.json` is
 * shared and keeps `${VAR}` references, and a server already kept has nothing left to move.
 */
export function secretsToMove(servers: readonly ServerEntry[]): SecretsToMove[] {
  return servers.filter(isKeepable).flatMap((server) => {
    const names = clearSecretNames(server);
    return names.length > 0 ? [{ server, names, signInLost: losesSignIn(server) }] : [];
  });
}

/** A finished run's one-line summary. */
export function moveSummary(outcomes: readonly MoveOutcome[]): string {
  const moved = outcomes.filter((outcome) => outcome.ok).length;
  const failed = outcomes.length - moved;
  return `Moved ${moved} of ${outcomes.length} ${outcomes.length === 1 ? 'server' : 'servers'}${failed > 0 ? `, ${failed} failed` : ''}.`;
}
