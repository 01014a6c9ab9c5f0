import {
  addServerInputSchema,
  argumentSchema,
  commandSchema,
  envKeySchema,
  envValueSchema,
  headerNameSchema,
  headerValueSchema,
  serverNameSchema,
  urlSchema,
  type AddServerInput,
  type ServerChanges,
} from '@mcp-admin/core/schemas';
import type { z } from 'zod';
import type { AddFormState, Pair, PairListName } from './form-state';
import { plainWords } from './plain-words';

/**
 * Error messages keyed by where they show: a field (`name`, `command`, `url`), a whole list
 * (`args`, `env`, `headers`: how many rows), one row's box (`rowKey`), or the form (`form`).
 */
export type FieldErrors = Partial<Record<string, string>>;

const FIELD_KEYS = new Set<unknown>(['name', 'command', 'url', 'args', 'env', 'headers']);

type Report = (key: string, message: string) => void;
type Check = (key: string, schema: z.ZodType, value: string) => void;

export type Validation = { ok: true; input: AddServerInput } | { ok: false; errors: FieldErrors };

export const rowKey = {
  arg: (id: number) => `arg-${id}`,
  pairKey: (list: PairListName, id: number) => `${list}-key-${id}`,
  pairValue: (list: PairListName, id: number) => `${list}-value-${id}`,
};

/**
 * Checks the form with mcp-core's own schemas, the ones the server applies: each field with
 * its field schema (so the message lands beside that field), then the assembled input with
 * `addServerInputSchema` for the rules that span fields. Messages are said in plain words.
 */
export function validateAddForm(state: AddFormState, projectPath: string): Validation {
  const errors: FieldErrors = {};
  const report: Report = (key, message) => {
    errors[key] ??= message;
  };
  const check: Check = (key, schema, value) => {
    const message = schema.safeParse(value).error?.issues[0]?.message;
    if (message !== undefined) report(key, plainWords(message, value));
  };

  check('name', serverNameSchema, state.name);
  if (state.transport === 'stdio') {
    check('command', commandSchema, state.command);
    for (const item of state.args) check(rowKey.arg(item.id), argumentSchema, item.value);
    checkPairs(state.env, 'env', envKeySchema, envValueSchema, check, report);
  } else {
    check('url', urlSchema, state.url);
    checkPairs(state.headers, 'headers', headerNameSchema, headerValueSchema, check, report);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const parsed = addServerInputSchema.safeParse(toAddInput(state, projectPath));
  if (parsed.success) return { ok: true, input: parsed.data };
  for (const issue of parsed.error.issues) {
    const [top] = issue.path;
    report(typeof top === 'string' && FIELD_KEYS.has(top) ? top : 'form', plainWords(issue.message));
  }
  return { ok: false, errors };
}

/**
 * What `mcp.update` is asked to change for a valid form: every field the form has, an emptied list
 * included (a field left out would keep the stored one); the server keeps the fields it has no box for.
 */
export function editedFields({ projectPath, ...fields }: AddServerInput): ServerChanges {
  const lists =
    fields.url === undefined
      ? { args: fields.args ?? [], env: fields.env ?? {} }
      : { headers: fields.headers ?? {} };
  return { ...fields, ...lists, ...(projectPath === undefined ? {} : { projectPath }) };
}

function checkPairs(
  pairs: readonly Pair[],
  list: PairListName,
  keySchema: z.ZodType,
  valueSchema: z.ZodType,
  check: Check,
  report: Report,
) {
  const seen = new Set<string>();
  for (const pair of pairs) {
    check(rowKey.pairKey(list, pair.id), keySchema, pair.key);
    check(rowKey.pairValue(list, pair.id), valueSchema, pair.value);
    // Rows become object keys: a second row with the same key would silently replace the first.
    if (seen.has(pair.key)) report(rowKey.pairKey(list, pair.id), `“${pair.key}” is already listed above.`);
    seen.add(pair.key);
  }
}

/** The `mcp.add` input the form describes; only the fields of the chosen transport go in. */
function toAddInput(state: AddFormState, projectPath: string): unknown {
  const common = {
    name: state.name,
    scope: state.scope,
    // User scope does not depend on a project, so a project still being typed cannot block it.
    ...(state.scope === 'user' ? {} : { projectPath }),
  };
  if (state.transport === 'stdio') {
    return {
      ...common,
      command: state.command,
      ...(state.args.length > 0 && { args: state.args.map((item) => item.value) }),
      ...(state.env.length > 0 && { env: toRecord(state.env) }),
    };
  }
  return {
    ...common,
    transport: state.transport,
    url: state.url,
    ...(state.headers.length > 0 && { headers: toRecord(state.headers) }),
  };
}

// Object.fromEntries defines own properties, so a key like "__proto__" stays plain data.
function toRecord(pairs: readonly Pair[]): Record<string, string> {
  return Object.fromEntries(pairs.map((pair) => [pair.key, pair.value]));
}
