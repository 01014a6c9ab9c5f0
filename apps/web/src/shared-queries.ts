/**
 * The reads several features show: the server list and the history. One hook each, so every
 * feature asks with the same query (and shares its cache).
 */
import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from './trpc';

/**
 * The servers Claude Code sees from `projectPath`; `keepPrevious` keeps showing the current rows
 * while another list (revealed, another project) loads.
 */
export function useServerList(
  projectPath: string,
  { reveal = false, keepPrevious = false, enabled = true } = {},
) {
  return trpc.mcp.list.useQuery(
    { projectPath, reveal },
    { enabled, ...(keepPrevious ? { placeholderData: keepPreviousData } : {}) },
  );
}

/** The newest `limit` changes made in the panel, newest first. */
export function useHistory(limit: number) {
  return trpc.mcp.history.useQuery({ limit });
}

/**
 * `mcp.contextCost`, for the last check kept of each entry (Context cost asks the same query).
 * Asked once the rows show: in the list's batch it would hold them back.
 */
export function useKeptChecks(projectPath: string) {
  return trpc.mcp.contextCost.useQuery({ projectPath });
}
