/**
 * What MCP Admin hides of a server entry, and of any text that may quote one, unless a request asks
 * with `reveal`: env and header values whole, and the credentials people put in arguments and URLs:
 * - a URL's password (`postgresql://app:••••••@db/x`), or its user when that is a token;
 * - the value of a secret-named query parameter, option or assignment (`?api_key=••••••`,
 *   `--client-secret=••••••`, `--token ••••••` in a text or as two arguments, `DB_PASSWORD=••••••`);
 * - `Bearer` / `Basic` credentials and secret-named header lines (`Authorization: ••••••`);
 * - tokens of well-known shapes (`sk-…`, `ghp_…`, `xoxb-…`, `AKIA…`, JWTs, PEM private keys).
 * One module for every place that hides secrets: the list, the history, the audit log, export and
 * import sources. Every pattern is linear in the text.
 */
import { isRecord } from './records';

/** What a hidden secret reads as. */
export const REDACTED = '••••••';

/** Names whose value is a secret, compared as lower snake case (`apiKey`, `API-KEY` → `api_key`). */
const SECRET_NAME =
  /(?:^|_)(?:pass|passwd|password|passphrase|pwd|secret|token|auth|authorization|credentials?|cookie|signature|sig|(?:api|access|secret|private|client|auth|master|signing|encryption|account)_?key|apikey)$/;

/** Options that take their secret as the next argument (`--token VALUE`); not a flag like `--no-auth`. */
const VALUE_OPTION = /(?:^|_)(?:password|passwd|passphrase|pwd|secret|token|key|apikey|credentials?)$/;

// Each pattern starts only after a character its first part cannot hold, so no run of text is
// scanned again from each of its characters: linear in the text, however hostile.
const URL_USER_INFO = /(^|[^a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@:]*)(?::([^\s/?#@]*))?@/gi;
const ASSIGNMENT = /(^|[\s?&;,"'(])(-{0,2})([A-Za-z_][\w.-]*)=([^\s&;,"')]*)/g;
const OPTION_WITH_VALUE = /(^|\s)(--?[A-Za-z][\w-]*)([ \t]+)([^\s-]\S*)/g;
const HEADER_LINE = /(^|[\n"'])([A-Za-z][\w-]*)(:[ \t]*)([^\r\n"']+)/g;
const SCHEME_CREDENTIAL = /\b(Bearer|Basic)([ \t]+)[A-Za-z0-9._~+/=-]{8,}/gi;
const PRIVATE_KEY =
  /-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]{0,40}PRIVATE KEY-----|$)/g;
/** A word: what a token of a known shape is, whole. */
const WORD = /[^\s"'`,;()<>[\]{}=:@]+/g;
const KNOWN_TOKEN = new RegExp(
  `^(?:${[
    'sk-[A-Za-z0-9_-]{16,}',
    'gh[pousr]_[A-Za-z0-9]{20,}',
    'github_pat_[A-Za-z0-9_]{20,}',
    'xox[abposr]-[A-Za-z0-9-]{10,}',
    'glpat-[A-Za-z0-9_-]{20,}',
    'AKIA[0-9A-Z]{16}',
    'AIza[0-9A-Za-z_-]{35}',
    'eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}',
  ].join('|')})$`,
);
const MAX_MASKED_DEPTH = 64;
/** A URL's user alone is a credential when it is long (a token as user), not a login like `git`. */
const TOKEN_AS_USER_LENGTH = 20;

/** Whether a name (option, parameter, variable, header, field) says its value is a secret. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(snakeCase(name));
}

function snakeCase(name: string): string {
  return name
    .replace(/^-+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-.\s]+/g, '_')
    .toLowerCase();
}

/** `text` with every credential the rules above find replaced by REDACTED. */
export function maskCredentials(text: string): string {
  let masked = text.replace(
    URL_USER_INFO,
    (_match, before: string, scheme: string, user: string, password?: string) => {
      if (password !== undefined) return `${before}${scheme}${user}:${password === '' ? '' : REDACTED}@`;
      return `${before}${scheme}${user.length >= TOKEN_AS_USER_LENGTH ? REDACTED : user}@`;
    },
  );
  masked = masked.replace(ASSIGNMENT, (match, before: string, dashes: string, name: string, value: string) =>
    value !== '' && value !== REDACTED && isSecretName(name)
      ? `${before}${dashes}${name}=${REDACTED}`
      : match,
  );
  masked = masked.replace(OPTION_WITH_VALUE, (match, before: string, option: string, space: string) =>
    VALUE_OPTION.test(snakeCase(option)) ? `${before}${option}${space}${REDACTED}` : match,
  );
  masked = masked.replace(HEADER_LINE, (match, before: string, name: string, colon: string) =>
    isSecretName(name) ? `${before}${name}${colon}${REDACTED}` : match,
  );
  masked = masked.replace(
    SCHEME_CREDENTIAL,
    (_match, scheme: string, space: string) => `${scheme}${space}${REDACTED}`,
  );
  masked = masked.replace(PRIVATE_KEY, REDACTED);
  return masked.replace(WORD, (word) => (KNOWN_TOKEN.test(word) ? REDACTED : word));
}

/**
 * A command's arguments with their credentials hidden: each as `maskCredentials` does, and the
 * argument after a secret-named option (`--token VALUE`) whole.
 */
export function maskArgs(args: readonly string[]): string[] {
  return args.map((arg, index) => {
    const option = index > 0 ? args[index - 1] : undefined;
    if (option !== undefined && /^--?[A-Za-z][\w-]*$/.test(option) && VALUE_OPTION.test(snakeCase(option))) {
      return REDACTED;
    }
    return maskCredentials(arg);
  });
}

/** A secret map's keys, each with REDACTED for its value. */
export function hideValues(map: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.keys(map).map((key) => [key, REDACTED]));
}

/** A stored secret map (env, headers): keys stay visible, values do not; a malformed one is hidden whole. */
export function hideSecretMap(value: unknown): unknown {
  return isRecord(value) ? hideValues(value) : REDACTED;
}

/**
 * A stored server entry as shown without `reveal`: env and header values hidden, credentials in
 * its command, arguments, URL and every other string hidden, and a secret-named field's string
 * value (`oauth.clientSecret`) hidden whole. Keys and shapes stay as stored.
 */
export function maskEntry(entry: unknown): unknown {
  if (!isRecord(entry)) return maskValue(entry);
  return Object.fromEntries(
    Object.entries(entry).map(([field, value]) => {
      if (field === 'env' || field === 'headers') return [field, hideSecretMap(value)];
      if (field === 'args' && Array.isArray(value) && value.every((arg) => typeof arg === 'string')) {
        return [field, maskArgs(value)];
      }
      return [field, maskValue(value)];
    }),
  );
}

/**
 * Any stored value: strings masked, a secret-named member's string or number hidden whole, the rest walked.
 * Past MAX_MASKED_DEPTH levels (a hostile file can nest 100 000) the rest is hidden whole.
 */
export function maskValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskCredentials(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_MASKED_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((item: unknown) => maskValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => [
      key,
      (typeof member === 'string' || typeof member === 'number') && isSecretName(key)
        ? REDACTED
        : maskValue(member, depth + 1),
    ]),
  );
}
