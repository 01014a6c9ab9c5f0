import { describe, expect, it } from 'vitest';
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
