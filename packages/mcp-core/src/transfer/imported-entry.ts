/**
 * One server of an import document, checked with the shared schemas (the rules of `mcp.add` and
 * the fields `add-json` keeps) and turned into the entry `add-json` is given.
 */
import { isDeepStrictEqual } from 'node:util';
import { REDACTED } from '../config';
import { isRecord } from '../records';
import { describeIssues, importedServerSchema, newServerNameSchema } from '../schemas';
import type { ImportedServer } from '../schemas';

export type EntryCheck =
  | { ok: true; entry: Record<string, unknown> }
  /** Every rule it breaks, `field: rule`, joined. */
  | { ok: false; problems: string };

export function checkImportedEntry(name: string, entry: unknown): EntryCheck {
  const problems = (newServerNameSchema.safeParse(name).error?.issues ?? []).map(
    (issue) => `name: ${issue.message}`,
  );
  const parsed = importedServerSchema.safeParse(entry);
  if (!parsed.success) {
    problems.push(describeIssues(parsed.error));
  } else {
    problems.push(...placeholderProblems(parsed.data));
  }
  if (!parsed.success || problems.length > 0) return { ok: false, problems: problems.join('; ') };
  return { ok: true, entry: addJsonEntry(parsed.data) };
}

/**
 * The fields in which two entries differ as Claude Code reads them: a command without `type` is
 * stdio, `streamable-http` is http, and missing args, env or headers are empty.
 */
export function differingFields(a: unknown, b: unknown): string[] {
  if (!isRecord(a) || !isRecord(b)) return isDeepStrictEqual(a, b) ? [] : ['the whole entry'];
  const left = asLoaded(a);
  const right = asLoaded(b);
  const fields = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...fields].filter((field) => !isDeepStrictEqual(left[field], right[field]));
}

// An export without `reveal` holds this placeholder: importing it would store it as the secret.
function placeholderProblems({ env, headers }: ImportedServer): string[] {
  return Object.entries({ env, headers }).flatMap(([field, map]) =>
    Object.entries(map ?? {})
      .filter(([, value]) => value === REDACTED)
      .map(
        ([key]) =>
          `${field}.${key}: "${REDACTED}" is the placeholder of a hidden secret, not its value (export with reveal to keep secrets)`,
      ),
  );
}

/** What `add-json` is given: the entry as written, with the type Claude Code stores for it. */
function addJsonEntry({ type, ...fields }: ImportedServer): Record<string, unknown> {
  // The CLI stores streamable-http as http, and needs a type for a URL: http, as `mcp add` defaults.
  const storedType =
    type === 'streamable-http' || (type === undefined && fields.url !== undefined) ? 'http' : type;
  return storedType === undefined ? fields : { type: storedType, ...fields };
}

function asLoaded(entry: Record<string, unknown>): Record<string, unknown> {
  const { type } = entry;
  const loadedType =
    type === undefined && typeof entry.command === 'string'
      ? 'stdio'
      : type === 'streamable-http'
        ? 'http'
        : type;
  return { args: [], env: {}, headers: {}, ...entry, type: loadedType };
}
