/** The guards' pure parts: which Host headers name the server, origins, tokens, the cookie. */
import { describe, expect, it } from 'vitest';

import { allowedHostHeaders, bearerToken, isSameOrigin, tokenMatches } from '../src/http/request-guards';
import { readCookie, sessionCookie } from '../src/http/session-cookie';

describe('allowedHostHeaders', () => {
  it('on a loopback bind: the bound host and every loopback name, with the port', () => {
    expect(allowedHostHeaders('127.0.0.1', 7420)).toEqual(
      new Set(['127.0.0.1:7420', 'localhost:7420', '[::1]:7420']),
    );
    expect(allowedHostHeaders('::1', 0)).toEqual(new Set(['[::1]:0', 'localhost:0', '127.0.0.1:0']));
  });

  it('on a named or non-loopback bind: that name only', () => {
    expect(allowedHostHeaders('Admin.Example.LAN', 7420)).toEqual(new Set(['admin.example.lan:7420']));
    expect(allowedHostHeaders('192.168.1.20', 7420)).toEqual(new Set(['192.168.1.20:7420']));
  });

  it('on a wildcard bind: the wildcard as printed and the addresses it answers on', () => {
    const ipv4 = allowedHostHeaders('0.0.0.0', 7420);
    const any = allowedHostHeaders('::', 7420);

    expect([
      ipv4.has('127.0.0.1:7420'),
      ipv4.has('localhost:7420'),
      ipv4.has('0.0.0.0:7420'),
      ipv4.has('evil.example:7420'),
    ]).toEqual([true, true, true, false]);
    expect([any.has('[::1]:7420'), any.has('127.0.0.1:7420'), any.has('[::]:7420')]).toEqual([
      true,
      true,
      true,
    ]);
  });
});

describe('isSameOrigin', () => {
  it('passes no Origin and the origin of the Host, refuses any other', () => {
    expect(
      [undefined, 'http://127.0.0.1:7420', 'HTTP://127.0.0.1:7420', 'https://127.0.0.1:7420', 'null'].map(
        (origin) => isSameOrigin({ origin }, '127.0.0.1:7420'),
      ),
    ).toEqual([true, true, true, false, false]);
  });

  it('refuses what the browser says another site or another port sent, with or without an Origin', () => {
    expect(
      [undefined, 'same-origin', 'none', 'NONE', 'cross-site', 'same-site', 'unknown'].map((fetchSite) => [
        isSameOrigin({ 'sec-fetch-site': fetchSite }, '127.0.0.1:7420'),
        isSameOrigin({ origin: 'http://127.0.0.1:7420', 'sec-fetch-site': fetchSite }, '127.0.0.1:7420'),
      ]),
    ).toEqual([
      [true, true],
      [true, true],
      [true, true],
      [true, true],
      [false, false],
      [false, false],
      [false, false],
    ]);
  });
});

describe('tokens', () => {
  it('match only the exact token, whatever the lengths', () => {
    expect(
      ['secret', 'secreT', 'secret ', 'secre', '', undefined].map((candidate) =>
        tokenMatches(candidate, 'secret'),
      ),
    ).toEqual([true, false, false, false, false, false]);
  });

  it('come from "Authorization: Bearer" only', () => {
    expect(
      ['Bearer abc', 'bearer abc', 'Basic abc', 'Bearer', 'Bearer a b', undefined].map(bearerToken),
    ).toEqual(['abc', 'abc', undefined, undefined, undefined, undefined]);
  });
});

describe('the session cookie', () => {
  it('round-trips any token through Set-Cookie and Cookie', () => {
    const token = 'a;b=c d%';
    const [pair = ''] = sessionCookie('mcp-admin-7420', token).split('; ');

    expect(readCookie(`other=1; ${pair}; last=2`, 'mcp-admin-7420')).toBe(token);
  });

  it('is absent when missing or malformed', () => {
    expect(
      [undefined, '', 'mcp-admin-7421=x', 'mcp-admin-7420', 'mcp-admin-7420=%E0%A4%A'].map((header) =>
        readCookie(header, 'mcp-admin-7420'),
      ),
    ).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});
