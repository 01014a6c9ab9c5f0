/**
 * A JSON parser for documents a user hands in, which `JSON.parse` reads too quietly: it keeps the
 * last of two members with the same key without a word, and its error messages do not always say
 * where the text is wrong. This one builds the same values (`__proto__` an ordinary own key, the
 * last duplicate winning), remembers every member of every object in text order with its line,
 * and reports a syntax error with its line and column.
 */

export interface JsonMember {
  key: string;
  value: unknown;
  /** The line the key is on, from 1. */
  line: number;
}

export interface ParsedJson {
  value: unknown;
  /** The members of an object of `value` as the text lists them, duplicates included. */
  membersOf: (object: object) => readonly JsonMember[] | undefined;
}

export class JsonTextError extends SyntaxError {
  override readonly name = 'JsonTextError';

  constructor(
    readonly reason: string,
    readonly line: number,
    /** In UTF-16 code units, from 1. */
    readonly column: number,
  ) {
    super(`${reason} at line ${line}, column ${column}`);
  }
}

// Recursion is one stack frame per level: a bound keeps a hostile "[[[[…" from exhausting it.
const MAX_DEPTH = 64;

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS: readonly [string, unknown][] = [
  ['true', true],
  ['false', false],
  ['null', null],
];
const SIMPLE_ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const HEX_DIGITS = /^[0-9A-Fa-f]{4}$/;

export function parseJsonText(text: string): ParsedJson {
  const members = new WeakMap<object, JsonMember[]>();
  let pos = 0;
  // Line breaks only occur between tokens (a string may not hold a raw one), so whitespace counts them.
  let line = 1;
  let lineStart = 0;

  function fail(reason: string, at = pos): never {
    throw new JsonTextError(reason, line, at - lineStart + 1);
  }

  // Where, never what: the text may be a file that is no JSON at all, a key or a token.
  function unexpected(at = pos): never {
    return text[at] === undefined
      ? fail('Unexpected end of JSON input', at)
      : fail('Unexpected character', at);
  }

  function skipWhitespace(): void {
    for (;;) {
      const char = text[pos];
      if (char === '\n') {
        line += 1;
        lineStart = pos + 1;
      } else if (char !== ' ' && char !== '\t' && char !== '\r') {
        return;
      }
      pos += 1;
    }
  }

  function expect(char: string): void {
    skipWhitespace();
    if (text[pos] !== char) unexpected();
    pos += 1;
  }

  function readString(): string {
    const start = pos;
    for (pos = start + 1; ; pos++) {
      const char = text[pos];
      if (char === undefined) fail('Unterminated string in JSON');
      if (char === '"') break;
      if (char === '\\') {
        const kind = text.charAt(pos + 1);
        if (SIMPLE_ESCAPES.has(kind)) pos += 1;
        else if (kind === 'u' && HEX_DIGITS.test(text.slice(pos + 2, pos + 6))) pos += 5;
        else fail('Bad escaped character', pos + 1);
      } else if (char.charCodeAt(0) < 0x20) {
        fail('Bad control character in string literal');
      }
    }
    pos += 1;
    return JSON.parse(text.slice(start, pos)) as string;
  }

  function readValue(depth: number): unknown {
    skipWhitespace();
    const char = text[pos];
    if (char === '{' || char === '[') {
      if (depth >= MAX_DEPTH) fail(`Nested deeper than ${MAX_DEPTH} levels`);
      pos += 1;
      return char === '{' ? readObject(depth + 1) : readArray(depth + 1);
    }
    if (char === '"') return readString();
    for (const [word, value] of LITERALS) {
      if (text.startsWith(word, pos)) {
        pos += word.length;
        return value;
      }
    }
    NUMBER.lastIndex = pos;
    const number = NUMBER.exec(text);
    if (number === null) unexpected();
    pos += number[0].length;
    return Number(number[0]);
  }

  function readObject(depth: number): Record<string, unknown> {
    const list: JsonMember[] = [];
    skipWhitespace();
    if (text[pos] === '}') {
      pos += 1;
    } else {
      for (;;) {
        skipWhitespace();
        if (text[pos] !== '"') unexpected();
        const keyLine = line;
        const key = readString();
        expect(':');
        list.push({ key, line: keyLine, value: readValue(depth) });
        skipWhitespace();
        const next = text[pos];
        pos += 1;
        if (next === '}') break;
        if (next !== ',') unexpected(pos - 1);
      }
    }
    // Own data properties, as JSON.parse defines them: "__proto__" is a key, not the prototype.
    const object = Object.fromEntries(list.map(({ key, value }) => [key, value]));
    members.set(object, list);
    return object;
  }

  function readArray(depth: number): unknown[] {
    const items: unknown[] = [];
    skipWhitespace();
    if (text[pos] === ']') {
      pos += 1;
      return items;
    }
    for (;;) {
      items.push(readValue(depth));
      skipWhitespace();
      const next = text[pos];
      pos += 1;
      if (next === ']') return items;
      if (next !== ',') unexpected(pos - 1);
    }
  }

  const value = readValue(0);
  skipWhitespace();
  if (pos < text.length) fail('Unexpected non-whitespace character after JSON');
  return { value, membersOf: (object) => members.get(object) };
}
