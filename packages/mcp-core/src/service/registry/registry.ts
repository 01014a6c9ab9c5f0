/**
 * `registrySearch` and `registryServer`: the MCP registry, read through one client (so its cache is
 * shared) whose runners are looked up on the PATH Claude Code starts servers with. Nothing here
 * changes anything: adding a found server is an ordinary `add`.
 */
import { createRegistryClient, runnerLookup } from '../../registry';
import { registrySearchInputSchema, registryServerInputSchema } from '../../schemas';
import type { EngineContext } from '../engine';

import type { McpAdmin } from '../contract';

export function createRegistryReads(
  context: Pick<EngineContext, 'settings'>,
  registryUrl: string,
): Pick<McpAdmin, 'registrySearch' | 'registryServer'> {
  const client = createRegistryClient({
    baseUrl: registryUrl,
    runnerExists: runnerLookup(context.settings.spawnEnv.PATH ?? ''),
  });
  return {
    registrySearch: async (input) => client.search(registrySearchInputSchema.parse(input)),
    registryServer: async (input) => client.server(registryServerInputSchema.parse(input)),
  };
}
