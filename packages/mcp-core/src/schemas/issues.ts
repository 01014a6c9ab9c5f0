/** Rule breaks put into words: one `field: rule` part per issue, keys shortened, a bounded count. */
import type { z } from 'zod';

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

export function listKeys(keys: readonly string[]): string {
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
