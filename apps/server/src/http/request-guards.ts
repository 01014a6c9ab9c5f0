/**
 * Checks on who may talk to the server (docs/api.md#http-and-access), as pure functions of the request's headers:
 * the DNS-rebinding guard (Host), the CSRF guard (Origin) and the token check.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { networkInterfaces } from 'node:os';

import { isLoopbackHost, urlHost } from './settings';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::']);

// A wildcard bind answers on every interface, so each interface address is a name of this server
// (and so is the wildcard itself: a browser opening the printed http://0.0.0.0:PORT sends it).
function interfaceAddresses(wildcard: string): string[] {
  const family = wildcard === '0.0.0.0' ? 'IPv4' : undefined;
  return Object.values(networkInterfaces())
    .flatMap((addresses) => addresses ?? [])
    .filter((address) => family === undefined || address.family === family)
    .map((address) => address.address);
}

/** Every `Host` header value that names this server, lower-cased. */
export function allowedHostHeaders(host: string, port: number): Set<string> {
  const names = WILDCARD_HOSTS.has(host)
    ? [host, ...interfaceAddresses(host), ...LOOPBACK_NAMES]
    : isLoopbackHost(host)
      ? [host, ...LOOPBACK_NAMES]
      : [host];
  return new Set(names.map((name) => `${urlHost(name)}:${port}`.toLowerCase()));
}

// What a browser says in `Sec-Fetch-Site` of a request this server's own page or the user made.
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * A request without an `Origin` is not from a web page (curl, the typed client) and passes,
 * unless its `Sec-Fetch-Site` says another site (or another port: `same-site`) sent it.
 */
export function isSameOrigin(
  headers: { origin?: string | undefined; 'sec-fetch-site'?: string | undefined },
  hostHeader: string,
): boolean {
  const { origin, 'sec-fetch-site': fetchSite } = headers;
  if (fetchSite !== undefined && !OWN_FETCH_SITES.has(fetchSite.toLowerCase())) return false;
  return origin === undefined || origin.toLowerCase() === `http://${hostHeader.toLowerCase()}`;
}

// Digests have equal length whatever was sent, which timingSafeEqual requires.
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export function tokenMatches(candidate: string | undefined, token: string): boolean {
  return candidate !== undefined && timingSafeEqual(digest(candidate), digest(token));
}

export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer (\S+)$/i.exec(authorization ?? '');
  return match?.[1];
}
