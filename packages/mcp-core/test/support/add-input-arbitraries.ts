/**
 * fast-check arbitraries of `mcp.add` inputs, aimed at the edges of the input rules (docs/api.md#input-rules):
 * a leading "-", blanks made of Unicode whitespace, characters next to the control range,
 * `__proto__` and `constructor` keys, 64 and 65 entries, strings at and past their limits,
 * combining marks and characters outside the BMP. Every input is plain JSON, as a request body is.
 */
import fc from 'fast-check';

import { LIMITS } from '../../src/schemas';

/** The characters the rules refuse everywhere: U+0000–U+001F and U+007F. */
const CONTROL_CHARACTERS = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  '\u007f',
];

/**
 * Allowed, but each near a rule: whitespace JavaScript trims (U+00A0, U+2028, U+FEFF) and some
 * it does not (U+0085 is a C1 control, U+200B), a combining mark, an astral character.
 */
const TRICKY_PIECES = [
  '-',
  '--',
  ' ',
  '=',
  ':',
  '"',
  '\\',
  '${HOME}',
  '%',
  '/',
  '..',
  'é',
  '日本',
  '😀',
  'e\u0301',
  '\u00a0',
  '\u0085',
  '\u2028',
  '\u200b',
  '\ufeff',
];

const piece = fc.oneof(
  { arbitrary: fc.constantFrom(...TRICKY_PIECES), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }), weight: 3 },
);

/** Exactly `length` UTF-16 units, none a control character. */
function textOfLength(length: number): fc.Arbitrary<string> {
  return fc.string({
    unit: fc.constantFrom('a', '-', ' ', 'é', '日', '='),
    minLength: length,
    maxLength: length,
  });
}

/** Any string the rules allow where only length and control characters count. */
function freeText(max: number = LIMITS.string): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.string({ unit: piece, maxLength: 12 }), weight: 6 },
    { arbitrary: fc.constantFrom('', ' ', '-', '--', '-x', '=', '__proto__', 'constructor'), weight: 2 },
    { arbitrary: textOfLength(max), weight: 1 },
  );
}

// Takes its own argv position: not blank, no leading "-".
const positionalText = freeText().filter((value) => value.trim() !== '' && !value.startsWith('-'));

const nameArb = fc
  .oneof(
    fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_-]{0,15}$/),
    fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_-]{63}$/),
    fc.constantFrom('prototype', '_', '0', 'a-'),
  )
  .filter((name) => name !== '__proto__');

const scopeArb = fc.constantFrom('user', 'local', 'project');

const envKeyArb = fc
  .oneof(
    fc.constantFrom('constructor', 'prototype', 'toString', 'hasOwnProperty', '_', 'PATH'),
    fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,15}$/),
  )
  .filter((key) => key !== '__proto__');

const headerNameArb = fc
  .oneof(
    fc.constantFrom('constructor', 'prototype', 'Authorization', "!#$%&'*+.^_`|~", 'X-'),
    fc.stringMatching(/^[!#$%&'*+.^_`|~0-9A-Za-z][!#$%&'*+\-.^_`|~0-9A-Za-z]{0,15}$/),
  )
  .filter((name) => name !== '__proto__');

// The CLI trims header values, so one with surrounding whitespace is refused.
const headerValueArb = freeText().filter((value) => value.trim() === value);

/** A map of a few entries or of exactly the most allowed. */
function entriesOf(
  key: fc.Arbitrary<string>,
  value: fc.Arbitrary<string>,
  count?: number,
): fc.Arbitrary<Record<string, string>> {
  return count === undefined
    ? fc.oneof(
        { arbitrary: fc.dictionary(key, value, { maxKeys: 4, noNullPrototype: true }), weight: 3 },
        { arbitrary: entriesOf(key, value, LIMITS.entries), weight: 1 },
      )
    : fc.dictionary(key, value, { minKeys: count, maxKeys: count, noNullPrototype: true });
}

const argsArb = fc.oneof(
  { arbitrary: fc.array(freeText(), { maxLength: 4 }), weight: 3 },
  { arbitrary: fc.array(freeText(), { minLength: LIMITS.entries, maxLength: LIMITS.entries }), weight: 1 },
);

const urlArb = fc.oneof(
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom('http', 'https', 'HTTPS'),
        fc.constantFrom('example.test', '127.0.0.1:8080', '[::1]', 'user:pw@host.test', 'café.test'),
        fc.string({
          unit: fc.oneof(fc.constantFrom('/', '?', '#', '&', '=', '%20', '${TOKEN}', ' ', '-'), piece),
          maxLength: 12,
        }),
      )
      .map(([scheme, host, rest]) => `${scheme}://${host}/${rest}`),
    weight: 4,
  },
  { arbitrary: textOfLength(LIMITS.url - 15).map((path) => `https://e.test/${path}`), weight: 1 },
);

