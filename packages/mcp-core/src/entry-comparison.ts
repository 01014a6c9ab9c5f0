/**
 * Comparing server entries, one function per question asked of two entries: whether Claude Code
 * loads them as one server, whether a stored entry holds what was asked, which fields an edit
 * touched (named down to a map's keys), and which keys a replacement changed.
 */
import { isDeepStrictEqual } from 'node:util';
import { isRecord } from './records';

/**
 * The fields in which two entries differ as Claude Code reads them: a command without `type` is
 * stdio, `streamable-http` is http, and missing args, env or headers are empty.
 */
export function fieldsDifferingAsLoaded(a: unknown, b: unknown): string[] {
  if (!isRecord(a) || !isRecord(b)) return isDeepStrictEqual(a, b) ? [] : ['the whole entry'];
  const left = asLoaded(a);
  const right = asLoaded(b);
  return unionOfKeys(left, right).filter((field) => !isDeepStrictEqual(left[field], right[field]));
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

// The CLI leaves out `headers` of a server without any; a missing list or map counts as empty.
const EMPTY_FIELDS: Record<string, unknown> = { args: [], env: {}, headers: {} };

/**
 * The fields of `requested` (the entry given to `add-json`) that `stored` does not hold as given;
 * fields only `stored` has do not count.
 */
export function fieldsNotHeld(requested: Record<string, unknown>, stored: Record<string, unknown>): string[] {
  return Object.entries(requested)
    .filter(([field, value]) => !isDeepStrictEqual(stored[field] ?? EMPTY_FIELDS[field], value))
    .map(([field]) => field);
}

/**
 * The fields in which `now` differs from `then`, a map's own keys named (`env.API_KEY`), so a
 * refusal can say what changed without saying what it is.
 */
export function changedFieldPaths(then: Record<string, unknown>, now: Record<string, unknown>): string[] {
  return unionOfKeys(then, now).flatMap((field) => {
    const [was, is] = [then[field], now[field]];
    if (isDeepStrictEqual(was, is)) return [];
    if (!isRecord(was) || !isRecord(is)) return [field];
    return unionOfKeys(was, is)
      .filter((key) => !isDeepStrictEqual(was[key], is[key]))
      .map((key) => `${field}.${key}`);
  });
}

/** The keys whose value differs between two entries, an empty list or map counting as a missing one. */
export function keysChangedIgnoringEmpty(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string[] {
  return unionOfKeys(before, after).filter(
    (key) => !isDeepStrictEqual(filled(before[key]), filled(after[key])),
  );
}

/** An empty list or map says what a missing one says: no arguments, no headers. */
function filled(value: unknown): unknown {
  const empty = Array.isArray(value)
    ? value.length === 0
    : typeof value === 'object' && value !== null && Object.keys(value).length === 0;
  return empty ? undefined : value;
}

function unionOfKeys(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])];
}
