import { describe, expect, it } from 'vitest';
import { moveSummary, moveWords, secretsToMove } from '../src/servers/move-all-secrets';
import type { ServerEntry } from '../src/trpc';

const stdio = (name: string, scope: string, env: Record<string, string>, extra: object = {}) =>
  ({ name, scope, transport: 'stdio', command: 'npx', env, ...extra }) as unknown as ServerEntry;
const http = (name: string, scope: string, headers: Record<string, string>) =>
  ({ name, scope, transport: 'http', url: 'https://example.test/mcp', headers }) as unknown as ServerEntry;

describe('Move all secrets to the keychain: the preview', () => {
  it('takes the user and local servers holding a secret in clear, in list order, with the env or header names that move', () => {
    const servers = [
      stdio('github', 'user', { GITHUB_TOKEN: 'ghp_x', EMPTY: '' }),
      http('linear', 'local', { Authorization: 'Bearer abc' }),
      stdio('shared', 'project', { API_KEY: 'k' }),
      stdio('managed', 'managed', { API_KEY: 'k' }),
      stdio('referenced', 'user', { API_KEY: '${API_KEY}' }),
      stdio('kept', 'user', { API_KEY: 'k' }, { keychain: { ref: 'r', env: ['API_KEY'], headers: [] } }),
      stdio('plain', 'local', {}),
    ];

    expect(secretsToMove(servers).map(({ server, names }) => [server.name, server.scope, names])).toEqual([
      ['github', 'user', ['GITHUB_TOKEN']],
      ['linear', 'local', ['Authorization']],
    ]);
  });

  it('says of a signed-in server that its move means signing in again, and nothing of one signed out', () => {
    const signedIn = {
      ...http('linear', 'user', { Authorization: 'Bearer abc' }),
      auth: 'signed-in',
    } as ServerEntry;
    const signedOut = {
      ...http('jira', 'user', { Authorization: 'Bearer abc' }),
      auth: 'signed-out',
    } as ServerEntry;

    expect(secretsToMove([signedIn, signedOut]).map((move) => [move.server.name, moveWords(move)])).toEqual([
      ['linear', 'Authorization (you will need to sign in again)'],
      ['jira', 'Authorization'],
    ]);
  });

  it('offers nothing when no server holds a secret in clear', () => {
    expect(secretsToMove([stdio('plain', 'user', {}), stdio('shared', 'project', { KEY: 'v' })])).toEqual([]);
  });

  it("sums up a run's outcomes, naming the failures", () => {
    expect(
      moveSummary([
        { name: 'a', ok: true, message: '' },
        { name: 'b', ok: false, error: 'The keychain is locked' },
      ]),
    ).toBe('Moved 1 of 2 servers, 1 failed.');
    expect(moveSummary([{ name: 'a', ok: true, message: '' }])).toBe('Moved 1 of 1 server.');
  });
});
