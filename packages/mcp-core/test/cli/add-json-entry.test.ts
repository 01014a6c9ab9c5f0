import { describe, expect, it } from 'vitest';
import { REDACTED } from '../../src/config';
import { checkImportedEntry } from '../../src/cli/add-json-entry';

describe('checkImportedEntry', () => {
  it.each([
    [
      'a stdio server as written, without a type',
      { command: 'npx', args: ['-y', 'pkg'], env: { KEY: '-v=1' } },
      { command: 'npx', args: ['-y', 'pkg'], env: { KEY: '-v=1' } },
    ],
    [
      'a streamable-http server, as http (the CLI stores it so)',
      { type: 'streamable-http', url: 'https://e.test/mcp', headers: { Authorization: 'Bearer t' } },
      { type: 'http', url: 'https://e.test/mcp', headers: { Authorization: 'Bearer t' } },
    ],
    [
      'a url without a type, as http',
      { url: 'https://e.test/mcp' },
      { type: 'http', url: 'https://e.test/mcp' },
    ],
    [
      'an sse server with every field add-json keeps',
      {
        type: 'sse',
        url: 'http://127.0.0.1:9/sse',
        headersHelper: '/usr/local/bin/headers',
        oauth: {
          clientId: 'client',
          callbackPort: 8080,
          authServerMetadataUrl: 'https://auth.e.test/.well-known/oauth-authorization-server',
          scopes: 'read write',
          xaa: false,
        },
        timeout: 30000,
        alwaysLoad: true,
      },
      {
        type: 'sse',
        url: 'http://127.0.0.1:9/sse',
        headersHelper: '/usr/local/bin/headers',
        oauth: {
          clientId: 'client',
          callbackPort: 8080,
          authServerMetadataUrl: 'https://auth.e.test/.well-known/oauth-authorization-server',
          scopes: 'read write',
          xaa: false,
        },
        timeout: 30000,
        alwaysLoad: true,
      },
    ],
  ])('accepts %s', (_label, entry, addJsonEntry) => {
    expect(checkImportedEntry('srv', entry)).toEqual({ ok: true, entry: addJsonEntry });
  });

  it.each([
    [
      'a name that breaks the name rule',
      'bad name',
      { command: 'x' },
      'name: name may only contain letters, digits, "_" and "-"',
    ],
    [
      'a name Object.prototype has, which the CLI refuses',
      'constructor',
      { command: 'x' },
      'name: name "constructor" is reserved: Claude Code cannot add a server of that name',
    ],
    [
      'the name "__proto__"',
      '__proto__',
      { command: 'x' },
      'name: name "__proto__" is reserved: Claude Code cannot store it',
    ],
    ['an entry that is not an object', 'srv', 'npx', 'a server must be an object'],
    [
      'an env key with a space and a command starting with "-"',
      'srv',
      { command: '-rf', env: { 'BAD KEY': 'v' } },
      'command: command may not start with "-"; env.BAD KEY: env name must start with a letter or "_" and hold only letters, digits and "_"',
    ],
    [
      'neither command nor url',
      'srv',
      { args: ['x'] },
      'command: command (stdio) or url (http/sse) is required',
    ],
    [
      'both command and url',
      'srv',
      { command: 'x', url: 'https://e.test' },
      'url: give either command or url, not both',
    ],
    ['a url that is not http(s)', 'srv', { url: 'ftp://e.test' }, 'url: url must be an absolute http(s) URL'],
    [
      'type ws, which Claude Code has but this product cannot add',
      'srv',
      { type: 'ws', url: 'ws://e.test' },
      'type: type must be one of stdio, http, sse, streamable-http; url: url must be an absolute http(s) URL',
    ],
    [
      'type http with a command',
      'srv',
      { type: 'http', command: 'x' },
      'type: type with command must be stdio',
    ],
    [
      'type stdio with a url',
      'srv',
      { type: 'stdio', url: 'https://e.test' },
      'type: type with url must be http or sse',
    ],
    [
      'headers with a command',
      'srv',
      { command: 'x', headers: { A: 'b' } },
      'headers: headers only go with url',
    ],
    [
      'oauth and headersHelper with a command',
      'srv',
      { command: 'x', oauth: {}, headersHelper: 'h' },
      'headersHelper: headersHelper only goes with url; oauth: oauth only goes with url',
    ],
    [
      'a header value with surrounding space',
      'srv',
      { url: 'https://e.test', headers: { A: ' b' } },
      'headers.A: header value may not start or end with whitespace',
    ],
    [
      'a field add-json would drop',
      'srv',
      { command: 'x', description: 'd', disabled: true },
      'unknown field description, disabled: Claude Code would not keep it',
    ],
    [
      'a "__proto__" field',
      'srv',
      JSON.parse('{"command": "x", "__proto__": {"a": 1}}') as unknown,
      'unknown field __proto__: Claude Code would not keep it',
    ],
    [
      'a timeout in text',
      'srv',
      { command: 'x', timeout: '5000' },
      'timeout: timeout must be a whole number of milliseconds',
    ],
    [
      'a fractional timeout',
      'srv',
      { command: 'x', timeout: 1.5 },
      'timeout: timeout must be a whole number of milliseconds',
    ],
    ['a timeout of 0', 'srv', { command: 'x', timeout: 0 }, 'timeout: timeout must be at least 1 ms'],
    [
      'alwaysLoad as text',
      'srv',
      { command: 'x', alwaysLoad: 'yes' },
      'alwaysLoad: alwaysLoad must be true or false',
    ],
    [
      'oauth that is not an object',
      'srv',
      { url: 'https://e.test', oauth: 'x' },
      'oauth: oauth must be an object',
    ],
    [
      'oauth with a bad port, an http metadata URL and an unknown field',
      'srv',
      {
        url: 'https://e.test',
        oauth: { callbackPort: 70000, authServerMetadataUrl: 'http://a.test', secret: 's' },
      },
      'oauth.callbackPort: callbackPort must be from 1 to 65535; oauth.authServerMetadataUrl: authServerMetadataUrl must be an absolute https URL; oauth: unknown field secret: Claude Code would not keep it',
    ],
    [
      'a blank headersHelper',
      'srv',
      { url: 'https://e.test', headersHelper: ' ' },
      'headersHelper: headersHelper may not be blank',
    ],
    [
      'the placeholder of a hidden secret as a value',
      'srv',
      { url: 'https://e.test', headers: { Authorization: REDACTED } },
      `headers.Authorization: "${REDACTED}" is the placeholder of a hidden secret, not its value (export with reveal to keep secrets)`,
    ],
  ])('reports %s, field by field', (_label, name, entry, problems) => {
    expect(checkImportedEntry(name, entry)).toEqual({ ok: false, problems });
  });
});
