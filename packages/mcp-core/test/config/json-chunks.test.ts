/**
 * The scanner fed in pieces (parseJsonChunks) against the same scanner given the whole text at once
 * (parseJsonSubset): every token, escape and multi-byte character split across a piece's end.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { parseJsonChunks, parseJsonSubset } from '../../src/config/json-subset';
import type { JsonChunks, MemberSelector } from '../../src/config/json-subset';

/** `bytes` in pieces of `size` bytes, each window a fresh copy of what the parser kept. */
function inPieces(bytes: Buffer, size: number): JsonChunks {
  let read = 0;
  return {
    next(kept) {
      if (read >= bytes.length) return Promise.resolve(undefined);
      const piece = bytes.subarray(read, read + size);
      read += piece.length;
      return Promise.resolve(Buffer.concat([kept, piece]));
    },
    readAt: (position, length) => Promise.resolve(bytes.subarray(position, position + length)),
  };
}

async function outcome(parsing: Promise<unknown>): Promise<{ value: unknown } | { error: unknown }> {
  try {
    return { value: await parsing };
  } catch (error) {
    return { error };
  }
}

const keepAll: MemberSelector = () => 'members';
const claudeLike: MemberSelector = ([top, project, field]) => {
  if (top === 'mcpServers') return 'whole';
  if (top !== 'projects') return 'none';
  if (project === undefined) return 'map';
  if (field === undefined) return 'members';
  return field === 'mcpServers' || field === 'trusted' ? 'whole' : 'none';
};

const documents = [
  `{
    "numbers": [0, -0, 12, -3.5, 1e5, 1.5E-3, 2e+2, 0.0],
    "strings": ["", "plain", "é✓😀", "\\"\\\\\\/\\b\\f\\n\\r\\t", "\\u00e9\\ud83d\\ude00"],
    "literals": [true, false, null],
    "empty": { "object": {}, "array": [] },
    "nested": [[{ "deep": [{ "deeper": {} }] }]],\r\n\t"spaced" : 1
  }`,
  JSON.stringify({
    mcpServers: { 'é✓': { command: 'x😀', args: ['\u0000\n"', '\\'], env: { K: 'v' } } },
    projects: {
      '/p/é': { history: [{ display: 'long ✓ text "quoted" \\ 😀' }], mcpServers: { a: {} }, trusted: true },
      '/q': { history: [], trusted: false, other: [1.5e-7, -0, null] },
      '\u00e9\u0301': { mcpServers: {}, trusted: null },
    },
    other: 'drop',
  }),
  '[1, {"a": 2}]',
  '"text with ✓"',
  '-12.5e+3',
  ' true ',
  'null',
];

const broken = [
  '',
  '{"a":1,}',
  '{"a" 1}',
  '[1 2]',
  '{"a":01}',
  '{"a":-}',
  '{"a":1.}',
  '{"a":1e}',
  '{"a":tru}',
  '["\u0001"]',
  '["\\x"]',
  '["\\u12G4"]',
  '{"é":"ü',
  '{"é": 1,\n  "b": 2,,\n}',
  '{}\n  x',
  '{"a": [1, 2}',
  '{"mcpServers": {"a": 1}, "projects": {"/p": {"history": ["✓", "\\q"]}}}',
  '{"a": 12',
  '{"a": tr',
];

describe('parseJsonChunks', () => {
  it.each([1, 2, 3, 5, 7, 64])(
    'gives what the scanner gives for the whole text, every token split across pieces of %i bytes',
    async (size) => {
      for (const text of documents) {
        for (const select of [keepAll, claudeLike, () => 'none' as const]) {
          const bytes = Buffer.from(text);
          const whole = await outcome(parseJsonSubset(bytes, select));
          expect(whole).toHaveProperty('value');
          await expect(outcome(parseJsonChunks(inPieces(bytes, size), select))).resolves.toEqual(whole);
        }
      }
    },
  );

  it.each([1, 2, 3, 5, 7, 64])(
    'rejects each broken text with the error, offset, line and column of the whole text, in pieces of %i bytes',
    async (size) => {
      for (const text of broken) {
        for (const select of [keepAll, claudeLike]) {
          const bytes = Buffer.from(text);
          const whole = await outcome(parseJsonSubset(bytes, select));
          expect(whole).toHaveProperty('error');
          await expect(outcome(parseJsonChunks(inPieces(bytes, size), select))).resolves.toEqual(whole);
        }
      }
    },
  );

  it('keeps only the unfinished token and the kept value between pieces, not the text before them', async () => {
    const history = JSON.stringify(
      Array.from({ length: 5_000 }, (_, index) => `prompt ${index} `.repeat(10)),
    );
    const bytes = Buffer.from(`{"history": ${history}, "mcpServers": {"a": {"command": "x"}}}`);
    let largestKept = 0;
    const pieces = inPieces(bytes, 4096);
    const watched: JsonChunks = {
      next: (kept) => {
        largestKept = Math.max(largestKept, kept.length);
        return pieces.next(kept);
      },
      readAt: pieces.readAt,
    };

    const parsed = await parseJsonChunks(watched, ([top]) => (top === 'mcpServers' ? 'whole' : 'none'));

    expect(parsed).toEqual({ mcpServers: { a: { command: 'x' } } });
    // The longest token is one prompt string of about 120 bytes.
    expect(largestKept).toBeLessThan(200);
  });

  // Pieces that are there at once (a read that finished while the last piece was scanned) hand
  // the event loop no turn of their own: the scanner's time slices must go on across them.
  it('hands the event loop turns while it parses a large document whose pieces are all there at once', async () => {
    const history = Array.from({ length: 40_000 }, (_, index) => ({
      display: `prompt ${index} `.repeat(20),
    }));
    const bytes = Buffer.from(JSON.stringify({ projects: { '/p': { history } }, mcpServers: { a: {} } }));
    let turns = 0;
    let parsing = true;
    const countTurns = async () => {
      while (parsing) {
        await nextTurn();
        turns += 1;
      }
    };
    const counting = countTurns();
    const parsed = await parseJsonChunks(inPieces(bytes, 64 * 1024), (path) =>
      path[0] === 'mcpServers' ? 'whole' : 'none',
    );
    parsing = false;
    await counting;

    expect(parsed).toEqual({ mcpServers: { a: {} } });
    expect(turns).toBeGreaterThan(1);
  });
});
