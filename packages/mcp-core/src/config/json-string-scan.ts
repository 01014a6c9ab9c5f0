/**
 * The hot loop of the config scanner (json-subset.ts): finding where a run of plain string bytes
 * ends. Old `.claude.json` files are mostly `projects[].history` strings (see bench/README.md).
 */

const SPACE = 0x20;

/** 1 for the bytes that end a run of plain string bytes: a quote, a backslash, a control character. */
const STRING_BYTE_STOPS = byteTable('"\\');
STRING_BYTE_STOPS.fill(1, 0, SPACE);
/** 1 for the bytes that may follow a backslash on their own (`\\n`). */
const SIMPLE_ESCAPES = byteTable('"\\/bfnrt');

export function isSimpleEscape(byte: number): boolean {
  return SIMPLE_ESCAPES[byte] === 1;
}

/** `bytes` read 4 at a time: `words[n]` holds the bytes from `from + 4n`, `from` being 4-byte aligned. */
export interface WordView {
  words: Int32Array;
  from: number;
}

export function wordView(bytes: Buffer): WordView {
  const from = Math.min((4 - (bytes.byteOffset % 4)) % 4, bytes.length);
  const count = Math.floor((bytes.length - from) / 4);
  return { words: new Int32Array(bytes.buffer, bytes.byteOffset + from, count), from };
}

/**
 * The offset of the first quote, backslash or control character at or after `start` (the length
 * when there is none). Four bytes at a time: a word holds such a byte exactly when one of the
 * classic "has a byte below 0x20 / equal to c" bit tricks is non-zero (they are exact for "any").
 * A history string of the old `.claude.json` (see bench/README.md) is most of the file's bytes.
 */
export function plainRunEnd(bytes: Buffer, { words, from }: WordView, start: number): number {
  const length = bytes.length;
  let i = start;
  // Byte by byte up to the first whole word.
  while (i < from || (i - from) % 4 !== 0) {
    if (i >= length || STRING_BYTE_STOPS[bytes[i] as number] === 1) return i;
    i += 1;
  }
  let word = (i - from) / 4;
  for (; word < words.length; word++) {
    const x = words[word] as number;
    const quote = x ^ 0x22222222;
    const backslash = x ^ 0x5c5c5c5c;
    const stops =
      ((x - 0x20202020) & ~x) | ((quote - 0x01010101) & ~quote) | ((backslash - 0x01010101) & ~backslash);
    if ((stops & 0x80808080) !== 0) break;
  }
  // The stop is in this word, or in the bytes after the last whole word.
  i = from + word * 4;
  while (i < length && STRING_BYTE_STOPS[bytes[i] as number] === 0) i += 1;
  return i;
}

function byteTable(members: string): Uint8Array {
  const table = new Uint8Array(256);
  for (const byte of Buffer.from(members)) table[byte] = 1;
  return table;
}
