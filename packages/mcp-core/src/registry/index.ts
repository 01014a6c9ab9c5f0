/** The MCP registry: search, one server's entry, and how it maps to a Claude Code entry. */
export {
  createRegistryClient,
  DEFAULT_REGISTRY_URL,
  REGISTRY_LIMITS,
  suggestedNameFor,
} from './registry-client';
export type {
  RegistryClient,
  RegistryClientOptions,
  RegistrySearchResult,
  RegistryServerDetail,
  RegistrySummary,
} from './registry-client';
export { mapRegistryServer, RUNNERS } from './entry-mapping';
export type {
  EntryMapping,
  MappingOptions,
  RegistryArguments,
  RegistryEntry,
  RegistrySource,
} from './entry-mapping';
export { packageRefusal, runtimeArgumentsRefusal, RUNNER_OPTIONS } from './package-rules';
export type { RegistryInput } from './input-values';
export { registryServerSchema, serverListSchema, serverResponseSchema } from './registry-answers';
export type { RegistryServer } from './registry-answers';
export { runnerLookup } from './runners';
