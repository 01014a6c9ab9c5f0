/**
 * An export that can be shared and imported back: every secret the list hides becomes a `${VAR}`
 * placeholder, which Claude Code stores as written and expands from its environment when it starts
 * the server (docs/claude-code-facts.md, "${VAR} is stored literally"). An env value becomes its own
 * variable (`API_KEY` → `${API_KEY}`); a header, a credential in an argument or URL, and a
 * secret-named field become `${<SERVER>_<WHAT>}`; a value that is not a string too, whole.
 * A kept `${VAR:-default}` of an env or header value loses its default (a secret, like every such
 * value) and VAR is listed to be set; every name a kept reference uses is reserved, so no secret
 * of another server is given that name.
 */
import { isRecord } from '../records';
import { maskEntry, REDACTED } from '../secret-masking';
import { variableReferences } from '../variable-references';

/** One placeholder of a document: the variable to set and the value it stands for. */
export interface Placeholder {
  variable: string;
  server: string;
  /** Where it stands, e.g. `env.API_KEY`, `headers.Authorization`, `args`, `url`. */
  field: string;
}

/** The variables a document's placeholders use, each bound to the value it stands for. */
export class PlaceholderNames {
  readonly #values = new Map<string, string>();
  /** Names that kept `${VAR}` references use: they stand for the user's variable, not for a value here. */
  readonly #reserved = new Set<string>();
  readonly placeholders: Placeholder[] = [];

  /** Reserves every variable a `${VAR}` reference in `entry` uses (call for every entry first). */
  reserveReferences(entry: unknown): void {
    for (const text of stringsOf(entry, 0)) {
      for (const { name } of variableReferences(text)) this.#reserved.add(name);
    }
  }

  /** A kept reference whose default was dropped: its variable is listed to be set. */
  keep(variable: string, server: string, field: string): void {
    if (!this.placeholders.some((each) => each.variable === variable && each.server === server)) {
      this.placeholders.push({ variable, server, field });
    }
  }

  /**
   * `${wanted}` for `value`, or `${SERVER_wanted}` (then `_2`, `_3`…) when another value took it:
   * two servers with the same key and the same value share one variable.
   */
  take(wanted: string, server: string, field: string, value: string): string {
    const prefixed = wanted.startsWith(`${variableWord(server)}_`)
      ? wanted
      : `${variableWord(server)}_${wanted}`;
    const free = (name: string) => !this.#reserved.has(name) && (this.#values.get(name) ?? value) === value;
    let variable = [wanted, prefixed].find(free);
    for (let n = 2; variable === undefined; n += 1) {
      const numbered = `${prefixed}_${n}`;
      if (free(numbered)) variable = numbered;
    }
    if (!this.#values.has(variable)) this.placeholders.push({ variable, server, field });
    this.#values.set(variable, value);
    return `\${${variable}}`;
  }
}

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A value that is already one whole `${VAR}` / `${VAR:-default}`: kept, without its default. */
const WHOLE_REFERENCE = /^\$\{([A-Za-z_][A-Za-z0-9_]*)(:-[^}]*)?\}$/;
/** How deep `reserveReferences` looks for strings (the masking hides deeper ones whole). */
const MAX_REFERENCE_DEPTH = 64;

function* stringsOf(value: unknown, depth: number): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (typeof value === 'object' && value !== null && depth < MAX_REFERENCE_DEPTH) {
    for (const member of Object.values(value)) yield* stringsOf(member, depth + 1);
  }
}

/** `text` as an upper-case variable word: `my-server` → `MY_SERVER`, `2fa` → `_2FA`. */
function variableWord(text: string): string {
  const word = text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return /^[0-9]/.test(word) || word === '' ? `_${word}` : word;
}

/** `entry` with each secret replaced by a placeholder taken from `names`. */
export function placeholderEntry(server: string, entry: unknown, names: PlaceholderNames): unknown {
  if (!isRecord(entry)) return entry;
  const masked = maskEntry(entry);
  if (!isRecord(masked)) return masked;
  return Object.fromEntries(
    Object.entries(entry).map(([field, value]) => {
      if ((field === 'env' || field === 'headers') && isRecord(value)) {
        return [field, placeholderMap(server, field, value, names)];
      }
      return [field, placeholderValue(server, field, value, masked[field], names)];
    }),
  );
}

function placeholderMap(
  server: string,
  field: 'env' | 'headers',
  map: Record<string, unknown>,
  names: PlaceholderNames,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(map).map(([key, value]) => {
      const reference = typeof value === 'string' ? WHOLE_REFERENCE.exec(value) : null;
      if (reference !== null) {
        const [whole, variable = ''] = reference;
        if (reference[2] === undefined) return [key, whole];
        names.keep(variable, server, `${field}.${key}`);
        return [key, `\${${variable}}`];
      }
      // An env key is already the variable people set; a header is named after its server.
      const wanted = field === 'env' && VARIABLE_NAME.test(key) ? key : variableWord(`${server}_${key}`);
      // A value that is not a string is a secret too (the list hides it): it stands for its JSON.
      const stands = typeof value === 'string' ? value : JSON.stringify(value);
      return [key, names.take(wanted, server, `${field}.${key}`, stands)];
    }),
  );
}

/**
 * A stored value with each part the masking hid replaced by a placeholder. The masked copy says
 * where the secrets are; the stored value says what they are (so equal secrets share a variable).
 */
function placeholderValue(
  server: string,
  path: string,
  value: unknown,
  masked: unknown,
  names: PlaceholderNames,
): unknown {
  if (typeof value === 'string' && typeof masked === 'string') {
    if (!masked.includes(REDACTED)) return value;
    const wanted = variableWord(`${server}_${path.split('.').at(-1) ?? path}`);
    let index = 0;
    return masked.replaceAll(REDACTED, () => {
      index += 1;
      const label = index === 1 ? wanted : `${wanted}_${index}`;
      // The whole stored string stands for the value: equal strings share their variables.
      return names.take(label, server, path, `${value}#${index}`);
    });
  }
  // Hidden whole (a secret-named field's object, or nesting past the masking's depth).
  if (masked === REDACTED && value !== REDACTED) {
    const wanted = variableWord(`${server}_${path.split('.').at(-1) ?? path}`);
    return names.take(wanted, server, path, JSON.stringify(value));
  }
  if (Array.isArray(value) && Array.isArray(masked)) {
    return value.map((item: unknown, i) => placeholderValue(server, path, item, masked[i], names));
  }
  if (isRecord(value) && isRecord(masked)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, member]) => [
        key,
        placeholderValue(server, `${path}.${key}`, member, masked[key], names),
      ]),
    );
  }
  return value;
}
