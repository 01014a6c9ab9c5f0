import { describe, expect, it } from 'vitest';

import { createOutputTail, redact } from '../../src/check/output-tail';
import { REDACTED } from '../../src/config';

function written(secrets: string[], chunks: string[], limit?: number): string {
  const tail = createOutputTail(secrets, limit);
  for (const chunk of chunks) tail.append(Buffer.from(chunk));
  return tail.text();
}

describe('redact', () => {
  it('replaces every occurrence of each secret, the longest first', () => {
    expect(redact('key=abc123 again abc123, prefix abc', ['abc', 'abc123'])).toBe(
      `key=${REDACTED} again ${REDACTED}, prefix ${REDACTED}`,
    );
  });

  it('ignores empty secrets', () => {
    expect(redact('nothing to hide', [''])).toBe('nothing to hide');
  });
});

describe('createOutputTail', () => {
  it('is empty when nothing was written', () => {
    expect(written(['s3cret'], [])).toBe('');
  });

  it('keeps short output whole, with secrets replaced', () => {
    expect(written(['s3cret'], ['token s3c', 'ret refused\n'])).toBe(`token ${REDACTED} refused\n`);
  });

  it('keeps only the last bytes of long output', () => {
    expect(written([], ['0123456789', 'abcdef'], 8)).toBe('89abcdef');
  });

  it('never shows part of a secret that the kept window cut in two', () => {
    const secret = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123';
    // The window keeps 40 + 30 bytes: the first secret loses its first 3 bytes to it, and the
    // second, redacted whole, gets shorter, so the last 40 bytes would reach back into the first.
    const text = written([secret], [secret, secret, 'later output.'], 40);
    expect(text).toBe(`${REDACTED.slice(1)}later output.`);
    expect(text).not.toMatch(/[A-Z0-9]{2}/);
  });

  it('does not start with half a multi-byte character', () => {
    expect(written([], ['ééééé'], 5)).toBe('éé');
  });
});
