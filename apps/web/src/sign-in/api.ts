/** The sign-in feature's calls to the server. */
import type { WritableServer } from '../rows';
import { trpc } from '../trpc';

type LoginHandlers = Parameters<typeof trpc.mcp.login.useSubscription>[1];

/** `mcp.login` of one entry, running while mounted (unmounting cancels it: the server stops the CLI). */
export function useLogin(
  { name, scope, source }: WritableServer,
  projectPath: string,
  handlers: LoginHandlers,
) {
  trpc.mcp.login.useSubscription({ name, scope, projectPath, source }, handlers);
}

/** Hands the redirect URL pasted from another machine to the sign-in under way. */
export function useLoginPaste() {
  return trpc.mcp.loginPaste.useMutation();
}

/** Signs an entry out; the row's sign-in state is read again whether it worked or not. */
export function useLogout() {
  const utils = trpc.useUtils();
  return trpc.mcp.logout.useMutation({ onSettled: () => utils.mcp.list.invalidate() });
}

/** Reads the list again, for the row's new sign-in state once a sign-in ends. */
export function useRefreshList() {
  const utils = trpc.useUtils();
  return () => utils.mcp.list.invalidate();
}
