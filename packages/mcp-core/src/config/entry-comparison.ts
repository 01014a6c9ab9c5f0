/** Whether two stored entries are one server as Claude Code loads it, and where they differ. */
import { isDeepStrictEqual } from 'node:util';
import { isRecord } from '../records';

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
