/**
 * The MCP registry (`/v0.1` of registry.modelcontextprotocol.io or any registry speaking it):
 * search and one server's entry, mapped to what Claude Code would store. Every answer is bounded
 * (time, bytes, count), validated before use and kept for `cacheTtlMs`; a registry that fails any
 * of that is a REGISTRY_UNAVAILABLE naming what it did, a server it does not have a NOT_FOUND.
 * Deleted servers are never shown; deprecated ones carry the registry's message.
 */
import type { z } from 'zod';
import { McpCoreError } from '../errors';
import { addServerInputSchema, describeIssues } from '../schemas';
import type { RegistrySearchInput, RegistryServerInput } from '../schemas';
import { createAnswerCache } from './answer-cache';
import { fetchJson, FetchFailure } from './bounded-fetch';
import { mapRegistryServer, packageRefusalOf } from './entry-mapping';
import type { RegistryArguments, RegistryEntry, RegistrySource } from './entry-mapping';
import type { RegistryInput } from './input-values';
import { officialStatus, serverListSchema, serverResponseSchema } from './registry-answers';
import type { ServerResponse } from './registry-answers';

/** The official registry, used unless the server is told another (`MCP_ADMIN_REGISTRY_URL`). */
export const DEFAULT_REGISTRY_URL = 'https://registry.modelcontextprotocol.io';

export const REGISTRY_LIMITS = {
  /** One answer, headers and body. */
  timeoutMs: 10_000,
  /** One answer's body. */
  maxBytes: 1024 * 1024,
  /** How long an answer is used again without asking. */
  cacheTtlMs: 5 * 60_000,
  cacheEntries: 200,
  /** Servers asked for per page. */
  pageSize: 20,
} as const;

export interface RegistrySummary {
  name: string;
  title?: string;
  description: string;
  version: string;
  status: 'active' | 'deprecated';
  /** The registry's reason for a deprecation. */
  statusMessage?: string;
  /** How Claude Code could reach it: `http`, `sse` for its remotes, `stdio` for its packages. */
  transports: string[];
  /** `Refused: why` when it has no remote and each of its stdio packages is refused: it cannot be added. */
  refused?: string;
  /** The name it would be added under (as `suggestedName` of its detail): the panel says `Added`. */
  addedAs: string;
  /** Whether it asks for a value with no default (`inputs`) or a secret (`secrets`) before it can start. */
  needs: { inputs: boolean; secrets: boolean };
  /** Its source repository and website, http or https only (any other scheme is left out). */
  repositoryUrl?: string;
  homepageUrl?: string;
}

export interface RegistrySearchResult {
  servers: RegistrySummary[];
  nextCursor?: string;
}

export interface RegistryServerDetail extends RegistrySummary {
  websiteUrl?: string;
  /** A name Claude Code accepts, from the registry name's last part. */
  suggestedName: string;
  /**
   * The Claude Code entry it maps to; null when this machine cannot run it or its entry is refused
   * (`unavailable` says why; a refusal starts `Refused: `).
   */
  entry: RegistryEntry | null;
  unavailable?: string;
  source?: RegistrySource;
  /** The arguments the registry adds to the runner's argv, for the add preview to label as its own. */
  registryArguments?: RegistryArguments;
  /** The values it asks for; secret ones are `${VAR}` references in `entry`. */
  inputs: RegistryInput[];
}

export interface RegistryClientOptions {
  /** The registry's base URL; `/v0.1/…` is appended to its path. */
  baseUrl: string;
  /** Whether `npx`, `uvx` or `docker` can be started here. */
  runnerExists: (command: string) => boolean;
  timeoutMs?: number | undefined;
  maxBytes?: number | undefined;
  cacheTtlMs?: number | undefined;
  now?: (() => number) | undefined;
}

export interface RegistryClient {
  search(input: RegistrySearchInput): Promise<RegistrySearchResult>;
  server(input: RegistryServerInput): Promise<RegistryServerDetail>;
}

export function createRegistryClient(options: RegistryClientOptions): RegistryClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const limits = {
    timeoutMs: options.timeoutMs ?? REGISTRY_LIMITS.timeoutMs,
    maxBytes: options.maxBytes ?? REGISTRY_LIMITS.maxBytes,
  };
  const cache = createAnswerCache<unknown>({
    ttlMs: options.cacheTtlMs ?? REGISTRY_LIMITS.cacheTtlMs,
    maxEntries: REGISTRY_LIMITS.cacheEntries,
    now: options.now,
  });

  async function answer<Schema extends z.ZodType>(path: string, schema: Schema): Promise<z.infer<Schema>> {
    const url = new URL(`${base}${path}`);
    const key = url.href;
    const cached = cache.get(key);
    if (cached !== undefined) return cached as z.infer<Schema>;
    let body: unknown;
    try {
      body = await fetchJson(url, limits);
    } catch (error) {
      if (error instanceof FetchFailure && error.status === 404) {
        throw new McpCoreError('NOT_FOUND', `The MCP registry at ${base} has no such server or version`);
      }
      const what = error instanceof Error ? error.message : String(error);
      throw new McpCoreError('REGISTRY_UNAVAILABLE', `The MCP registry at ${base} ${what}`, { cause: error });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new McpCoreError(
        'REGISTRY_UNAVAILABLE',
        `The MCP registry at ${base} gave an answer this panel cannot read: ${describeIssues(parsed.error)}`,
      );
    }
    cache.set(key, parsed.data);
    return parsed.data;
  }

  return {
    async search(input) {
      const query = new URLSearchParams({
        search: input.query,
        limit: String(REGISTRY_LIMITS.pageSize),
        version: 'latest',
      });
      if (input.cursor !== undefined) query.set('cursor', input.cursor);
      const page = await answer(`/v0.1/servers?${query.toString()}`, serverListSchema);
      const servers = page.servers.flatMap((response) => {
        const summary = summaryOf(response);
        return summary === undefined ? [] : [summary];
      });
      const nextCursor = page.metadata?.nextCursor;
      return nextCursor === undefined || nextCursor === '' ? { servers } : { servers, nextCursor };
    },

    async server(input) {
      const path = `/v0.1/servers/${encodeURIComponent(input.name)}/versions/${encodeURIComponent(input.version ?? 'latest')}`;
      const response = await answer(path, serverResponseSchema);
      const summary = summaryOf(response);
      if (summary === undefined) {
        throw new McpCoreError('NOT_FOUND', `${input.name} was deleted from the MCP registry`);
      }
      if (response.server.name !== input.name) {
        throw new McpCoreError(
          'REGISTRY_UNAVAILABLE',
          `The MCP registry at ${base} answered ${response.server.name} when asked for ${input.name}`,
        );
      }
      return detailOf(summary, response, options.runnerExists, input.values);
    },
  };
}

