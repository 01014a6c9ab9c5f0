/** Sign-ins refused before the CLI starts, and an authorization URL that is never passed on. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { McpCoreError } from '../../src/errors';
import {
  useOAuthWorld,
  writeUserServers,
  protectedServer,
  adminOf,
  startLogin,
  worldProcesses,
  expectNoWorldProcess,
} from '../support/oauth-world';
import { fixture } from '../support/world-admin';

const oauth = useOAuthWorld();

describe('mcp.login refusals', () => {
  it('never passes on an authorization URL that is not http(s), and stops the CLI', async () => {
    writeUserServers(oauth, { guarded: protectedServer(oauth) });
    const events = await startLogin(adminOf(oauth, {}, fixture('javascript-url-claude.sh')), 'guarded');
    expect((await events.next()).value).toEqual({
      state: 'done',
      ok: false,
      message:
        'The CLI printed an authorization address that is not http or https (javascript:); it was not opened.',
    });
    await expectNoWorldProcess(oauth);
  });

  it('refuses (NEEDS_CONFIRMATION) to sign in to a .mcp.json server nobody approved, before the CLI starts', async () => {
    writeFileSync(
      join(oauth.world.projectDir, '.mcp.json'),
      JSON.stringify({ mcpServers: { team: protectedServer(oauth) } }),
    );
    const service = adminOf(oauth, {}, fixture('javascript-url-claude.sh'));
    await expect(service.login({ name: 'team' }, new AbortController().signal)).rejects.toEqual(
      new McpCoreError(
        'NEEDS_CONFIRMATION',
        `Project server "team" from ${join(oauth.world.projectDir, '.mcp.json')} is not approved yet: Claude Code does not connect to it, so there is nothing to sign in to. Approve it in Claude Code first.`,
      ),
    );
    expect(worldProcesses(oauth)).toEqual([]);
  });

  it('refuses a stdio server, an unknown one and any under a managed config before the CLI starts', async () => {
    writeUserServers(oauth, { local: { command: 'node', args: [] }, guarded: protectedServer(oauth) });
    // The fixture would report a sign-in as done: a refusal comes before any spawn.
    const service = adminOf(oauth, {}, fixture('javascript-url-claude.sh'));
    const signal = new AbortController().signal;
    await expect(service.login({ name: 'local' }, signal)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'name: "local" is a stdio server: only http and sse servers sign in with OAuth',
    });
    await expect(service.login({ name: 'nothing' }, signal)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'No MCP server named "nothing" in local, project or user scope.',
    });
    mkdirSync(oauth.world.managedDir);
    writeFileSync(join(oauth.world.managedDir, 'managed-mcp.json'), JSON.stringify({ mcpServers: {} }));
    await expect(service.login({ name: 'guarded' }, signal)).rejects.toMatchObject({
      code: 'MANAGED_CONFIG',
      message: `${join(oauth.world.managedDir, 'managed-mcp.json')} has exclusive control over MCP servers: Claude Code loads only its servers, so none can be added or removed here.`,
    });
    expect(worldProcesses(oauth)).toEqual([]);
  });
});
