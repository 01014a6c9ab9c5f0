/**
 * The tokens of JSON text for the scanner (json-subset.ts): where a string, number or literal
 * ends, checked as `JSON.parse` checks it. The text is seen through a window; a token that runs past
 * it throws NEEDS_MORE, and the scanner takes the step again once the window holds more.
 */
import { isSimpleEscape, plainRunEnd, wordView, type WordView } from './json-string-scan';

export const END_OF_INPUT = -1;

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const PLUS = 0x2b;
const MINUS = 0x2d;
const DOT = 0x2e;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const UPPER_E = 0x45;
const BACKSLASH = 0x5c;
const LOWER_E = 0x65;
const LOWER_U = 0x75;

const LITERALS = new Map(['true', 'false', 'null'].map((word) => [word.charCodeAt(0), Buffer.from(word)]));

/** Thrown by a step that reached the end of the window before the end of the text. */
export const NEEDS_MORE = new Error('The window ends before the token does');

/** Where and why the text is not JSON; its line and column are found afterwards. */
export class SyntaxAt extends Error {
  constructor(
    readonly reason: string,
    readonly offset: number,
  ) {
    super(reason);
  }
}

export class JsonTokens {
  /** The window's offset in the whole text. */
  protected base = 0;
  /** In the window. */
  protected pos = 0;
  private words: WordView;
  /** The string `stringEnd` last passed had an escape: its text is not its value. */
  protected lastStringEscaped = false;

  constructor(
    /** The window: the part of the text being scanned. */
    protected bytes: Buffer,
    /** More text follows the window. */
    protected textGoesOn: boolean,
  ) {
    this.words = wordView(bytes);
  }

  protected setWindow(bytes: Buffer): void {
    this.bytes = bytes;
    this.words = wordView(bytes);
  }

  protected scalarEnd(byte: number): number {
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
  protected stringEnd(start: number): number {
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

  protected escapeEnd(backslash: number): number {
    const kind = this.byteAt(backslash + 1);
    if (kind !== END_OF_INPUT && isSimpleEscape(kind)) return backslash + 2;
    if (kind !== LOWER_U) throw this.error('Bad escaped character', backslash + 1);
    for (let i = backslash + 2; i < backslash + 6; i++) {
      if (!isHexDigit(this.byteAt(i))) throw this.error('Bad Unicode escape', i);
    }
    return backslash + 6;
  }

  // -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
  protected numberEnd(start: number): number {
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
  protected digitsEnd(start: number): number {
    if (!isDigit(this.byteAt(start))) throw this.unexpected(start);
    let i = start + 1;
    while (isDigit(this.byteAt(i))) i += 1;
    return i;
  }

  protected skipWhitespace(): void {
    for (;;) {
      const byte = this.byteAt(this.pos);
      if (byte !== SPACE && byte !== LINE_FEED && byte !== CARRIAGE_RETURN && byte !== TAB) return;
      this.pos += 1;
    }
  }

  protected byteAt(offset: number): number {
    return this.bytes[offset] ?? this.pastWindow();
  }

  protected pastWindow(): number {
    if (!this.textGoesOn) return END_OF_INPUT;
    throw NEEDS_MORE;
  }

  protected text(start: number, end: number): string {
    return this.bytes.toString('utf8', start, end);
  }

  protected unexpected(offset = this.pos): SyntaxAt {
    // The character is not quoted: a file that is not JSON (a key a link led to) is no one's to show.
    if (offset >= this.bytes.length) return this.error('Unexpected end of JSON input', offset);
    return this.error('Unexpected character', offset);
  }

  protected error(reason: string, offset = this.pos): SyntaxAt {
    return new SyntaxAt(reason, this.base + offset);
  }
}

function isDigit(byte: number): boolean {
  return byte >= DIGIT_0 && byte <= DIGIT_9;
}

function isHexDigit(byte: number): boolean {
  return isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66);
}
