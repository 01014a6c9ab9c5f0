/**
 * Every input rule of the product, once. The server validates requests with these and the
 * panel validates its form with the very same schemas, so a value the browser accepts is a
 * value the server accepts. Browser-safe: no Node imports here.
 */
import { z } from 'zod';

export const LIMITS = {
  string: 512,
  url: 2048,
  name: 64,
  entries: 64,
} as const;

// U+0000–U+001F and U+007F.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const SERVER_NAME = /^[A-Za-z0-9_-]+$/;
const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
// RFC 9110 `token`: tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA
const HEADER_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

// The Claude CLI refuses a server named `__proto__` and silently drops an env or header key of
// that name, so it is refused up front rather than reported after a partial write.
const RESERVED_KEY = '__proto__';

const notReservedKey = (value: string) => value !== RESERVED_KEY;
const reservedKeyError = (field: string) => ({
  error: `${field} "${RESERVED_KEY}" is reserved: Claude Code cannot store it`,
});

/** A string with the limits every string shares: bounded length, no control characters. */
function text(field: string, max: number = LIMITS.string) {
  return z
    .string({ error: `${field} must be a string` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .refine((value) => !CONTROL_CHARACTER.test(value), {
      error: `${field} may not contain control characters`,
    });
}

// A value that takes its own argv position would be read by the CLI as a flag if it began with "-".
function notFlagLike<Schema extends z.ZodType<string>>(field: string, schema: Schema) {
  return schema.refine((value) => !value.startsWith('-'), { error: `${field} may not start with "-"` });
}

function positional(field: string, max: number = LIMITS.string) {
  return notFlagLike(
    field,
    text(field, max).refine((value) => value.trim() !== '', { error: `${field} may not be blank` }),
  );
}

/** Every procedure input is an object that names a field it does not know in its message. */
export function inputObject<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown field ${listKeys(issue.keys)}`
        : 'input must be an object',
  });
}

/**
 * A string-to-string map whose keys are plain data. `z.record` silently drops a `__proto__`
 * key, so the map is checked entry by entry (reporting that key instead of losing it) and
 * rebuilt with `Object.fromEntries`, which defines own properties: `constructor` and
 * `prototype` stay ordinary keys.
 */
function stringMap(field: string, key: z.ZodType<string>, value: z.ZodType<string>) {
  return z
    .custom<Record<string, unknown>>(
      (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
      { error: `${field} must be an object of strings` },
    )
    .superRefine((map, ctx) => {
      // Counted before any entry is checked: an oversized map is one issue, not one per entry.
      if (Object.keys(map).length > LIMITS.entries) {
        ctx.addIssue({ code: 'custom', message: `${field} may have at most ${LIMITS.entries} entries` });
        return;
      }
      for (const [k, v] of Object.entries(map)) {
        for (const issue of key.safeParse(k).error?.issues ?? []) {
          ctx.addIssue({ code: 'custom', path: [k], message: issue.message });
        }
        for (const issue of value.safeParse(v).error?.issues ?? []) {
          ctx.addIssue({ code: 'custom', path: [k], message: issue.message });
        }
      }
    })
    .transform((map) => Object.fromEntries(Object.entries(map)) as Record<string, string>);
}

export const scopeSchema = z.enum(['user', 'local', 'project'], {
  error: 'scope must be one of user, local, project',
});

export const transportSchema = z.enum(['stdio', 'http', 'sse'], {
  error: 'transport must be one of stdio, http, sse',
});

// The character class already rules out blanks; only the leading "-" needs its own rule.
export const serverNameSchema = notFlagLike(
  'name',
  z
    .string({ error: 'name must be a string' })
    .min(1, { error: 'name is required', abort: true })
    .max(LIMITS.name, { error: `name must be at most ${LIMITS.name} characters` })
    .regex(SERVER_NAME, { error: 'name may only contain letters, digits, "_" and "-"' }),
).refine(notReservedKey, reservedKeyError('name'));

/**
 * The CLI looks a new name up on a plain object, so it refuses every name Object.prototype has:
 * "toString" or "constructor" as already existing, "__defineGetter__" as reserved. Servers of
 * such names that are already stored (written by hand) can still be removed.
 */
const OBJECT_PROTOTYPE_NAMES = new Set([
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
]);

export const newServerNameSchema = serverNameSchema.refine((name) => !OBJECT_PROTOTYPE_NAMES.has(name), {
  error: (issue) => `name "${String(issue.input)}" is reserved: Claude Code cannot add a server of that name`,
});

export const commandSchema = positional('command');

export const argumentSchema = text('argument');

export const argsSchema = z
  .array(argumentSchema, { error: 'args must be a list of strings' })
  .max(LIMITS.entries, { error: `args may have at most ${LIMITS.entries} entries` });

export const envKeySchema = text('env name')
  .regex(ENV_KEY, {
    error: 'env name must start with a letter or "_" and hold only letters, digits and "_"',
  })
  .refine(notReservedKey, reservedKeyError('env name'));

export const envValueSchema = text('env value');

export const envSchema = stringMap('env', envKeySchema, envValueSchema);

export const urlSchema = positional('url', LIMITS.url).refine(
  (value) => {
    if (!URL.canParse(value)) return false;
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  },
  { error: 'url must be an absolute http(s) URL' },
);

export const headerNameSchema = notFlagLike(
  'header name',
  text('header name').min(1, { error: 'header name is required' }),
)
  .regex(HEADER_TOKEN, {
    error: 'header name may only contain letters, digits and !#$%&\'*+-.^_`|~ (no spaces or ":")',
  })
  .refine(notReservedKey, reservedKeyError('header name'));

