/**
 * The core schemas' messages name the field and the rule, as an API answer should ("env name must
 * start with…"). Beside a box in the form the field is already named, so the form says the same
 * rule in plain words, with an example or a fix where one helps. Messages not listed here are
 * shown as the schema says them.
 */
import { cleanName } from './paste/parse-pasted';

interface Rewording {
  /** The schema's message, its field name in the first group. */
  rule: RegExp;
  say: (match: RegExpExecArray, value: string) => string;
}

const REWORDINGS: readonly Rewording[] = [
  { rule: /^name is required$/, say: () => 'Give the server a name.' },
  {
    rule: /^name may only contain letters, digits, "_" and "-"$/,
    say: (_match, value) => {
      const fixed = cleanName(value);
      const example = fixed === undefined ? '' : ` “${fixed}” would do.`;
      return `Use only letters, digits, “-” and “_”, without spaces.${example}`;
    },
  },
  {
    rule: /^name "(.*)" is reserved: Claude Code cannot add a server of that name$/,
    say: (match) => `Claude Code cannot add a server named “${match[1] ?? ''}”: pick another name.`,
  },
  {
    rule: /^env name must start with a letter or "_" and hold only letters, digits and "_"$/,
    say: () => 'Use letters, digits and “_” only, not starting with a digit (like API_KEY).',
  },
  { rule: /^header name is required$/, say: () => 'Give the header a name.' },
  {
    rule: /^header name may only contain /,
    say: () => 'A header name has no spaces or “:” (like Authorization or X-Api-Key).',
  },
  {
    rule: /^header value may not start or end with whitespace$/,
    say: () => 'Remove the spaces at the start or end: Claude Code would drop them.',
  },
  {
    rule: /^url must be an absolute http\(s\) URL$/,
    say: () => 'Enter a full address starting with http:// or https://.',
  },
  { rule: /^(\w[\w ]*) may not be blank$/, say: () => 'Fill this in.' },
  {
    rule: /^(\w[\w ]*) may not start with "-"$/,
    say: () => 'It cannot start with “-”: Claude Code would read it as an option.',
  },
  {
    rule: /^(\w[\w ]*) may not contain control characters$/,
    say: () => 'Remove the invisible characters (tabs, line breaks) from it.',
  },
  {
    rule: /^(\w[\w ]*) must be at most (\d+) characters$/,
    say: (match) => `Too long: at most ${match[2] ?? ''} characters.`,
  },
  {
    rule: /^(args|env|headers) may have at most (\d+) entries$/,
    say: (match) => `At most ${match[2] ?? ''} ${ROW_NOUNS[match[1] ?? ''] ?? 'rows'}.`,
  },
  {
    rule: /^(\w[\w ]*) "__proto__" is reserved: Claude Code cannot store it$/,
    say: () => 'Claude Code cannot store “__proto__”: pick another name.',
  },
];

const ROW_NOUNS: Record<string, string> = { args: 'arguments', env: 'variables', headers: 'headers' };

/** The schema's `message` for `value`, said for the person at the form. */
export function plainWords(message: string, value = ''): string {
  for (const { rule, say } of REWORDINGS) {
    const match = rule.exec(message);
    if (match !== null) return say(match, value);
  }
  return message;
}
