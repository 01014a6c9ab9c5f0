/**
 * One server of an import document or a stash, checked with the shared schemas (the rules of `mcp.add` and
 * the fields `add-json` keeps) and turned into the entry `add-json` is given.
 */
import { REDACTED } from '../secret-masking';
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

// An export without `reveal` holds this placeholder, whole (env, headers) or in a string (a URL's
// password, an argument): importing it would store it as the secret.
function placeholderProblems(entry: ImportedServer): string[] {
  return placeholderPaths(entry, []).map(
    (path) =>
      `${path}: "${REDACTED}" is the placeholder of a hidden secret, not its value (export with reveal to keep secrets)`,
  );
}

/** The dotted paths of the strings in `value` that hold the placeholder. */
function placeholderPaths(value: unknown, path: string[]): string[] {
  if (typeof value === 'string') return value.includes(REDACTED) ? [path.join('.')] : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, member]) => placeholderPaths(member, [...path, key]));
}

/** What `add-json` is given: the entry as written, with the type Claude Code stores for it. */
function addJsonEntry({ type, ...fields }: ImportedServer): Record<string, unknown> {
  // The CLI stores streamable-http as http, and needs a type for a URL: http, as `mcp add` defaults.
  const storedType =
    type === 'streamable-http' || (type === undefined && fields.url !== undefined) ? 'http' : type;
  return storedType === undefined ? fields : { type: storedType, ...fields };
}
