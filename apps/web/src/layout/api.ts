/** The layout's calls to the server. */
import { trpc } from '../trpc';

/** The CLI, the session, the default project and a managed config: what the panel starts from. */
export function useSystemInfo() {
  return trpc.system.info.useQuery();
}

/** The projects `.claude.json` knows. */
export function useProjects() {
  return trpc.mcp.projects.useQuery();
}
