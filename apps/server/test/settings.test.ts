/** docs/api.md#server-settings: the server's settings from the environment, parsed once. */
import { PINNED_CLAUDE_BIN } from '@mcp-admin/core/testing';
import { userInfo } from 'node:os';
import { describe, expect, it } from 'vitest';

import { ServerSettingsError, loadServerSettings } from '../src/http/settings';

describe('loadServerSettings', () => {
  it('defaults to 127.0.0.1:7420, a fresh random token, the start directory and the bundled CLI', () => {
    const first = loadServerSettings({}, '/work/here', 'linux');
    const second = loadServerSettings({}, '/work/here', 'linux');

    expect(first).toEqual({
      host: '127.0.0.1',
      port: 7420,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as unknown,
      defaultProject: '/work/here',
      configDir: undefined,
      claudeBin: PINNED_CLAUDE_BIN,
      cliTimeoutMs: 30_000,
      managedDir: '/etc/claude-code',
      homeDir: userInfo().homedir,
      appData: undefined,
      registryUrl: 'https://registry.modelcontextprotocol.io',
    });
    expect(second.token).not.toBe(first.token);
  });

  it('takes every setting from the environment', () => {
    expect(
      loadServerSettings(
        {
          MCP_ADMIN_HOST: '[::1]',
          MCP_ADMIN_PORT: '0',
          MCP_ADMIN_TOKEN: 'secret-token',
          MCP_ADMIN_PROJECT: '/srv/project',
          MCP_ADMIN_CLI_TIMEOUT_MS: '2500',
          CLAUDE_CONFIG_DIR: '/srv/claude',
          CLAUDE_BIN: '/opt/claude/bin/claude',
          MCP_ADMIN_MANAGED_DIR: '/srv/managed',
          HOME: '/home/me',
          APPDATA: 'C:\\Users\\me\\AppData\\Roaming',
          MCP_ADMIN_REGISTRY_URL: 'http://127.0.0.1:9000/mirror/',
        },
        '/work/here',
      ),
    ).toEqual({
      host: '::1',
      port: 0,
      token: 'secret-token',
      defaultProject: '/srv/project',
      configDir: '/srv/claude',
      claudeBin: '/opt/claude/bin/claude',
      cliTimeoutMs: 2500,
      managedDir: '/srv/managed',
      homeDir: '/home/me',
      appData: 'C:\\Users\\me\\AppData\\Roaming',
      registryUrl: 'http://127.0.0.1:9000/mirror',
    });
  });

  // `MCP_ADMIN_PROJECT=../my-app pnpm start`: pnpm runs the server in apps/server, with INIT_CWD
  // the directory the user typed the command in.
  it('resolves relative paths against INIT_CWD, where the user typed them, else the cwd', () => {
    const typed = {
      MCP_ADMIN_PROJECT: '../my-app',
      CLAUDE_CONFIG_DIR: 'claude-config',
      CLAUDE_BIN: './bin/claude',
      MCP_ADMIN_MANAGED_DIR: 'managed',
    };
    expect(
      loadServerSettings({ ...typed, INIT_CWD: '/home/me/repo' }, '/home/me/repo/apps/server'),
    ).toMatchObject({
      defaultProject: '/home/me/my-app',
      configDir: '/home/me/repo/claude-config',
      claudeBin: '/home/me/repo/bin/claude',
      managedDir: '/home/me/repo/managed',
    });
    expect(loadServerSettings(typed, '/work/here')).toMatchObject({
      defaultProject: '/work/my-app',
      configDir: '/work/here/claude-config',
      claudeBin: '/work/here/bin/claude',
      managedDir: '/work/here/managed',
    });
    expect(
      loadServerSettings({ INIT_CWD: '/home/me/repo' }, '/home/me/repo/apps/server').defaultProject,
    ).toBe('/home/me/repo');
  });

  it('defaults the managed folder to where Claude Code looks on each OS', () => {
    const managedDirOn = (platform: NodeJS.Platform) => loadServerSettings({}, '/work', platform).managedDir;
    expect(managedDirOn('linux')).toBe('/etc/claude-code');
    expect(managedDirOn('darwin')).toBe('/Library/Application Support/ClaudeCode');
    expect(managedDirOn('win32')).toBe('C:\\Program Files\\ClaudeCode');
  });

  it('leaves a bare CLAUDE_BIN name to PATH', () => {
    expect(loadServerSettings({ CLAUDE_BIN: 'claude-beta', INIT_CWD: '/home/me' }, '/work').claudeBin).toBe(
      'claude-beta',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(
      loadServerSettings(
        {
          MCP_ADMIN_HOST: '',
          MCP_ADMIN_PORT: '',
          MCP_ADMIN_TOKEN: 'secret-token',
          MCP_ADMIN_PROJECT: '',
          MCP_ADMIN_CLI_TIMEOUT_MS: '',
          CLAUDE_CONFIG_DIR: '',
          CLAUDE_BIN: '',
          INIT_CWD: '',
          MCP_ADMIN_MANAGED_DIR: '',
          HOME: '',
          APPDATA: '',
          MCP_ADMIN_REGISTRY_URL: '',
        },
        '/work',
        'linux',
      ),
    ).toEqual({
      host: '127.0.0.1',
      port: 7420,
      token: 'secret-token',
      defaultProject: '/work',
      configDir: undefined,
      claudeBin: PINNED_CLAUDE_BIN,
      cliTimeoutMs: 30_000,
      managedDir: '/etc/claude-code',
      homeDir: userInfo().homedir,
      appData: undefined,
      registryUrl: 'https://registry.modelcontextprotocol.io',
    });
  });

  it('refuses an MCP_ADMIN_REGISTRY_URL that is not an http(s) URL, naming the variable', () => {
    for (const url of ['registry.example.com', 'file:///etc/passwd']) {
      expect(() => loadServerSettings({ MCP_ADMIN_REGISTRY_URL: url }, '/work')).toThrow(
        /MCP_ADMIN_REGISTRY_URL.*must be an http\(s\) URL/,
      );
    }
  });

  it('refuses a non-loopback bind without an explicit token', () => {
    expect(() => loadServerSettings({ MCP_ADMIN_HOST: '0.0.0.0' }, '/work')).toThrow(
      new ServerSettingsError(
        'MCP_ADMIN_HOST=0.0.0.0 is reachable from other machines: set MCP_ADMIN_TOKEN to a secret of your own to bind it',
      ),
    );
    expect(
      loadServerSettings({ MCP_ADMIN_HOST: '0.0.0.0', MCP_ADMIN_TOKEN: 'secret-token' }, '/work').host,
    ).toBe('0.0.0.0');
  });

  it('names the variable and the rule when a value is wrong', () => {
    for (const port of ['70000', 'http', '-1', ' ', '80.5']) {
      expect(() => loadServerSettings({ MCP_ADMIN_PORT: port }, '/work')).toThrow(
        new ServerSettingsError('MCP_ADMIN_PORT: must be a port number from 0 to 65535'),
      );
    }
    expect(() => loadServerSettings({ MCP_ADMIN_TOKEN: 'has space' }, '/work')).toThrow(
      new ServerSettingsError('MCP_ADMIN_TOKEN: must be printable ASCII without spaces'),
    );
    for (const timeout of ['0', '-5', '1.5', 'soon']) {
      expect(() => loadServerSettings({ MCP_ADMIN_CLI_TIMEOUT_MS: timeout }, '/work')).toThrow(
        new ServerSettingsError(
          'MCP_ADMIN_CLI_TIMEOUT_MS: must be a whole number of milliseconds from 1 to 999999999',
        ),
      );
    }
  });
});
