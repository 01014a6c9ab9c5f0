/** `auth` of each listed server, read from Claude Code's token store (`.credentials.json`). */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { useOAuthWorld, writeUserServers, protectedServer, adminOf } from '../support/oauth-world';

const oauth = useOAuthWorld();

describe('auth', () => {
  it("follows Claude Code's token store: watched, keyed by name and entry, a refresh token enough, and left out where unreadable", async () => {
    const url = `${oauth.remote.origin}/mcp`;
    writeUserServers(oauth, {
      guarded: protectedServer(oauth),
      other: { type: 'http', url },
      local: { command: 'node' },
    });
    const service = adminOf(oauth);
    const stop = new AbortController();
    const changes = (await service.watch(undefined, stop.signal))[Symbol.asyncIterator]();
    const credentials = join(oauth.world.configDir, '.credentials.json');
    // `guarded` has a header: a token filed under its name but keyed without headers is not its own.
    // A refresh token alone is a sign-in, as for Claude Code (it gets an access token with it).
    const key = (name: string, entry: unknown) =>
      `${name}|${createHash('sha256').update(JSON.stringify(entry)).digest('hex').slice(0, 16)}`;
    writeFileSync(
      credentials,
      JSON.stringify({
        mcpOAuth: {
          [key('other', { type: 'http', url, headers: {} })]: { serverName: 'other', refreshToken: 'r1' },
          [key('guarded', { type: 'http', url, headers: {} })]: { serverName: 'guarded', accessToken: 'a2' },
        },
      }),
    );
    expect((await changes.next()).value).toMatchObject({ file: credentials, exists: true });
    const auths = async () => (await service.list()).servers.map(({ name, auth }) => [name, auth]);
    await expect(auths()).resolves.toEqual([
      ['guarded', 'signed-out'],
      ['local', undefined],
      ['other', 'signed-in'],
    ]);

    writeFileSync(credentials, '{ not json');
    const listed = await service.list();
    expect(listed.servers.map(({ auth }) => auth)).toEqual([undefined, undefined, undefined]);
    expect(listed.problems).toEqual([
      { file: credentials, message: expect.stringContaining(credentials) as string },
    ]);
    stop.abort();
  });
});