// The CLI trims header values; refusing the whitespace keeps what is stored what was typed.
export const headerValueSchema = text('header value').refine((value) => value.trim() === value, {
  error: 'header value may not start or end with whitespace',
});

export const headersSchema = stringMap('headers', headerNameSchema, headerValueSchema);

/** Syntax only; what the path names is checked where the filesystem is (the server). */
function absolutePath(field: string) {
  return text(field)
    .refine((value) => value.startsWith('/'), { error: `${field} must be an absolute path` })
    .refine((value) => !value.split('/').includes('..'), {
      error: `${field} may not contain a ".." segment`,
    });
}

export const projectPathSchema = absolutePath('projectPath');

/** The file a listed entry was read from (`Server.source`): it makes a row's action target that entry. */
export const sourceSchema = absolutePath('source');

/** Where a server runs: a command (stdio) or a URL (http/sse), with the options of each. */
const serverTargetSchema = z
  .object({
    transport: transportSchema,
    command: commandSchema,
    args: argsSchema,
    env: envSchema,
    url: urlSchema,
    headers: headersSchema,
  })
  .partial();

type ServerTarget = z.infer<typeof serverTargetSchema>;

/**
 * The rules that tie fields together: one target, and only the options that go with it.
 * `transportField` names the field as the caller wrote it (`type` in a `.mcp.json` entry).
 */
function checkServerShape(input: ServerTarget, ctx: z.RefinementCtx, transportField = 'transport') {
  const { transport, command, args, env, url, headers } = input;
  if (command !== undefined && url !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['url'], message: 'give either command or url, not both' });
    return;
  }
  if (command === undefined && url === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['command'],
      message: 'command (stdio) or url (http/sse) is required',
    });
    return;
  }
  if (command !== undefined) {
    if (transport !== undefined && transport !== 'stdio') {
      ctx.addIssue({
        code: 'custom',
        path: [transportField],
        message: `${transportField} with command must be stdio`,
      });
    }
    if (headers !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['headers'], message: 'headers only go with url' });
    }
  } else {
    if (transport === 'stdio') {
      ctx.addIssue({
        code: 'custom',
        path: [transportField],
        message: `${transportField} with url must be http or sse`,
      });
    }
    if (env !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['env'], message: 'env only goes with command' });
    }
    if (args !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['args'], message: 'args only go with command' });
    }
  }
}

