/**
 * A JSON parser that materializes only the object members a selector asks for and validates the
 * rest without building it. `.claude.json` files of old Claude Code versions reach hundreds of
 * megabytes of `projects[].history` while the reader needs a few kilobytes of them: scanning the
 * bytes skips building that object graph, and pausing every `SLICE_MS` keeps the event loop
 * responsive however big the file is (see `pnpm bench`).
 *
 * The result equals `JSON.parse` of the same text with the unselected members left out (and the
 * objects selected as `map` as Maps), including its handling of duplicate keys (the last wins) and
 * of `__proto__` (an ordinary own key). Nesting of any depth is fine: the parser keeps its own stack
 * and `JSON.parse`, which builds the values kept whole, does not recurse either.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { isSimpleEscape, plainRunEnd, wordView, type WordView } from './json-string-scan';

/**
 * Chooses, for an object member at `path` (the keys from the root), whether to keep it `whole`,
 * keep only those of its members the selector keeps again (`members`; a value that is not an
 * object is then kept whole), do the same but hand them back as a Map in file order (`map`: for
 * an object of a million members, which as a plain object would take seconds to build and to
 * walk), or leave it out (`none`). The root is always `members`.
 */
export type MemberSelector = (path: readonly string[]) => 'whole' | 'members' | 'map' | 'none';

export class JsonSyntaxError extends SyntaxError {
  override readonly name = 'JsonSyntaxError';

  constructor(
    /** What is wrong, e.g. `Unexpected character`: never the text itself, which may be a secret. */
    readonly reason: string,
    /** Byte offset in the input. */
    readonly offset: number,
    readonly line: number,
    /** In characters, from 1. */
    readonly column: number,
  ) {
    super(`${reason} at line ${line}, column ${column}`);
  }
}

export function isJsonSyntaxError(error: unknown): error is JsonSyntaxError {
  return error instanceof JsonSyntaxError;
}

export function parseJsonSubset(bytes: Buffer, select: MemberSelector): Promise<unknown> {
  return new SubsetParser(bytes, select).parse();
}

/**
 * The parser hands the event loop a turn once it has worked this long. A time budget rather than a
 * byte count: the first megabytes run before the JIT has optimized the scanner, many times slower.
 */
const SLICE_MS = 4;
/** How often, in bytes, the clock is read. */
const CLOCK_CHECK_BYTES = 1 << 14;

const END_OF_INPUT = -1;
const SKIPPED = Symbol('skipped');

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const PLUS = 0x2b;
const COMMA = 0x2c;
const MINUS = 0x2d;
const DOT = 0x2e;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const COLON = 0x3a;
const UPPER_E = 0x45;
const OPEN_BRACKET = 0x5b;
const BACKSLASH = 0x5c;
const CLOSE_BRACKET = 0x5d;
const LOWER_E = 0x65;
const LOWER_U = 0x75;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** A literal's value by its first byte (the scanner checked the rest). */
const LITERAL_VALUES = new Map([
  [0x74, { value: true }],
  [0x66, { value: false }],
  [0x6e, { value: null }],
]);
const LITERALS = new Map(['true', 'false', 'null'].map((word) => [word.charCodeAt(0), Buffer.from(word)]));

/** What the next token may be. */
type Expectation =
  'value' | 'first-key' | 'key' | 'colon' | 'after-member' | 'first-element' | 'after-element' | 'end';

interface Frame {
  readonly isObject: boolean;
  /** Present on an object whose members are selected one by one. */
  readonly kept?: {
    readonly path: readonly string[];
    /**
     * A Map for `map`, else the object itself. A later duplicate key replaces the value and keeps
     * the first one's place, as in JSON.parse.
     */
    readonly members: Map<string, unknown> | Record<string, unknown>;
  };
  /** The key of the member being read, tracked in kept objects only. */
  key: string;
}

class SubsetParser {
  private pos = 0;
  private expect: Expectation = 'value';
  private readonly stack: Frame[] = [];
  /** The value being kept whole: its start and the stack depth it closes at. */
  private capture: { start: number; depth: number } | undefined;
  private result: unknown;
  private readonly words: WordView;
  /** The string `stringEnd` last passed had an escape: its text is not its value. */
  private lastStringEscaped = false;

  constructor(
    private readonly bytes: Buffer,
    private readonly select: MemberSelector,
  ) {
    this.words = wordView(bytes);
  }

