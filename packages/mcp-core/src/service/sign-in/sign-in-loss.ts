/**
 * Turning a signed-in remote server off for good signs the user out of it: `claude mcp remove`
 * also clears the server's OAuth tokens from Claude Code's store (read in the pinned CLI 2.1.332:
 * its remove calls `clearServerTokensFromLocalStorage` for http and sse entries; tested in
 * packages/mcp-core/test/login/remove-drops-sign-in.test.ts). MCP Admin never writes that store,
 * so the sign-in cannot be kept: the answer of the switch (`mcp.disable`, a profile applied) or of
 * the edit (`mcp.update`: remove, then add-json) says it was lost (the panel says so before).
 */
import { credentialKey, readStoredTokens } from '../../config';
import type { Server } from '../../config';
import type { MutationResult } from '../engine';

export interface SignInLossDependencies {
  credentialsPath: string | undefined;
  /** The listed entry the switch turns off, secrets revealed (the token's key is over them). */
  listedEntry: () => Promise<Server | undefined>;
}

/** The key of the sign-in a switch may drop, when the server is signed in now. */
export async function signInAtRisk({ credentialsPath, listedEntry }: SignInLossDependencies) {
  if (credentialsPath === undefined) return undefined;
  const server = await listedEntry();
  return server?.auth === 'signed-in' ? credentialKey(server) : undefined;
}

/**
 * How the sign-in went: the switch off removed the server, an edit removed it and added it back,
 * or a move of its secrets to or from the keychain did.
 */
export type SignInLossCause = 'switch' | 'edit' | 'move';

/** `result` with a warning when the sign-in stored under `key` is gone after the switch or edit. */
export async function withSignInLoss(
  result: MutationResult,
  credentialsPath: string | undefined,
  name: string,
  key: string | undefined,
  cause: SignInLossCause = 'switch',
): Promise<MutationResult> {
  if (key === undefined || credentialsPath === undefined) return result;
  const tokens = await readStoredTokens(credentialsPath, []);
  if (tokens === undefined || tokens.has(key)) return result;
  const lost =
    cause === 'switch'
      ? `Claude Code forgot the sign-in of "${name}" when it was removed: sign in again after turning it back on.`
      : `Claude Code forgot the sign-in of "${name}" when the ${cause} removed it and added it back: sign in again.`;
  return { ...result, warning: result.warning === undefined ? lost : `${result.warning}\n${lost}` };
}
