/**
 * The sign-in cookie that holds the token for the panel. Cookies are shared by every port of a
 * host, so the name carries the port: two servers on one machine keep their own sessions.
 */
export function sessionCookieName(port: number): string {
  return `mcp-admin-${port}`;
}

export function sessionCookie(name: string, token: string): string {
  return `${name}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`;
}

export function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator !== -1 && pair.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(pair.slice(separator + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
