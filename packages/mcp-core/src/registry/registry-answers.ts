/**
 * The registry's answers as this product reads them (server.json of the MCP registry, API v0.1):
 * only the fields it uses, each typed and bounded, unknown fields ignored. An answer that breaks
 * these is refused whole (registry-client.ts names the field), never half used.
 */
import { z } from 'zod';

/** Bounds on one answer beyond its byte cap: a page of servers, a server's lists, one string. */
export const REGISTRY_ANSWER_LIMITS = {
  serversPerPage: 100,
  listItems: 50,
  text: 4000,
  url: 2048,
} as const;

const text = (max: number = REGISTRY_ANSWER_LIMITS.text) => z.string().max(max);
const list = <Item extends z.ZodType>(item: Item) => z.array(item).max(REGISTRY_ANSWER_LIMITS.listItems);

/** One value the user may give: a URL or argument variable, an env var, a header. */
const inputFields = {
  description: text().optional(),
  isRequired: z.boolean().optional(),
  isSecret: z.boolean().optional(),
  default: text().optional(),
  value: text().optional(),
  choices: list(text()).optional(),
  format: text(100).optional(),
};

const variableSchema = z.object(inputFields);
const variablesSchema = z
  .record(text(100), variableSchema)
  .refine((variables) => Object.keys(variables).length <= REGISTRY_ANSWER_LIMITS.listItems, {
    error: `at most ${REGISTRY_ANSWER_LIMITS.listItems} variables`,
  });

export const keyValueInputSchema = z.object({
  name: text(200),
  ...inputFields,
  variables: variablesSchema.optional(),
});

export const argumentSchema = z.object({
  type: z.enum(['positional', 'named']),
  name: text(200).optional(),
  valueHint: text(200).optional(),
  isRepeated: z.boolean().optional(),
  ...inputFields,
  variables: variablesSchema.optional(),
});

export const packageSchema = z.object({
  registryType: text(50),
  identifier: text(500),
  version: text(100).optional(),
  runtimeHint: text(100).optional(),
  transport: z.object({ type: text(50), url: text(REGISTRY_ANSWER_LIMITS.url).optional() }).optional(),
  runtimeArguments: list(argumentSchema).optional(),
  packageArguments: list(argumentSchema).optional(),
  environmentVariables: list(keyValueInputSchema).optional(),
});

export const remoteSchema = z.object({
  type: text(50),
  url: text(REGISTRY_ANSWER_LIMITS.url),
  headers: list(keyValueInputSchema).optional(),
  variables: variablesSchema.optional(),
});

export const registryServerSchema = z.object({
  name: text(200),
  title: text(200).optional(),
  description: text(),
  version: text(100),
  websiteUrl: text(REGISTRY_ANSWER_LIMITS.url).optional(),
  repository: z.object({ url: text(REGISTRY_ANSWER_LIMITS.url).optional() }).optional(),
  packages: list(packageSchema).optional(),
  remotes: list(remoteSchema).optional(),
});

const OFFICIAL_META = 'io.modelcontextprotocol.registry/official';

export const serverResponseSchema = z.object({
  server: registryServerSchema,
  _meta: z
    .object({
      [OFFICIAL_META]: z
        .object({
          status: text(50).optional(),
          statusMessage: text().optional(),
          isLatest: z.boolean().optional(),
        })
        .optional(),
    })
    .optional(),
});

export const serverListSchema = z.object({
  servers: z.array(serverResponseSchema).max(REGISTRY_ANSWER_LIMITS.serversPerPage),
  metadata: z.object({ nextCursor: text(1000).optional(), count: z.number().optional() }).optional(),
});

export type RegistryServer = z.infer<typeof registryServerSchema>;
export type RegistryPackage = z.infer<typeof packageSchema>;
export type RegistryRemote = z.infer<typeof remoteSchema>;
export type RegistryArgument = z.infer<typeof argumentSchema>;
export type RegistryKeyValueInput = z.infer<typeof keyValueInputSchema>;
export type RegistryVariable = z.infer<typeof variableSchema>;
export type ServerResponse = z.infer<typeof serverResponseSchema>;

/** The registry's word on a version: deleted ones are never shown, deprecated ones are marked. */
export type RegistryStatus = 'active' | 'deprecated' | 'deleted';

export function officialStatus(response: ServerResponse): { status: RegistryStatus; statusMessage?: string } {
  const meta = response._meta?.[OFFICIAL_META];
  // A status this product does not know is read as active: it says nothing against using it.
  const status = meta?.status === 'deprecated' || meta?.status === 'deleted' ? meta.status : 'active';
  return meta?.statusMessage === undefined ? { status } : { status, statusMessage: meta.statusMessage };
}