  async parse(): Promise<unknown> {
    let sliceStart = performance.now();
    let checkAt = CLOCK_CHECK_BYTES;
    for (;;) {
      if (this.pos >= checkAt) {
        checkAt = this.pos + CLOCK_CHECK_BYTES;
        if (performance.now() - sliceStart >= SLICE_MS) {
          await nextTurn();
          sliceStart = performance.now();
        }
      }
      this.skipWhitespace();
      const byte = this.byteAt(this.pos);
      switch (this.expect) {
        case 'value':
          this.readValue(byte);
          break;
        case 'first-key':
          if (byte === CLOSE_BRACE) this.closeContainer();
          else this.readKey(byte);
          break;
        case 'key':
          this.readKey(byte);
          break;
        case 'colon':
          this.consume(byte, COLON, 'value');
          break;
        case 'after-member':
          if (byte === CLOSE_BRACE) this.closeContainer();
          else this.consume(byte, COMMA, 'key');
          break;
        case 'first-element':
          if (byte === CLOSE_BRACKET) this.closeContainer();
          else this.expect = 'value';
          break;
        case 'after-element':
          if (byte === CLOSE_BRACKET) this.closeContainer();
          else this.consume(byte, COMMA, 'value');
          break;
        case 'end':
          if (byte !== END_OF_INPUT) throw this.error('Unexpected non-whitespace character after JSON');
          return this.result;
      }
    }
  }

  private readValue(byte: number): void {
    const path = this.pathOfValue();
    const selection = path === undefined ? 'none' : path.length === 0 ? 'members' : this.select(path);
    const byMember = selection === 'members' || selection === 'map';
    if (selection === 'whole' || (byMember && byte !== OPEN_BRACE)) {
      this.capture = { start: this.pos, depth: this.stack.length };
    }
    if (byte === OPEN_BRACE) {
      this.open(
        true,
        byMember && path !== undefined ? { path, members: selection === 'map' ? new Map() : {} } : undefined,
      );
      this.expect = 'first-key';
    } else if (byte === OPEN_BRACKET) {
      this.open(false, undefined);
      this.expect = 'first-element';
    } else {
      this.pos = this.scalarEnd(byte);
      this.finishValue(undefined);
    }
  }

  /** The path of the value about to be read if it is the root or a member of a kept object. */
  private pathOfValue(): readonly string[] | undefined {
    if (this.capture !== undefined) return undefined;
    const parent = this.stack.at(-1);
    if (parent === undefined) return [];
    return parent.kept === undefined ? undefined : [...parent.kept.path, parent.key];
  }

  private open(isObject: boolean, kept: Frame['kept']): void {
    this.stack.push(kept === undefined ? { isObject, key: '' } : { isObject, kept, key: '' });
    this.pos += 1;
  }

  private readKey(byte: number): void {
    if (byte !== QUOTE) throw this.unexpected();
    const end = this.stringEnd(this.pos);
    const frame = this.stack.at(-1);
    if (frame?.kept !== undefined) {
      frame.key = this.lastStringEscaped
        ? (JSON.parse(this.text(this.pos, end)) as string)
        : this.text(this.pos + 1, end - 1);
    }
    this.pos = end;
    this.expect = 'colon';
  }

  private closeContainer(): void {
    this.pos += 1;
    this.finishValue(this.stack.pop());
  }

  /** Records a value that just ended at `pos` in its parent and sets what may follow. */
  private finishValue(closed: Frame | undefined): void {
    let value: unknown = SKIPPED;
    if (this.capture?.depth === this.stack.length) {
      value = this.keptValue(this.capture.start, this.pos);
      this.capture = undefined;
    } else if (closed?.kept !== undefined) {
      value = closed.kept.members;
    }
    const parent = this.stack.at(-1);
    if (parent === undefined) {
      this.result = value;
      this.expect = 'end';
      return;
    }
    if (parent.kept !== undefined && value !== SKIPPED) setMember(parent.kept.members, parent.key, value);
    this.expect = parent.isObject ? 'after-member' : 'after-element';
  }

  /**
   * The value of the kept text from `start` to `end`: JSON.parse of it, without the call for what
   * most of a million projects hold (`{}`, `[]`, `false`), see the projects part of bench/README.md.
   */
  private keptValue(start: number, end: number): unknown {
    const first = this.bytes[start];
    if (end - start === 2 && first === OPEN_BRACE) return {};
    if (end - start === 2 && first === OPEN_BRACKET) return [];
    const literal = first === undefined ? undefined : LITERAL_VALUES.get(first);
    if (literal !== undefined) return literal.value;
    return JSON.parse(this.text(start, end));
  }

