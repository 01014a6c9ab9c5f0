import { describe, expect, it } from 'vitest';

import { expandVariables } from '../src/variable-references';

const env = { HOME_DIR: '/home/ada', EMPTY: '', TOKEN: 's3cret' };

describe('expandVariables', () => {
  it('replaces a variable that is set', () => {
    expect(expandVariables('${HOME_DIR}/bin', env)).toBe('/home/ada/bin');
  });

  it('leaves an unset variable without a default as written', () => {
    expect(expandVariables('--key=${MISSING}', env)).toBe('--key=${MISSING}');
  });

  it('uses the default of an unset variable', () => {
    expect(expandVariables('${MISSING:-fallback}', env)).toBe('fallback');
    expect(expandVariables('${MISSING:-}', env)).toBe('');
  });

  it('prefers a set variable over its default, even when it is empty', () => {
    expect(expandVariables('${TOKEN:-fallback}', env)).toBe('s3cret');
    expect(expandVariables('[${EMPTY:-fallback}]', env)).toBe('[]');
  });

  it('expands every reference in one string', () => {
    expect(expandVariables('Bearer ${TOKEN} for ${MISSING:-nobody} at ${HOME_DIR}', env)).toBe(
      'Bearer s3cret for nobody at /home/ada',
    );
  });

  it('reads $${X} as a literal "$" followed by ${X}', () => {
    expect(expandVariables('$${TOKEN}', env)).toBe('$s3cret');
  });

  it('ends a default at its first "}", so a nested reference is not expanded', () => {
    expect(expandVariables('${MISSING:-${TOKEN}}', env)).toBe('${TOKEN}');
    expect(expandVariables('${MISSING:-a}b}', env)).toBe('ab}');
  });

  it('leaves text that is not a reference alone', () => {
    expect(expandVariables('$TOKEN ${1ST} ${} ${TOKEN-x} ${TOKEN:x} ${TOKEN', env)).toBe(
      '$TOKEN ${1ST} ${} ${TOKEN-x} ${TOKEN:x} ${TOKEN',
    );
  });

  it('does not find names on the object prototype', () => {
    expect(expandVariables('${constructor} ${toString:-d}', env)).toBe('${constructor} d');
  });
});
