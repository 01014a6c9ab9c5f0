import { describe, expect, it } from 'vitest';
import { duplicateNote, ImportDocumentError, readImportDocument } from '../../src/transfer/import-document';

function documentError(text: string): string | undefined {
  try {
    readImportDocument(text);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ImportDocumentError);
    return (error as Error).message;
  }
}

const servers = (count: number) =>
  JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [`s${i}`, { command: 'node' }])));

describe('readImportDocument', () => {
  it('reads the servers of an mcpServers document and leaves the other keys (Claude Desktop keeps more there)', () => {
    const text =
      '{\n  "globalShortcut": "Ctrl+Space",\n  "mcpServers": {\n    "fs": {"command": "npx"},\n    "web": {"url": "https://e.test"}\n  }\n}';
    expect(readImportDocument(text)).toEqual([
      { name: 'fs', entry: { command: 'npx' }, lines: [4] },
      { name: 'web', entry: { url: 'https://e.test' }, lines: [5] },
    ]);
  });

  it('reads a bare map of servers by name', () => {
    expect(readImportDocument('{"fs": {"command": "npx"}}')).toEqual([
      { name: 'fs', entry: { command: 'npx' }, lines: [1] },
    ]);
  });

  it('keeps every line of a name given twice and the entry of the last, which a JSON reader keeps', () => {
    const [server, ...rest] = readImportDocument(
      '{"mcpServers": {\n"a": {"command": "first"},\n"b": 1,\n"a": {"command": "last"}\n}}',
    );
    expect(rest).toHaveLength(1);
    expect(server).toEqual({ name: 'a', entry: { command: 'last' }, lines: [2, 4] });
    expect(server === undefined ? undefined : duplicateNote(server)).toBe(
      '"a" appears 2 times in the text (lines 2, 4): the last one, on line 4, is the one used.',
    );
  });

  it('has no note for a name given once', () => {
    expect(duplicateNote({ name: 'a', entry: {}, lines: [3] })).toBeUndefined();
  });

  it('reads a "__proto__" server as a server of that name', () => {
    expect(readImportDocument('{"__proto__": {"command": "x"}}')).toEqual([
      { name: '__proto__', entry: { command: 'x' }, lines: [1] },
    ]);
  });

  it('takes 200 servers', () => {
    expect(readImportDocument(servers(200))).toHaveLength(200);
  });

  it.each([
    [
      'text that is not JSON, saying where',
      '{\n  "a": }',
      'is not valid JSON: Unexpected character at line 2, column 8',
    ],
    ['an array', '[]', 'must be a JSON object, { "mcpServers": { … } } or servers by name, not an array'],
    [
      'a string',
      '"servers"',
      'must be a JSON object, { "mcpServers": { … } } or servers by name, not a string',
    ],
    ['null', 'null', 'must be a JSON object, { "mcpServers": { … } } or servers by name, not null'],
    [
      'an mcpServers that is a list',
      '{"mcpServers": []}',
      'has an mcpServers that is an array, not an object of servers by name',
    ],
    ['more than 200 servers', servers(201), 'holds 201 servers; at most 200 can be imported at once'],
  ])('refuses %s', (_label, text, message) => {
    expect(documentError(text)).toBe(message);
  });
});
