import { describe, expect, it } from 'vitest';
import { expandedTexts, missingVariables } from '../../src/config/missing-env';

describe('missingVariables', () => {
  it.each([
    ['${A}', ['A']],
    ['${A:-fallback}', []],
    ['${A:-}', []],
    ['${SET}', []],
    ['${EMPTY_BUT_SET}', []],
    // `$${X}` is a literal `$` before `${X}`: X is still referenced.
    ['$${X}', ['X']],
    ['$X and $(X) and {X}', []],
    ['${1BAD} ${BAD-NAME} ${}', []],
    // A default runs to the first `}`: `${A:-${B}` is A with default `${B`, then a literal `}`.
    ['${A:-${B}}', []],
    ['${OUT:-x}y}${IN}', ['IN']],
    ['${A}${B}${A}', ['A', 'B']],
    ['${constructor} ${__proto__}', ['constructor', '__proto__']],
  ])('%s lacks %o', (text, missing) => {
    expect(missingVariables([text], { SET: 'v', EMPTY_BUT_SET: '' })).toEqual(missing);
  });
});

describe('expandedTexts', () => {
  it('takes command, args, url and env and header values, not keys or other fields', () => {
    expect(
      expandedTexts({
        command: 'c',
        args: ['a1', 2, 'a2'],
        url: 'u',
        env: { ENV_KEY: 'e' },
        headers: { H: 'h' },
        cwd: '${NOT_EXPANDED}',
      }),
    ).toEqual(['c', 'a1', 'a2', 'u', 'e', 'h']);
    expect(expandedTexts('node server.js')).toEqual([]);
  });
});