export const addServerInputSchema = inputObject({
  name: newServerNameSchema,
  scope: scopeSchema,
  ...serverTargetSchema.shape,
  projectPath: projectPathSchema.optional(),
}).superRefine((input, ctx) => {
  checkServerShape(input, ctx);
});

export const removeServerInputSchema = inputObject({
  name: serverNameSchema,
  scope: scopeSchema.optional(),
  projectPath: projectPathSchema.optional(),
  source: sourceSchema.optional(),
}).refine((input) => input.source === undefined || input.scope !== undefined, {
  path: ['scope'],
  error: 'scope is required with source',
});

/**
 * What an edit changes (`mcp.update`'s `server`): the fields of `mcp.add`, each optional. A given
 * field replaces the stored one, the others are kept; `name`, `scope` and `projectPath` rename or
 * move the server. Whether the result is a valid server is checked on the merged entry.
 */
export const serverChangesSchema = inputObject({
  name: newServerNameSchema,
  scope: scopeSchema,
  ...serverTargetSchema.shape,
  projectPath: projectPathSchema,
}).partial();

/** `mcp.update`: the listed entry (as `mcp.remove` names it) and what to change in it. */
export const updateServerInputSchema = inputObject({
  name: serverNameSchema,
  scope: scopeSchema,
  projectPath: projectPathSchema.optional(),
  source: sourceSchema.optional(),
  server: serverChangesSchema,
});

/** `mcp.disable` and `mcp.enable`: one server of a scope the CLI writes (read-only scopes are no input). */
export const switchServerInputSchema = inputObject({
  name: serverNameSchema,
  scope: scopeSchema,
  projectPath: projectPathSchema.optional(),
});

export const resetChoicesInputSchema = inputObject({
  projectPath: projectPathSchema.optional(),
}).optional();

/** Asks for env and header values instead of REDACTED. */
export const revealSchema = z.boolean({ error: 'reveal must be true or false' });

export const listServersInputSchema = inputObject({
  projectPath: projectPathSchema.optional(),
  reveal: revealSchema.optional(),
  /** Only the servers of this name: one row's secrets revealed, and no other's. */
  name: serverNameSchema.optional(),
}).optional();

export const watchInputSchema = inputObject({
  projectPath: projectPathSchema.optional(),
  // tRPC's subscription link adds the id of the last event it saw when it reconnects.
  lastEventId: text('lastEventId').nullish(),
}).optional();

/**
 * How many issues an error describes. An input can break hundreds of rules at once (64 env
 * entries with a bad name and a bad value each); past the first few they only add bytes.
 */
export const MAX_DESCRIBED_ISSUES = 20;

// Keys and unknown field names are the caller's text, up to the whole body: shown shortened.
const MAX_SHOWN_KEY_LENGTH = 64;
const MAX_SHOWN_KEYS = 5;

/** `key` cut to its first characters (whole code points) with "…" when longer. */
function shownKey(key: PropertyKey): string {
  const text = String(key);
  const characters = Array.from(text.slice(0, 2 * MAX_SHOWN_KEY_LENGTH));
  return characters.length > MAX_SHOWN_KEY_LENGTH
    ? `${characters.slice(0, MAX_SHOWN_KEY_LENGTH).join('')}…`
    : text;
}

function andMore(shown: string[], total: number, separator: string): string {
  const more = total - shown.length;
  return more > 0 ? `${shown.join(separator)}${separator}and ${more} more` : shown.join(separator);
}

function listKeys(keys: readonly string[]): string {
  return andMore(keys.slice(0, MAX_SHOWN_KEYS).map(shownKey), keys.length, ', ');
}

/**
 * One part per issue, `field: rule` (e.g. `name: name may not start with "-"`), not a JSON dump;
 * the first MAX_DESCRIBED_ISSUES of them, then how many more there are.
 */
