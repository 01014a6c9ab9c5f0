/** Inputs of the procedures on the MCP registry: `mcp.registrySearch`, `mcp.registryServer`. */
import type { z } from 'zod';
import { inputObject, LIMITS, stringMap, text } from './field-rules';

// The registry's own rule for names: reverse-DNS namespace, a slash, then the server's name.
const REGISTRY_NAME = /^[A-Za-z0-9.-]+\/[A-Za-z0-9._-]+$/;

export const registryNameSchema = text('name', 200).regex(REGISTRY_NAME, {
  error: 'name must be a registry name like io.github.owner/server',
});

export const registrySearchInputSchema = inputObject({
  query: text('query', 200),
  /** The registry's own `nextCursor` from the previous page, handed back untouched. */
  cursor: text('cursor', 1000).optional(),
});

export const registryServerInputSchema = inputObject({
  name: registryNameSchema,
  /** A published version; the latest one when not given. */
  version: text('version', 100)
    .regex(/^[A-Za-z0-9][A-Za-z0-9.+_-]*$/, { error: 'version may only contain letters, digits and .+_-' })
    .optional(),
  /** Values of the server's inputs, by input name; a secret input given none is a `${VAR}` reference. */
  values: stringMap('values', text('input name', LIMITS.name), text('input value')).optional(),
});

export type RegistrySearchInput = z.infer<typeof registrySearchInputSchema>;
export type RegistryServerInput = z.infer<typeof registryServerInputSchema>;
