import { describe, expect, it } from 'vitest';
import { offersSignIn } from '../src/sign-in/row-sign-ins';
import { signInHealth } from '../src/sign-in/sign-in-health';

const now = Date.UTC(2026, 11, 1, 12);
const HOUR = 3_600_000;

describe('signInHealth', () => {
  it('says nothing of a row that is not signed in', () => {
    expect(signInHealth({ auth: 'signed-out' }, now)).toBeUndefined();
    expect(signInHealth({}, now)).toBeUndefined();
  });

  it('says when a sign-in expires, marking the ones that expire within a day', () => {
    expect(signInHealth({ auth: 'signed-in', authExpiresAt: now + 3 * HOUR }, now)).toEqual({
      text: 'Signed in · expires in 3 h',
      tone: 'warn',
      needsSignIn: false,
    });
    expect(signInHealth({ auth: 'signed-in', authExpiresAt: now + 20 * 60_000 }, now)?.text).toBe(
      'Signed in · expires in 20 min',
    );
    expect(signInHealth({ auth: 'signed-in', authExpiresAt: now + 72 * HOUR }, now)).toEqual({
      text: 'Signed in · expires in 3 days',
      tone: 'ok',
      needsSignIn: false,
    });
    expect(signInHealth({ auth: 'signed-in' }, now)).toEqual({
      text: 'Signed in',
      tone: 'ok',
      needsSignIn: false,
    });
  });

  it('an expired sign-in without a refresh token needs signing in again; with one, Claude Code renews it', () => {
    expect(signInHealth({ auth: 'signed-in', authExpiresAt: now - HOUR }, now)).toEqual({
      text: 'Sign-in expired',
      tone: 'bad',
      needsSignIn: true,
    });
    expect(
      signInHealth({ auth: 'signed-in', authExpiresAt: now - HOUR, authRefreshable: true }, now),
    ).toEqual({
      text: 'Token expired · renewed when Claude Code connects',
      tone: 'warn',
      needsSignIn: false,
    });
  });
});

describe('offersSignIn after expiry', () => {
  it('offers Sign in again on an OAuth row whose sign-in expired without a refresh token, not on one Claude Code renews', () => {
    const expired = {
      name: 'r',
      scope: 'user' as const,
      transport: 'http' as const,
      url: 'https://example.test/mcp',
      status: 'active' as const,
      statusReason: 'Because.',
      auth: 'signed-in' as const,
      authExpiresAt: now - HOUR,
    };
    expect(offersSignIn(expired, undefined, now)).toBe(true);
    expect(offersSignIn({ ...expired, authRefreshable: true }, undefined, now)).toBe(false);
    expect(offersSignIn({ ...expired, authExpiresAt: now + HOUR }, undefined, now)).toBe(false);
  });
});