  private consume(byte: number, expected: number, next: Expectation): void {
    if (byte !== expected) throw this.unexpected();
    this.pos += 1;
    this.expect = next;
  }

  private scalarEnd(byte: number): number {
    if (byte === QUOTE) return this.stringEnd(this.pos);
    if (byte === MINUS || isDigit(byte)) return this.numberEnd(this.pos);
    const literal = LITERALS.get(byte);
    if (literal === undefined) throw this.unexpected();
    for (let i = 1; i < literal.length; i++) {
      if (this.byteAt(this.pos + i) !== literal[i]) throw this.unexpected(this.pos + i);
    }
    return this.pos + literal.length;
  }

  // The hot loop of a big file (its histories are strings): one table look-up per plain byte.
  private stringEnd(start: number): number {
    const bytes = this.bytes;
    this.lastStringEscaped = false;
    let i = start + 1;
    for (;;) {
      i = plainRunEnd(bytes, this.words, i);
      const byte = this.byteAt(i);
      if (byte === QUOTE) return i + 1;
      if (byte === BACKSLASH) {
        this.lastStringEscaped = true;
        i = this.escapeEnd(i);
      } else {
        throw byte === END_OF_INPUT
          ? this.error('Unterminated string in JSON', i)
          : this.error('Bad control character in string literal', i);
      }
    }
  }

  private escapeEnd(backslash: number): number {
    const kind = this.byteAt(backslash + 1);
    if (kind !== END_OF_INPUT && isSimpleEscape(kind)) return backslash + 2;
    if (kind !== LOWER_U) throw this.error('Bad escaped character', backslash + 1);
    for (let i = backslash + 2; i < backslash + 6; i++) {
      if (!isHexDigit(this.byteAt(i))) throw this.error('Bad Unicode escape', i);
    }
    return backslash + 6;
  }

  // -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
  private numberEnd(start: number): number {
    let i = start;
    if (this.byteAt(i) === MINUS) i += 1;
    if (this.byteAt(i) === DIGIT_0) i += 1;
    else i = this.digitsEnd(i);
    if (this.byteAt(i) === DOT) i = this.digitsEnd(i + 1);
    const exponent = this.byteAt(i);
    if (exponent === LOWER_E || exponent === UPPER_E) {
      i += 1;
      const sign = this.byteAt(i);
      if (sign === PLUS || sign === MINUS) i += 1;
      i = this.digitsEnd(i);
    }
    return i;
  }

  /** The end of a run of at least one digit. */
  private digitsEnd(start: number): number {
    if (!isDigit(this.byteAt(start))) throw this.unexpected(start);
    let i = start + 1;
    while (isDigit(this.byteAt(i))) i += 1;
    return i;
  }

  private skipWhitespace(): void {
    for (;;) {
      const byte = this.byteAt(this.pos);
      if (byte !== SPACE && byte !== LINE_FEED && byte !== CARRIAGE_RETURN && byte !== TAB) return;
      this.pos += 1;
    }
  }

  private byteAt(offset: number): number {
    return this.bytes[offset] ?? END_OF_INPUT;
  }

  private text(start: number, end: number): string {
    return this.bytes.toString('utf8', start, end);
  }

  private unexpected(offset = this.pos): JsonSyntaxError {
    // The character is not quoted: a file that is not JSON (a key a link led to) is no one's to show.
    if (offset >= this.bytes.length) return this.error('Unexpected end of JSON input', offset);
    return this.error('Unexpected character', offset);
  }

  private error(reason: string, offset = this.pos): JsonSyntaxError {
    const lineStart = offset === 0 ? 0 : this.bytes.lastIndexOf(LINE_FEED, offset - 1) + 1;
    let line = 1;
    for (
      let i = this.bytes.indexOf(LINE_FEED);
      i !== -1 && i < lineStart;
      i = this.bytes.indexOf(LINE_FEED, i + 1)
    ) {
      line += 1;
    }
    return new JsonSyntaxError(reason, offset, line, this.text(lineStart, offset).length + 1);
  }
}

// As JSON.parse does, `__proto__` becomes an own member rather than the object's prototype.
function setMember(
  members: Map<string, unknown> | Record<string, unknown>,
  key: string,
  value: unknown,
): void {
  if (members instanceof Map) members.set(key, value);
  else if (key === '__proto__') {
    Object.defineProperty(members, key, { value, writable: true, enumerable: true, configurable: true });
  } else members[key] = value;
}

function isDigit(byte: number): boolean {
  return byte >= DIGIT_0 && byte <= DIGIT_9;
}

function isHexDigit(byte: number): boolean {
  return isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66);
}
