import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, parseJsonSubset } from '../../src/config/json-subset';
import type { MemberSelector } from '../../src/config/json-subset';

const keepAll: MemberSelector = () => 'members';
const parse = (text: string, select: MemberSelector = keepAll) => parseJsonSubset(Buffer.from(text), select);

describe('parseJsonSubset', () => {
  it('equals JSON.parse when every member is kept', async () => {
    const text = `{
      "numbers": [0, -0, 12, -3.5, 1e5, 1.5E-3, 2e+2, 0.0],
      "strings": ["", "plain", "é✓😀", "\\"\\\\\\/\\b\\f\\n\\r\\t", "\\u00e9\\ud83d\\ude00"],
      "literals": [true, false, null],
      "empty": { "object": {}, "array": [] },
      "nested": [[{ "deep": [{ "deeper": {} }] }]],\r\n\t"spaced" : 1
    }`;
    await expect(parse(text)).resolves.toEqual(JSON.parse(text));
  });

  it.each(['[1, {"a": 2}]', '"text"', '42', 'null', ' true '])(
    'parses a non-object root: %s',
    async (text) => {
      await expect(parse(text)).resolves.toEqual(JSON.parse(text));
    },
  );

  it('leaves out the members the selector drops and builds only what it keeps', async () => {
    const text = JSON.stringify({
      keep: { a: [1, { b: 2 }] },
      drop: { history: [{ display: 'long' }] },
      part: { keep: 'yes', drop: 'no', inner: { keep: 1, drop: 2 } },
      partScalar: [1, 2],
    });
    const select: MemberSelector = (path) => {
      const last = path.at(-1);
      if (last === 'keep') return 'whole';
      return last === 'part' || last === 'inner' || last === 'partScalar' ? 'members' : 'none';
    };
    await expect(parse(text, select)).resolves.toEqual({
      keep: { a: [1, { b: 2 }] },
      part: { keep: 'yes', inner: { keep: 1 } },
      partScalar: [1, 2],
    });
  });

  it('hands back the members of an object selected as `map` as a Map, in file order, the last duplicate winning', async () => {
    const text =
      '{"projects": {"/b": {"x": 1, "y": 2}, "/a": [1], "/b": {"x": 3}, "__proto__": 4}, "other": 5}';
    const select: MemberSelector = ([top, project, field]) => {
      if (top !== 'projects') return 'none';
      if (project === undefined) return 'map';
      return field === undefined ? 'members' : field === 'x' ? 'whole' : 'none';
    };
    await expect(parse(text, select)).resolves.toEqual({
      projects: new Map<string, unknown>([
        ['/b', { x: 3 }],
        ['/a', [1]],
        ['__proto__', 4],
      ]),
    });
  });

  it.each(['whole', 'none'] as const)(
    'parses a value nested 100 000 levels deep in a document of megabytes, selected %s',
    async (selection) => {
      const depth = 100_000;
      const history = JSON.stringify(
        Array.from({ length: 20_000 }, (_, index) => `prompt ${index} `.repeat(10)),
      );
      const text = `{"history": ${history}, "deep": ${'['.repeat(depth)}${']'.repeat(depth)}, "after": 1}`;
      const select: MemberSelector = ([top]) =>
        top === 'deep' ? selection : top === 'after' ? 'whole' : 'none';

      const parsed = (await parse(text, select)) as { deep?: unknown; after: number };

      expect(parsed.after).toBe(1);
      let levels = 0;
      for (let at = parsed.deep; Array.isArray(at); at = at[0]) levels += 1;
      expect(levels).toBe(selection === 'whole' ? depth : 0);
    },
  );

  it('treats keys like JSON.parse: the last duplicate wins and __proto__ is an own key', async () => {
    const text =
      '{"a": 1, "__proto__": {"polluted": true}, "constructor": "c", "a": 2, "o": {"__proto__": 3}}';
    const parsed = await parse(text);
    expect(parsed).toEqual(JSON.parse(text));
    expect(Object.keys(parsed as object)).toEqual(['a', '__proto__', 'constructor', 'o']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['', 'Unexpected end of JSON input', 0, 1, 1],
    ['{"a":1,}', 'Unexpected character', 7, 1, 8],
    ['{"a" 1}', 'Unexpected character', 5, 1, 6],
    ["{'a':1}", 'Unexpected character', 1, 1, 2],
    ['[1 2]', 'Unexpected character', 3, 1, 4],
    ['{"a":01}', 'Unexpected character', 6, 1, 7],
    ['{"a":-}', 'Unexpected character', 6, 1, 7],
    ['{"a":1.}', 'Unexpected character', 7, 1, 8],
    ['{"a":1e}', 'Unexpected character', 7, 1, 8],
    ['{"a":tru}', 'Unexpected character', 8, 1, 9],
    ['["\u0001"]', 'Bad control character in string literal', 2, 1, 3],
    ['["\\x"]', 'Bad escaped character', 3, 1, 4],
    ['["\\u12G4"]', 'Bad Unicode escape', 6, 1, 7],
    // Offsets count bytes, columns count characters: "é" and "ü" take two bytes each.
    ['{"é":"ü', 'Unterminated string in JSON', 9, 1, 8],
    ['{"é": 1,\n  "b": 2,,\n}', 'Unexpected character', 19, 2, 10],
    ['{}\n  x', 'Unexpected non-whitespace character after JSON', 5, 2, 3],
    ['{"a": [1, 2}', 'Unexpected character', 11, 1, 12],
  ])('rejects %j like JSON.parse, at the error position', async (text, reason, offset, line, column) => {
    expect(() => JSON.parse(text) as unknown).toThrow(SyntaxError);
    await expect(parse(text)).rejects.toEqual(new JsonSyntaxError(reason, offset, line, column));
  });

  it('validates the members it leaves out', async () => {
    await expect(parse('{"history": [{"display": "x"},], "mcpServers": {}}', () => 'none')).rejects.toEqual(
      new JsonSyntaxError('Unexpected character', 30, 1, 31),
    );
  });

  // The scanner skips strings four bytes at a time (plainRunEnd in json-subset.ts): every byte
  // that ends a run of plain bytes must be found wherever it falls in a word.
  it('finds each quote, escape and control character of a skipped string at every offset and buffer alignment', async () => {
    const select: MemberSelector = ([key]) => (key === 'kept' ? 'whole' : 'none');
    const aligned = (text: string, shift: number) => {
      const backing = Buffer.alloc(Buffer.byteLength(text) + shift);
      backing.write(text, shift);
      return backing.subarray(shift);
    };
    for (let shift = 0; shift < 4; shift++) {
      for (let at = 0; at < 12; at++) {
        const around = (inner: string) =>
          `{"skipped":"${'a'.repeat(at)}${inner}${'b'.repeat(11 - at)}","kept":1}`;
        for (const inner of ['', '\\"', '\\\\', '\\n', '\\u00e9', 'é✓']) {
          const text = around(inner);
          expect(JSON.parse(text)).toEqual({ skipped: expect.any(String) as unknown, kept: 1 });
          await expect(parseJsonSubset(aligned(text, shift), select)).resolves.toEqual({ kept: 1 });
        }
        for (const control of ['\u0001', '\t', '\n', '\u001f']) {
          const text = around(control);
          expect(() => JSON.parse(text) as unknown).toThrow(SyntaxError);
          await expect(parseJsonSubset(aligned(text, shift), select)).rejects.toEqual(
            new JsonSyntaxError('Bad control character in string literal', 12 + at, 1, 13 + at),
          );
        }
        const unterminated = `{"skipped":"${'a'.repeat(at)}`;
        await expect(parseJsonSubset(aligned(unterminated, shift), select)).rejects.toEqual(
          new JsonSyntaxError('Unterminated string in JSON', 12 + at, 1, 13 + at),
        );
      }
    }
  });

  it('hands the event loop turns while it parses a large document', async () => {
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
    const parsed = await parseJsonSubset(bytes, (path) => (path[0] === 'mcpServers' ? 'whole' : 'none'));
    parsing = false;
    await counting;

    expect(parsed).toEqual({ mcpServers: { a: {} } });
    expect(turns).toBeGreaterThan(1);
  });
});