export function describeIssues(error: z.ZodError): string {
  const described = error.issues
    .slice(0, MAX_DESCRIBED_ISSUES)
    .map((issue) =>
      issue.path.length === 0 ? issue.message : `${issue.path.map(shownKey).join('.')}: ${issue.message}`,
    );
  return andMore(described, error.issues.length, '; ');
}

/** Where Claude Code keeps a server: `~/.claude.json` top level, its `projects[key]`, or `.mcp.json`. */
export type Scope = z.infer<typeof scopeSchema>;
export type Transport = z.infer<typeof transportSchema>;
export type AddServerInput = z.infer<typeof addServerInputSchema>;
export type RemoveServerInput = z.infer<typeof removeServerInputSchema>;
export type ListServersInput = z.infer<typeof listServersInputSchema>;
export type ServerChanges = z.infer<typeof serverChangesSchema>;
export type UpdateServerInput = z.infer<typeof updateServerInputSchema>;
export type SwitchServerInput = z.infer<typeof switchServerInputSchema>;
export type ResetChoicesInput = z.infer<typeof resetChoicesInputSchema>;
export type WatchInput = z.infer<typeof watchInputSchema>;

// ── Connection checks (`mcp.check`, `mcp.checkAll`) ──────────────────────────────────────────

/** How long one check may take, in milliseconds: the default, and the bounds a caller may ask for. */
export const CHECK_TIMEOUT_MS = { default: 10_000, min: 1_000, max: 60_000 } as const;

export const checkServerInputSchema = inputObject({
  name: serverNameSchema,
  scope: scopeSchema,
  projectPath: projectPathSchema.optional(),
  source: sourceSchema.optional(),
  confirm: z.boolean({ error: 'confirm must be true or false' }).optional(),
  timeoutMs: z
    .int({ error: 'timeoutMs must be a whole number of milliseconds' })
    .min(CHECK_TIMEOUT_MS.min, { error: `timeoutMs must be at least ${CHECK_TIMEOUT_MS.min}` })
    .max(CHECK_TIMEOUT_MS.max, { error: `timeoutMs must be at most ${CHECK_TIMEOUT_MS.max}` })
    .optional(),
});

export const checkAllInputSchema = inputObject({
  projectPath: projectPathSchema.optional(),
}).optional();

export type CheckServerInput = z.infer<typeof checkServerInputSchema>;
export type CheckAllInput = z.infer<typeof checkAllInputSchema>;

// ---------------------------------------------------------------------------------------------
// Import and export: `mcp.import`, `mcp.importSources`, `mcp.importSource`, `mcp.export`.

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

export const importInputSchema = inputObject({
  json: z
    .string({ error: 'json must be a string' })
    .max(IMPORT_LIMITS.json, { error: `json may be at most ${IMPORT_LIMITS.json} characters` }),
  scope: scopeSchema,
  projectPath: projectPathSchema.optional(),
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).optional(),
  only: z
    .array(newServerNameSchema, { error: 'only must be a list of server names' })
    .max(IMPORT_LIMITS.servers, { error: `only may name at most ${IMPORT_LIMITS.servers} servers` })
    .optional(),
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
});

export type ImportedServer = z.infer<typeof importedServerSchema>;
export type ImportInput = z.infer<typeof importInputSchema>;
export type ImportSourceInput = z.infer<typeof importSourceInputSchema>;
export type ExportInput = z.infer<typeof exportInputSchema>;

// ── OAuth sign-in (`mcp.login`, `mcp.loginPaste`, `mcp.logout`) ──────────────────────────────

/**
 * Which listed http/sse server `mcp.login` signs in to and `mcp.logout` signs out of: the same
 * target as a remove's (a name, its scope when needed, `source` for exactly that entry).
 */
export const signInTargetSchema = removeServerInputSchema;

/** The hosts the CLI's callback listener answers on: this machine. */
const CALLBACK_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * Where the browser was sent after signing in: `http://localhost:PORT/callback?…` (the CLI's own
 * listener). A browser on another machine cannot reach it, so its user pastes that address.
 */
