/** Reading the authorization URL and the outcome out of what `claude mcp login` prints to its terminal. */
import { describe, expect, it } from 'vitest';

import { findAuthorizationUrl, lastLine } from '../../src/login/authorization-url';

const link = (target: string, text: string, end = '\u0007') =>
  `\u001b]8;;${target}${end}${text}\u001b]8;;${end}`;
const AUTHORIZE =
  'https://auth.example/authorize?client_id=c&redirect_uri=http%3A%2F%2Flocalhost%3A5%2Fcallback';

describe('findAuthorizationUrl', () => {
  it('takes the URL of an OSC 8 hyperlink once, colour codes and all', () => {
    const output = `Visit this URL to authorize:\r\n  ${link(AUTHORIZE, `\u001b[94m${AUTHORIZE}\u001b[39m`)}\r\n`;
    expect(findAuthorizationUrl(output)).toEqual({ url: AUTHORIZE });
  });

  it('takes it from a link ended by ST as well as by BEL', () => {
    expect(findAuthorizationUrl(`  ${link(AUTHORIZE, AUTHORIZE, '\u001b\\')}\n`)).toEqual({ url: AUTHORIZE });
  });

  it('waits for the end of the line the URL is on', () => {
    expect(
      findAuthorizationUrl(`Visit this URL to authorize:\r\n  ${AUTHORIZE.slice(0, 30)}`),
    ).toBeUndefined();
  });

  it('refuses a URL of another scheme, however the link is dressed', () => {
    const script = 'javascript:alert(document.cookie)';
    expect(findAuthorizationUrl(`  ${link(script, script)}\r\n`)).toEqual({ refusedScheme: 'javascript:' });
    expect(findAuthorizationUrl(`  ${link(AUTHORIZE, 'file:///etc/passwd')}\r\n`)).toEqual({
      refusedScheme: 'file:',
    });
  });

  it('takes no line of words for a URL', () => {
    expect(
      findAuthorizationUrl('Starting authentication for "docs"…\r\nNote: see https://x.example\r\n'),
    ).toBeUndefined();
  });
});

describe('lastLine', () => {
  it('is the last line with text, without terminal sequences', () => {
    const output = 'Or paste the redirect URL here: \u001b[33G\r\nAuthenticated with "docs".\r\n\u001b[?25h';
    expect(lastLine(output)).toBe('Authenticated with "docs".');
  });
});
