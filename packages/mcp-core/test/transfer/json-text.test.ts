import { describe, expect, it } from 'vitest';
import { JsonTextError, parseJsonText } from '../../src/transfer/json-text';

describe('parseJsonText', () => {
  it.each([
    [
      'an object of every kind of value',
      '{"s":"a\\"b\\u00e9\\n","n":-1.5e3,"z":0,"t":true,"f":false,"x":null,"a":[1,[],{}],"o":{}}',
    ],
    ['whitespace everywhere', ' \n\t{ "a" :\r\n [ 1 , 2 ] }\n '],
    ['a bare array', '[1, "two"]'],
    ['a bare string', '"text"'],
    ['non-ASCII text', '{"日本": "café 🎉"}'],
  ])('builds what JSON.parse builds: %s', (_label, text) => {
    expect(parseJsonText(text).value).toStrictEqual(JSON.parse(text));
  });

  it('keeps a "__proto__" key as an own key, not the prototype, as JSON.parse does', () => {
    const { value } = parseJsonText('{"__proto__": {"polluted": true}, "constructor": 1}');
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value as object)).toEqual(['__proto__', 'constructor']);
    expect(value).toStrictEqual(JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('lists every member of an object in text order with its line, duplicates included; the last one wins', () => {
    const text = '{\n  "a": 1,\n  "b": {"c": 2},\n  "a": 3\n}';
    const { value, membersOf } = parseJsonText(text);
    expect(value).toStrictEqual({ a: 3, b: { c: 2 } });
    expect(membersOf(value as object)).toEqual([
      { key: 'a', value: 1, line: 2 },
      { key: 'b', value: { c: 2 }, line: 3 },
      { key: 'a', value: 3, line: 4 },
    ]);
    expect(membersOf((value as { b: object }).b)).toEqual([{ key: 'c', value: 2, line: 3 }]);
  });

  it.each([
    ['a missing value', '{\n  "mcpServers": {\n    "a": }\n}', 'Unexpected character', 3, 10],
    ['a trailing comma', '{"a": 1,}', 'Unexpected character', 1, 9],
    ['a missing colon', '{"a" 1}', 'Unexpected character', 1, 6],
    ['an unclosed object', '{"a": 1', 'Unexpected end of JSON input', 1, 8],
    ['an unterminated string', '{"a": "b', 'Unterminated string in JSON', 1, 9],
    ['a raw line break in a string', '{"a": "b\nc"}', 'Bad control character in string literal', 1, 9],
    ['a bad escape', '["\\x"]', 'Bad escaped character', 1, 4],
    ['a single-quoted key', "{'a': 1}", 'Unexpected character', 1, 2],
    ['text after the document', '{}\n{}', 'Unexpected non-whitespace character after JSON', 2, 1],
    ['an empty text', '', 'Unexpected end of JSON input', 1, 1],
    ['a leading zero', '[01]', 'Unexpected character', 1, 3],
  ])('reports %s with its line and column', (_label, text, reason, line, column) => {
    let error: unknown;
    try {
      parseJsonText(text);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(JsonTextError);
    expect(error).toMatchObject({
      reason,
      line,
      column,
      message: `${reason} at line ${line}, column ${column}`,
    });
  });

  it('refuses nesting deeper than 64 levels instead of exhausting the stack', () => {
    expect(parseJsonText(`${'['.repeat(64)}${']'.repeat(64)}`).value).toBeInstanceOf(Array);
    expect(() => parseJsonText('['.repeat(100_000))).toThrow(
      new JsonTextError('Nested deeper than 64 levels', 1, 65),
    );
  });
});