export const callbackUrlSchema = text('redirectUrl', LIMITS.url).refine(
  (value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (
      url.protocol === 'http:' &&
      CALLBACK_HOSTS.has(url.hostname) &&
      url.port !== '' &&
      url.pathname === '/callback' &&
      url.search !== '' &&
      url.username === '' &&
      url.password === ''
    );
  },
  { error: 'redirectUrl must be a http://localhost:PORT/callback?… address' },
);

export const loginPasteInputSchema = inputObject({
  loginId: z.uuid({ error: 'loginId must be the id of a sign-in' }),
  redirectUrl: callbackUrlSchema,
});

export type SignInTarget = z.infer<typeof signInTargetSchema>;
export type LoginPasteInput = z.infer<typeof loginPasteInputSchema>;

// ---------------------------------------------------------------------------------------------
// History and undo: `mcp.history`, `mcp.undo`.

/** How many changes `mcp.history` answers with: by default, and at most. */
export const HISTORY_LIMIT = { default: 100, max: 1000 } as const;

/** The id of one recorded change, as `mcp.history` lists it. */
export const changeIdSchema = text('id', LIMITS.name).regex(/^[A-Za-z0-9-]+$/, {
  error: 'id may only contain letters, digits and "-"',
});

export const historyInputSchema = inputObject({
  limit: z
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(HISTORY_LIMIT.max, { error: `limit must be at most ${HISTORY_LIMIT.max}` })
    .optional(),
}).optional();

export const undoInputSchema = inputObject({ id: changeIdSchema });

export type HistoryInput = z.infer<typeof historyInputSchema>;
export type UndoInput = z.infer<typeof undoInputSchema>;

// ---------------------------------------------------------------------------------------------
// Claude Code's own MCP logs: `mcp.logs`.

export const LOG_SESSIONS = { default: 5, max: 20 } as const;

export const logsInputSchema = inputObject({
  name: serverNameSchema,
  projectPath: projectPathSchema.optional(),
  limit: z
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(LOG_SESSIONS.max, { error: `limit must be at most ${LOG_SESSIONS.max}` })
    .optional(),
});

export type LogsInput = z.infer<typeof logsInputSchema>;

// ---------------------------------------------------------------------------------------------
// Profiles: named sets of servers switched at once (`mcp.profiles`, `mcp.saveProfile`, …).

/** How many servers one profile names, at most. */
export const PROFILE_SERVERS_MAX = 256;

/** A profile's name follows the rule of a server's name. */
export const profileNameSchema = serverNameSchema;

/**
 * One server of a profile. `projectPath`: the project a local or project server is switched in;
 * without it, the project the profile is applied in.
 */
export const profileServerSchema = inputObject({
  name: serverNameSchema,
  scope: scopeSchema,
  projectPath: projectPathSchema.optional(),
});

/** `mcp.saveProfile`: `servers` given, or, without it, the servers on now in `projectPath`. */
export const saveProfileInputSchema = inputObject({
  name: profileNameSchema,
  servers: z
    .array(profileServerSchema, { error: 'servers must be a list of { name, scope, projectPath? }' })
    .max(PROFILE_SERVERS_MAX, { error: `servers may have at most ${PROFILE_SERVERS_MAX} entries` })
    .optional(),
  projectPath: projectPathSchema.optional(),
});

export const deleteProfileInputSchema = inputObject({ name: profileNameSchema });

export const applyProfileInputSchema = inputObject({
  name: profileNameSchema,
  projectPath: projectPathSchema.optional(),
});

export type ProfileServer = z.infer<typeof profileServerSchema>;
export type SaveProfileInput = z.infer<typeof saveProfileInputSchema>;
export type DeleteProfileInput = z.infer<typeof deleteProfileInputSchema>;
export type ApplyProfileInput = z.infer<typeof applyProfileInputSchema>;
