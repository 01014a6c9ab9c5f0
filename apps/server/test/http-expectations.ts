/** What the HTTP security tests expect of every refusal and response (docs/api.md#http-and-access). */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { AFTER_FIRST_PAINT_SCRIPT } from '../src/http/after-first-paint';

import type { HttpResult } from './support';
import { TEST_WEB_DIST, json, refusalBody } from './support';

export const NOT_SIGNED_IN = refusalBody(
  'UNAUTHORIZED',
  401,
  'not signed in: open the address MCP Admin printed at start, or send "Authorization: Bearer <token>"',
);
export const CROSS_ORIGIN = refusalBody(
  'FORBIDDEN',
  403,
  'requests from another origin may not change anything',
);
export const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'; " +
    // Scripts: the panel's own files, and the one inline script a page the server drew carries.
    `script-src 'self' 'sha256-${createHash('sha256').update(AFTER_FIRST_PAINT_SCRIPT).digest('base64')}'`,
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

export const statusAndBody = (result: HttpResult) => ({ status: result.status, body: json(result) });
export const securityHeadersOf = (result: HttpResult) =>
  Object.fromEntries(Object.keys(SECURITY_HEADERS).map((name) => [name, result.headers[name]]));
export const stdioServer = { name: 's1', scope: 'user', command: 'node' };
/** The panel's shell, as the test build of the web app has it. */
export const shell = readFileSync(join(TEST_WEB_DIST, 'index.html'), 'utf8');