/** Keeps what a JSON body can carry: no undefined fields, plain objects. */
function asJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

type Input = Record<string, unknown>;

export const validStdioInput: fc.Arbitrary<Input> = fc
  .record(
    {
      name: nameArb,
      scope: scopeArb,
      transport: fc.constant('stdio'),
      command: positionalText,
      args: argsArb,
      env: entriesOf(envKeyArb, freeText()),
    },
    { requiredKeys: ['name', 'scope', 'command'] },
  )
  .map(asJson);

export const validRemoteInput: fc.Arbitrary<Input> = fc
  .record(
    {
      name: nameArb,
      scope: scopeArb,
      transport: fc.constantFrom('http', 'sse'),
      url: urlArb,
      headers: entriesOf(headerNameArb, headerValueArb),
    },
    { requiredKeys: ['name', 'scope', 'url'] },
  )
  .map(asJson);

export const validAddInput: fc.Arbitrary<Input> = fc.oneof(validStdioInput, validRemoteInput);

const controlCharacterArb = fc.constantFrom(...CONTROL_CHARACTERS);

/** `text` with a control character put somewhere in it. */
function withControlCharacter(text: fc.Arbitrary<string>) {
  return fc.tuple(text, controlCharacterArb, fc.nat()).map(([value, control, at]) => {
    const index = at % (value.length + 1);
    return `${value.slice(0, index)}${control}${value.slice(index)}`;
  });
}

// Blank to JavaScript's trim, which is what "blank" means in the rules.
const blankArb = fc.string({
  unit: fc.constantFrom(' ', '\u00a0', '\u2028', '\u3000', '\ufeff'),
  minLength: 1,
  maxLength: 4,
});

const badPositionalArb = fc.oneof(
  blankArb,
  freeText().map((value) => `-${value}`),
  withControlCharacter(positionalText),
  textOfLength(LIMITS.string + 1).map((value) => `x${value.slice(1)}`),
);

const badNameArb = fc.oneof(
  nameArb.map((name) => `-${name}`),
  fc.constant(''),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__'),
  fc.stringMatching(/^[A-Za-z0-9_]{65,70}$/),
  fc
    .tuple(nameArb, fc.constantFrom(' ', '.', '/', 'é', ':', '\n', '\u00a0', '😀'), fc.nat())
    .map(
      ([name, bad, at]) =>
        `${name.slice(0, at % (name.length + 1))}${bad}${name.slice(at % (name.length + 1))}`,
    ),
);

const nonStringArb = fc.constantFrom<unknown>(0, true, null, [], {});

const badArgsArb = fc.oneof(
  fc.array(freeText(), { minLength: LIMITS.entries + 1, maxLength: LIMITS.entries + 3 }),
  fc
    .tuple(
      fc.array(freeText(), { maxLength: 3 }),
      fc.oneof(withControlCharacter(freeText()), textOfLength(LIMITS.string + 1), nonStringArb),
    )
    .map(([args, bad]) => [...args, bad]),
  fc.constantFrom<unknown>('-y', { 0: 'a' }),
);

