/** Discover's calls to the server: the MCP registry, read through it (the panel never reaches it). */
import { trpc } from '../trpc';
import type { RouterOutputs } from '@mcp-admin/api';

export type RegistryResult = RouterOutputs['mcp']['registrySearch']['servers'][number];
export type RegistryServer = RouterOutputs['mcp']['registryServer'];

/**
 * One page of results (the registry's first page for an empty query). A request whose answer is no
 * longer wanted (the user typed on) is cancelled: its query has no observer left and takes the signal.
 */
export function useRegistrySearch(search: { query: string; cursor?: string }) {
  return trpc.mcp.registrySearch.useQuery(search, {
    // The server keeps the registry's answers for minutes; a failure is shown, not retried.
    retry: false,
    staleTime: 60_000,
    trpc: { abortOnUnmount: true },
  });
}

/**
 * Fetches one server's entry when asked (an `Add` click), from the query cache when it has it;
 * with `values`, the entry with those values of its inputs.
 */
export function useFetchRegistryServer(): (
  name: string,
  values?: Readonly<Record<string, string>>,
) => Promise<RegistryServer> {
  const utils = trpc.useUtils();
  return (name, values) =>
    utils.mcp.registryServer.fetch(
      { name, ...(values !== undefined && { values: { ...values } }) },
      { retry: false, staleTime: 60_000 },
    );
}
