/**
 * Building blocks of every input rule: bounded text, flag-safe positionals, string maps, strict
 * input objects.
 */
import { z } from 'zod';
import { listKeys } from './issues';

export const LIMITS = {
  string: 512,
  url: 2048,
  name: 64,
  entries: 64,
} as const;

// U+0000–U+001F and U+007F.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** A string with the limits every string shares: bounded length, no control characters. */
export function text(field: string, max: number = LIMITS.string) {
  return z
    .string({ error: `${field} must be a string` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .refine((value) => !CONTROL_CHARACTER.test(value), {
      error: `${field} may not contain control characters`,
    });
}

// A value that takes its own argv position would be read by the CLI as a flag if it began with "-".
export function notFlagLike<Schema extends z.ZodType<string>>(field: string, schema: Schema) {
  return schema.refine((value) => !value.startsWith('-'), { error: `${field} may not start with "-"` });
}

export function positional(field: string, max: number = LIMITS.string) {
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
export function stringMap(field: string, key: z.ZodType<string>, value: z.ZodType<string>) {
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
