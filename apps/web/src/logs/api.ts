/** The logs feature's call to the server. */
import { trpc } from '../trpc';

/** Claude Code's logs of connecting to `name`; a failure is shown, not retried. */
export function useServerLogs(name: string, projectPath: string) {
  return trpc.mcp.logs.useQuery({ name, projectPath }, { retry: false });
}
