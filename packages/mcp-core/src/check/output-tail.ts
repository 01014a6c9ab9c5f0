/**
 * The end of what a server wrote to stderr, bounded in memory however much it writes, and shown
 * with the entry's secret values replaced.
 */
import { REDACTED } from '../config';

/** How much of a server's stderr a check reports: its last 4 KB. */
export const STDERR_TAIL_BYTES = 4096;

export interface OutputTail {
  append(chunk: Buffer): void;
  /** The last bytes written, with every secret replaced; empty when nothing was written. */
  text(): string;
}

/**
 * Keeps the last `limit` bytes plus as many as the longest secret has: a secret cut in two by the
 * start of the kept window is then wholly in the part dropped after redaction.
 */
export function createOutputTail(secrets: readonly string[], limit: number = STDERR_TAIL_BYTES): OutputTail {
  const hidden = [...new Set(secrets)].filter((secret) => secret !== '').sort((a, b) => b.length - a.length);
  const margin = Math.max(0, ...hidden.map((secret) => Buffer.byteLength(secret)));
  let kept = Buffer.alloc(0);
  let truncated = false;
  return {
    append(chunk) {
      kept = Buffer.concat([kept, chunk]);
      if (kept.length > limit + margin) {
        kept = kept.subarray(kept.length - limit - margin);
        truncated = true;
      }
    },
    text() {
      let text = redact(kept.toString('utf8'), hidden);
      if (truncated) text = dropLeadingBytes(text, margin);
      return lastBytes(text, limit);
    },
  };
}

/** `text` with every occurrence of each secret (longest first) replaced by the redaction mark. */
export function redact(text: string, secrets: readonly string[]): string {
  return [...secrets]
    .filter((secret) => secret !== '')
    .sort((a, b) => b.length - a.length)
    .reduce((redacted, secret) => redacted.split(secret).join(REDACTED), text);
}

function dropLeadingBytes(text: string, count: number): string {
  return wholeCharacters(Buffer.from(text).subarray(count));
}

function lastBytes(text: string, limit: number): string {
  const bytes = Buffer.from(text);
  return bytes.length <= limit ? text : wholeCharacters(bytes.subarray(bytes.length - limit));
}

// A cut in the middle of a multi-byte character decodes to U+FFFD: that piece is not text.
function wholeCharacters(bytes: Buffer): string {
  return bytes.toString('utf8').replace(/^\uFFFD+/, '');
}
