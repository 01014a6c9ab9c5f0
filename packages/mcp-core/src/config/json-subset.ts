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
 *
 * The text may come in pieces (`parseJsonChunks`, a file read as it is scanned): the parser holds
 * only the piece it scans, the unfinished token at its end and the text of a value it keeps whole,
 * so a file of hundreds of megabytes is never in memory at once.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { syntaxErrorAt, type ReadBytesAt } from './json-syntax-error';
import { END_OF_INPUT, JsonTokens, NEEDS_MORE, SyntaxAt } from './json-tokens';

export { isJsonSyntaxError, JsonSyntaxError } from './json-syntax-error';

/**
 * Chooses, for an object member at `path` (the keys from the root), whether to keep it `whole`,
 * keep only those of its members the selector keeps again (`members`; a value that is not an
 * object is then kept whole), do the same but hand them back as a Map in file order (`map`: for
 * an object of a million members, which as a plain object would take seconds to build and to
 * walk), or leave it out (`none`). The root is always `members`.
 */
export type MemberSelector = (path: readonly string[]) => 'whole' | 'members' | 'map' | 'none';

/**
 * A text in pieces. `next(kept)` gives the next window: a copy of `kept` (the end of the last
 * window that the parser still needs) followed by at least one new byte, or `undefined` at the end
 * of the text. `readAt` reads the text again, for the line and column of an error.
 */
export interface JsonChunks {
  next(kept: Buffer): Promise<Buffer | undefined>;
  readAt: ReadBytesAt;
}

export function parseJsonSubset(bytes: Buffer, select: MemberSelector): Promise<unknown> {
  return new SubsetParser(bytes, undefined, select).parse((position, length) =>
    Promise.resolve(bytes.subarray(position, position + length)),
  );
}

/** `parseJsonSubset` of a text that comes in pieces. */
export async function parseJsonChunks(chunks: JsonChunks, select: MemberSelector): Promise<unknown> {
  const first = await chunks.next(Buffer.alloc(0));
  return new SubsetParser(first ?? Buffer.alloc(0), first === undefined ? undefined : chunks, select).parse(
    (position, length) => chunks.readAt(position, length),
  );
}

/**
 * The parser hands the event loop a turn once it has worked this long. A time budget rather than a
 * byte count: the first megabytes run before the JIT has optimized the scanner, many times slower.
 */
const SLICE_MS = 4;
/** How often, in bytes, the clock is read. */
const CLOCK_CHECK_BYTES = 1 << 14;

const SKIPPED = Symbol('skipped');
/** The UTF-8 byte order mark a file may start with. */
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const QUOTE = 0x22;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** A literal's value by its first byte (the scanner checked the rest). */
const LITERAL_VALUES = new Map([
  [0x74, { value: true }],
  [0x66, { value: false }],
  [0x6e, { value: null }],
]);

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

class SubsetParser extends JsonTokens {
  private expect: Expectation = 'value';
  private readonly stack: Frame[] = [];
  /** The value being kept whole: its start (in the window) and the stack depth it closes at. */
  private capture: { start: number; depth: number } | undefined;
  private result: unknown;
  private sliceStart = 0;

  constructor(
    bytes: Buffer,
    /** Where the rest of the text comes from; `undefined` once the window ends the text. */
    private more: JsonChunks | undefined,
    private readonly select: MemberSelector,
  ) {
    super(bytes, more !== undefined);
    // Claude Code reads its files with a UTF-8 byte order mark (editors on Windows save one): so do we.
    if (bytes.length >= UTF8_BOM.length && bytes.subarray(0, UTF8_BOM.length).equals(UTF8_BOM)) {
      this.pos = UTF8_BOM.length;
    }
  }

  async parse(readAt: ReadBytesAt): Promise<unknown> {
    this.sliceStart = performance.now();
    try {
      for (;;) {
        const stop = this.run();
        if (stop === 'done') return this.result;
        if (stop === 'slice-over') {
          await nextTurn();
          this.sliceStart = performance.now();
        } else await this.nextWindow();
      }
    } catch (error) {
      if (error instanceof SyntaxAt) throw await syntaxErrorAt(error.reason, error.offset, readAt);
      throw error;
    }
  }

  /** Takes steps until the text ends, the slice of time is over, or the window is. */
  private run(): 'done' | 'slice-over' | 'window-over' {
    let checkAt = this.pos + CLOCK_CHECK_BYTES;
    try {
      for (;;) {
        if (this.pos >= checkAt) {
          checkAt = this.pos + CLOCK_CHECK_BYTES;
          if (performance.now() - this.sliceStart >= SLICE_MS) return 'slice-over';
        }
        if (this.step()) return 'done';
      }
    } catch (error) {
      if (error === NEEDS_MORE) return 'window-over';
      throw error;
    }
  }

  /**
   * Reads one token. A step that runs past the window throws NEEDS_MORE before it changes
   * anything but `pos` over whitespace, so it is taken again, whole, in the next window.
   */
  private step(): boolean {
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
        return true;
    }
    return false;
  }

  /** Drops what is done with, keeps the token being read and the value being kept, and reads on. */
  private async nextWindow(): Promise<void> {
    const chunks = this.more;
    if (chunks === undefined) throw new Error('The parser asked past the end of its text');
    const keepFrom = Math.min(this.pos, this.capture?.start ?? this.pos);
    const next = await chunks.next(this.bytes.subarray(keepFrom));
    if (next === undefined) {
      this.more = undefined;
      this.textGoesOn = false;
      return;
    }
    this.base += keepFrom;
    this.pos -= keepFrom;
    if (this.capture !== undefined) this.capture.start -= keepFrom;
    this.setWindow(next);
  }

  private readValue(byte: number): void {
    // A scalar is read to its end first: nothing changes before a step is sure to finish.
    const scalarEnd = byte === OPEN_BRACE || byte === OPEN_BRACKET ? this.pos : this.scalarEnd(byte);
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
      this.pos = scalarEnd;
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
