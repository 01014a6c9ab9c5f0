/**
 * The fields of a server entry (scope, transport, name, command, args, env, url, headers, paths)
 * and the rules that tie them together.
 */
import { z } from 'zod';
import { LIMITS, notFlagLike, positional, stringMap, text } from './field-rules';

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
export function absolutePath(field: string) {
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
export const serverTargetSchema = z
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
export function checkServerShape(input: ServerTarget, ctx: z.RefinementCtx, transportField = 'transport') {
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

/** Where Claude Code keeps a server: `~/.claude.json` top level, its `projects[key]`, or `.mcp.json`. */
export type Scope = z.infer<typeof scopeSchema>;
export type Transport = z.infer<typeof transportSchema>;
