/** SPEC §2: the server's settings from the environment. */
import { describe, expect, it } from 'vitest';

import { ServerConfigError, loadServerConfig } from '../src/http/config';

describe('loadServerConfig', () => {
  it('defaults to 127.0.0.1:7420, a fresh random token and the directory it was started from', () => {
    const first = loadServerConfig({}, '/work/here');
    const second = loadServerConfig({}, '/work/here');

    expect(first).toEqual({
      host: '127.0.0.1',
      port: 7420,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as unknown,
      project: '/work/here',
    });
    expect(second.token).not.toBe(first.token);
  });

  it('takes every setting from the environment, INIT_CWD (pnpm) before the cwd', () => {
    expect(
      loadServerConfig(
        {
          MCP_ADMIN_HOST: '[::1]',
          MCP_ADMIN_PORT: '0',
          MCP_ADMIN_TOKEN: 'secret-token',
          INIT_CWD: '/from/pnpm',
        },
        '/work/here',
      ),
    ).toEqual({ host: '::1', port: 0, token: 'secret-token', project: '/from/pnpm' });
    expect(
      loadServerConfig({ MCP_ADMIN_PROJECT: 'relative', INIT_CWD: '/from/pnpm' }, '/work/here').project,
    ).toBe('/work/here/relative');
  });

  it('treats an empty variable as unset', () => {
    expect(
      loadServerConfig({ MCP_ADMIN_HOST: '', MCP_ADMIN_PORT: '', MCP_ADMIN_TOKEN: 'secret-token' }, '/work'),
    ).toEqual({ host: '127.0.0.1', port: 7420, token: 'secret-token', project: '/work' });
  });

  it('refuses a non-loopback bind without an explicit token', () => {
    expect(() => loadServerConfig({ MCP_ADMIN_HOST: '0.0.0.0' }, '/work')).toThrow(
      new ServerConfigError(
        'MCP_ADMIN_HOST=0.0.0.0 is reachable from other machines: set MCP_ADMIN_TOKEN to a secret of your own to bind it',
      ),
    );
    expect(
      loadServerConfig({ MCP_ADMIN_HOST: '0.0.0.0', MCP_ADMIN_TOKEN: 'secret-token' }, '/work').host,
    ).toBe('0.0.0.0');
  });

  it('names the variable and the rule when a value is wrong', () => {
    for (const port of ['70000', 'http', '-1', ' ', '80.5']) {
      expect(() => loadServerConfig({ MCP_ADMIN_PORT: port }, '/work')).toThrow(
        new ServerConfigError('MCP_ADMIN_PORT: must be a port number from 0 to 65535'),
      );
    }
    expect(() => loadServerConfig({ MCP_ADMIN_TOKEN: 'has space' }, '/work')).toThrow(
      new ServerConfigError('MCP_ADMIN_TOKEN: must be printable ASCII without spaces'),
    );
  });
});