/** A map with one bad key or value, or one entry too many. */
function badEntriesOf(
  key: fc.Arbitrary<string>,
  value: fc.Arbitrary<string>,
  badKey: fc.Arbitrary<string>,
  badValue: fc.Arbitrary<unknown>,
) {
  return fc.oneof(
    entriesOf(key, value, LIMITS.entries + 1),
    fc.tuple(entriesOf(key, value), badKey, value).map(([map, k, v]) => ({ ...map, [k]: v })),
    fc.tuple(entriesOf(key, value), key, badValue).map(([map, k, v]) => ({ ...map, [k]: v })),
    fc.constantFrom<unknown>(['A=1'], 'A=1'),
  );
}

const badEnvArb = badEntriesOf(
  envKeyArb,
  freeText(),
  fc.oneof(
    fc.constantFrom('', '__proto__', '1A', 'A-B', 'A B', 'A=B', 'É', '-A'),
    withControlCharacter(envKeyArb),
  ),
  fc.oneof(withControlCharacter(freeText()), textOfLength(LIMITS.string + 1), nonStringArb),
);

const badHeadersArb = badEntriesOf(
  headerNameArb,
  headerValueArb,
  fc.oneof(
    fc.constantFrom('', '__proto__', 'X Y', 'X:Y', '-X', 'É', '@', '(x)', 'a/b'),
    withControlCharacter(headerNameArb),
  ),
  fc.oneof(
    fc.tuple(blankArb, headerValueArb).map(([blank, value]) => `${blank}${value}`),
    fc.tuple(headerValueArb, blankArb).map(([value, blank]) => `${value}${blank}`),
    withControlCharacter(headerValueArb),
    nonStringArb,
  ),
);

const badUrlArb = fc.oneof(
  badPositionalArb,
  fc.constantFrom(
    'not a url',
    '/mcp',
    'ftp://example.test/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'ws://example.test/',
    'mailto:a@b.test',
  ),
  textOfLength(LIMITS.url - 14).map((path) => `https://e.test/${path}`),
);

/** `input` with `field` set to a value of `bad`. */
function breaking(
  input: fc.Arbitrary<Input>,
  field: fc.Arbitrary<string> | string,
  bad: fc.Arbitrary<unknown>,
) {
  const fieldArb = typeof field === 'string' ? fc.constant(field) : field;
  return fc.tuple(input, fieldArb, bad).map(([valid, name, value]) => ({ ...valid, [name]: value }));
}

/** Inputs that break exactly one rule of an otherwise valid input. */
export const invalidAddInput: fc.Arbitrary<unknown> = fc
  .oneof(
    breaking(validAddInput, 'name', badNameArb),
    breaking(validAddInput, 'scope', fc.constantFrom<unknown>('global', 'USER', '', undefined, 1)),
    breaking(validStdioInput, 'command', fc.oneof(badPositionalArb, nonStringArb)),
    breaking(validStdioInput, 'args', badArgsArb),
    breaking(validStdioInput, 'env', badEnvArb),
    breaking(validStdioInput, 'transport', fc.constantFrom<unknown>('http', 'sse', 'ws', '')),
    breaking(validStdioInput, 'url', urlArb),
    breaking(validStdioInput, 'headers', entriesOf(headerNameArb, headerValueArb)),
    breaking(validRemoteInput, 'url', badUrlArb),
    breaking(validRemoteInput, 'headers', badHeadersArb),
    breaking(validRemoteInput, 'transport', fc.constantFrom<unknown>('stdio', 'streamable-http', 'HTTP')),
    breaking(validRemoteInput, 'command', positionalText),
    breaking(validRemoteInput, 'env', entriesOf(envKeyArb, freeText())),
    breaking(validRemoteInput, 'args', fc.array(freeText(), { maxLength: 2 })),
    breaking(
      validAddInput,
      'projectPath',
      fc.constantFrom<unknown>('relative/dir', '/a/../b', '/a/..', '', '/a\nb', 7),
    ),
    breaking(validAddInput, fc.constantFrom('cwd', 'shell', 'type', '__proto__'), fc.constant('x')),
    validAddInput.map(({ command: _command, url: _url, ...rest }) => rest),
    fc.constantFrom<unknown>(null, 'files', [], 42),
  )
  .map(asJson);
