import { AFTER_FIRST_PAINT_SCRIPT_HASH } from './after-first-paint';

/** Sent with every response (docs/api.md#http-and-access): the panel loads only its own files and is never framed. */
export const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'; " +
    // The one inline script a page the server drew carries (./after-first-paint.ts), by its hash.
    `script-src 'self' ${AFTER_FIRST_PAINT_SCRIPT_HASH}`,
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/**
 * `SECURITY_HEADERS`, with the one inline stylesheet a signed-in page carries allowed by its hash
 * (./inline-stylesheet.ts) when there is one: styles stay the panel's own files otherwise, and style
 * attributes stay refused.
 */
export function securityHeaders(inlineStyleHash: string | undefined): Record<string, string> {
  if (inlineStyleHash === undefined) return SECURITY_HEADERS;
  return {
    ...SECURITY_HEADERS,
    'content-security-policy': `${SECURITY_HEADERS['content-security-policy']}; style-src 'self' ${inlineStyleHash}`,
  };
}