/** A result row; undefined for a deleted server, which is never shown. */
function summaryOf(response: ServerResponse): RegistrySummary | undefined {
  const { status, statusMessage } = officialStatus(response);
  if (status === 'deleted') return undefined;
  const { server } = response;
  const transports = new Set<string>();
  for (const remote of server.remotes ?? []) {
    if (remote.type === 'streamable-http') transports.add('http');
    else if (remote.type === 'sse') transports.add('sse');
  }
  const stdio = (server.packages ?? []).filter(
    (pkg) => pkg.transport === undefined || pkg.transport.type === 'stdio',
  );
  if (stdio.length > 0) transports.add('stdio');
  const refusals = stdio.map((pkg) => packageRefusalOf(pkg));
  const [refused] = refusals;
  const allRefused =
    !transports.has('http') && !transports.has('sse') && refused !== undefined && refusals.every(Boolean);
  const repositoryUrl = registryLink(server.repository?.url);
  const homepageUrl = registryLink(server.websiteUrl);
  return {
    name: server.name,
    ...(server.title !== undefined && { title: server.title }),
    description: server.description,
    version: server.version,
    status,
    ...(statusMessage !== undefined && { statusMessage }),
    transports: [...transports],
    ...(allRefused && { refused }),
    addedAs: suggestedNameFor(server.name),
    needs: needsOf(server),
    ...(repositoryUrl !== undefined && { repositoryUrl }),
    ...(homepageUrl !== undefined && { homepageUrl }),
  };
}

/** A link the panel may show: an absolute http or https URL, never `javascript:` or another scheme. */
export function registryLink(text: string | undefined): string | undefined {
  if (text === undefined || !URL.canParse(text)) return undefined;
  const { protocol } = new URL(text);
  return protocol === 'https:' || protocol === 'http:' ? text : undefined;
}

/** Whether any way to run it asks for a required value without a default, or for a secret. */
function needsOf(server: ServerResponse['server']): { inputs: boolean; secrets: boolean } {
  const fields: { isRequired?: boolean; isSecret?: boolean; default?: string; value?: string }[] = [];
  const withVariables = (
    field: (typeof fields)[number] & { variables?: Record<string, (typeof fields)[number]> },
  ) => {
    fields.push(field, ...Object.values(field.variables ?? {}));
  };
  for (const pkg of server.packages ?? []) {
    for (const field of [
      ...(pkg.runtimeArguments ?? []),
      ...(pkg.packageArguments ?? []),
      ...(pkg.environmentVariables ?? []),
    ]) {
      withVariables(field);
    }
  }
  for (const remote of server.remotes ?? []) {
    fields.push(...Object.values(remote.variables ?? {}));
    for (const header of remote.headers ?? []) withVariables(header);
  }
  return {
    inputs: fields.some(
      (field) =>
        field.isRequired === true &&
        field.isSecret !== true &&
        field.default === undefined &&
        field.value === undefined,
    ),
    secrets: fields.some((field) => field.isSecret === true),
  };
}

function detailOf(
  summary: RegistrySummary,
  response: ServerResponse,
  runnerExists: (command: string) => boolean,
  values: Readonly<Record<string, string>> | undefined,
): RegistryServerDetail {
  const suggestedName = suggestedNameFor(summary.name);
  const website = response.server.websiteUrl;
  const common = { ...summary, ...(website !== undefined && { websiteUrl: website }), suggestedName };
  const mapping = mapRegistryServer(response.server, { runnerExists, values });
  if (!mapping.ok) return { ...common, entry: null, unavailable: mapping.reason, inputs: [] };
  // The registry's words become argv and env of a spawn: the add rules apply to them as to typed ones.
  const checked = addServerInputSchema.safeParse({ name: suggestedName, scope: 'user', ...mapping.entry });
  if (!checked.success) {
    return {
      ...common,
      entry: null,
      unavailable: `Its entry would not be a valid server: ${describeIssues(checked.error)}`,
      inputs: mapping.inputs,
    };
  }
  return {
    ...common,
    entry: mapping.entry,
    source: mapping.source,
    ...(mapping.registryArguments !== undefined && { registryArguments: mapping.registryArguments }),
    inputs: mapping.inputs,
  };
}

/** `io.github.example/weather` → `weather`: the part after the slash, in the characters Claude Code allows. */
export function suggestedNameFor(registryName: string): string {
  const last = registryName.slice(registryName.lastIndexOf('/') + 1);
  const cleaned = last
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
  return cleaned === '' || cleaned === '__proto__' || cleaned === 'constructor' ? 'mcp-server' : cleaned;
}
