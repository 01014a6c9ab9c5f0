/**
 * Inputs of import and export (`mcp.import`, `mcp.importSources`, `mcp.importSource`,
 * `mcp.export`) and the server entry an import document holds.
 */
import { z } from 'zod';
import { LIMITS, inputObject, stringMap, text } from './field-rules';
import { listKeys } from './issues';
import {
  absolutePath,
  checkServerShape,
  newServerNameSchema,
  projectPathSchema,
  scopeSchema,
  serverTargetSchema,
} from './server-fields';
import { revealSchema } from './server-inputs';

export const IMPORT_LIMITS = {
  /** Characters of `json`: just under the 1 MiB HTTP body limit, so a direct caller meets it too. */
  json: 1_000_000,
  servers: 200,
} as const;

// The largest delay a JavaScript timer takes; Claude Code times a server's startup with one.
const MAX_TIMER_MS = 2_147_483_647;

function nonBlankText(field: string, max: number = LIMITS.string) {
  return text(field, max).refine((value) => value.trim() !== '', { error: `${field} may not be blank` });
}

/**
 * An object of a stored server entry, every field optional and every field known: `add-json`
 * drops a field it does not know, so one is reported instead of silently lost.
 */
function entryObject<Shape extends z.ZodRawShape>(what: string, shape: Shape) {
  return z
    .strictObject(shape, {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `unknown field ${listKeys(issue.keys)}: Claude Code would not keep it`
          : `${what} must be an object`,
    })
    .partial();
}

/** `type` of a `.mcp.json` entry; `streamable-http` is Claude Code's older name for http. */
export const importedTypeSchema = z.enum(['stdio', 'http', 'sse', 'streamable-http'], {
  error: 'type must be one of stdio, http, sse, streamable-http',
});

/** A program Claude Code runs to get headers; it lives inside the JSON, never as its own argv word. */
export const headersHelperSchema = nonBlankText('headersHelper');

export const timeoutSchema = z
  .int({ error: 'timeout must be a whole number of milliseconds' })
  .min(1, { error: 'timeout must be at least 1 ms' })
  .max(MAX_TIMER_MS, { error: `timeout must be at most ${MAX_TIMER_MS} ms` });

export const alwaysLoadSchema = z.boolean({ error: 'alwaysLoad must be true or false' });

/** The OAuth settings Claude Code keeps for an http/sse server (a client secret is never stored here). */
export const oauthSchema = entryObject('oauth', {
  clientId: nonBlankText('clientId'),
  callbackPort: z
    .int({ error: 'callbackPort must be a port number' })
    .min(1, { error: 'callbackPort must be from 1 to 65535' })
    .max(65535, { error: 'callbackPort must be from 1 to 65535' }),
  authServerMetadataUrl: text('authServerMetadataUrl', LIMITS.url).refine(
    (value) => URL.canParse(value) && new URL(value).protocol === 'https:',
    { error: 'authServerMetadataUrl must be an absolute https URL' },
  ),
  scopes: nonBlankText('scopes'),
  xaa: z.boolean({ error: 'xaa must be true or false' }),
});

/**
 * One server of an imported `.mcp.json` / Claude Desktop document: the fields `mcp.add` takes,
 * under the same rules, plus the ones `add-json` keeps.
 */
export const importedServerSchema = entryObject('a server', {
  type: importedTypeSchema,
  ...serverTargetSchema.omit({ transport: true }).shape,
  headersHelper: headersHelperSchema,
  oauth: oauthSchema,
  timeout: timeoutSchema,
  alwaysLoad: alwaysLoadSchema,
}).superRefine((entry, ctx) => {
  const transport = entry.type === 'streamable-http' ? 'http' : entry.type;
  checkServerShape({ ...entry, transport }, ctx, 'type');
  if (entry.command === undefined) return;
  for (const field of ['headersHelper', 'oauth'] as const) {
    if (entry[field] !== undefined) {
      ctx.addIssue({ code: 'custom', path: [field], message: `${field} only goes with url` });
    }
  }
});

/** A server's name as an import document writes it: checked against the document, not the name rules. */
const documentNameSchema = text('server name');

function documentNames(field: string) {
  return z
    .array(documentNameSchema, { error: `${field} must be a list of server names` })
    .max(IMPORT_LIMITS.servers, { error: `${field} may name at most ${IMPORT_LIMITS.servers} servers` });
}

export const importInputSchema = inputObject({
  json: z
    .string({ error: 'json must be a string' })
    .max(IMPORT_LIMITS.json, { error: `json may be at most ${IMPORT_LIMITS.json} characters` }),
  scope: scopeSchema,
  projectPath: projectPathSchema.optional(),
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).optional(),
  // Names as the document writes them: one that breaks the name rules can still be renamed.
  only: documentNames('only').optional(),
  /** Document name → the name it is imported as (an invalid or taken name, renamed in place). */
  renames: stringMap('renames', documentNameSchema, newServerNameSchema).optional(),
  /**
   * Document names whose entry replaces the stored one of that name: the one in the target scope,
   * else the one it would shadow or be shadowed by (as the preview names it), kept in its scope.
   */
  replace: documentNames('replace').optional(),
});

/** A document `mcp.importSources` listed, named by its path: no other file can be asked for. */
export const importSourceInputSchema = inputObject({
  path: absolutePath('path'),
  reveal: revealSchema.optional(),
});

export const exportInputSchema = inputObject({
  scope: scopeSchema,
  projectPath: projectPathSchema.optional(),
  reveal: revealSchema.optional(),
  /** Each secret written as a `${VAR}` placeholder Claude Code expands when it starts the server. */
  placeholders: z.boolean({ error: 'placeholders must be true or false' }).optional(),
}).refine((input) => input.reveal !== true || input.placeholders !== true, {
  path: ['placeholders'],
  error: 'placeholders and reveal exclude each other: a document holds the secrets or their placeholders',
});

export type ImportedServer = z.infer<typeof importedServerSchema>;
export type ImportInput = z.infer<typeof importInputSchema>;
export type ImportSourceInput = z.infer<typeof importSourceInputSchema>;
export type ExportInput = z.infer<typeof exportInputSchema>;
