import type { ServerEntry } from '../trpc';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface SignInHealth {
  text: string;
  tone: 'ok' | 'warn' | 'bad';
  /** The sign-in has run out, or will within a day: `Sign in` again is offered. */
  needsSignIn: boolean;
}

/**
 * A signed-in row's sign-in in words, from when Claude Code's store says its token expires.
 * Claude Code renews an expired access token with the refresh token when it connects (verified:
 * test/login/sign-in-expiry.test.ts), so only a sign-in without one is over for good.
 */
export function signInHealth(
  server: Pick<ServerEntry, 'auth' | 'authExpiresAt' | 'authRefreshable'>,
  now: number,
): SignInHealth | undefined {
  if (server.auth !== 'signed-in') return undefined;
  const expiresAt = server.authExpiresAt;
  if (expiresAt === undefined) return { text: 'Signed in', tone: 'ok', needsSignIn: false };
  const left = expiresAt - now;
  if (left > 0) {
    const soon = left < DAY_MS;
    return { text: `Signed in · expires ${inWords(left)}`, tone: soon ? 'warn' : 'ok', needsSignIn: false };
  }
  if (server.authRefreshable === true) {
    return { text: 'Token expired · renewed when Claude Code connects', tone: 'warn', needsSignIn: false };
  }
  return { text: 'Sign-in expired', tone: 'bad', needsSignIn: true };
}

function inWords(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'in under a minute';
  if (minutes < 60) return `in ${String(minutes)} min`;
  const hours = Math.round(ms / HOUR_MS);
  if (hours < 48) return `in ${String(hours)} h`;
  return `in ${String(Math.round(ms / DAY_MS))} days`;
}
