/**
 * Claude Code runs the servers whose secrets MCP Admin keeps in the keychain: a stdio server through
 * the keychain launcher (its env set from the keychain), an http server with the headersHelper
 * (its header printed from the keychain). The real pinned CLI and a real Secret Service (a private
 * GNOME Keyring, reached through DBUS_SESSION_BUS_ADDRESS as Claude Code's children inherit it).
 */
import {
  createTestWorld,
  MCP_SERVER_SCRIPTS,
  runCliAsAnotherTerminal,
  startRemoteMcpServer,
  startTestKeychain,
} from '@mcp-admin/core/testing';
import type { RemoteMcpServer, TestKeychain, TestWorld } from '@mcp-admin/core/testing';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionStart } from '../support/claude-init';
import { adminInWorld } from '../support/world-admin';

const STDIO_SECRET = 'kept-stdio-secret-4f9a1c';
const HEADER_SECRET = 'Bearer kept-http-secret-7d2e0b';

let keychain: TestKeychain;
let world: TestWorld;
let remote: RemoteMcpServer;
let restoreBus: () => void;
beforeAll(async () => {
  keychain = startTestKeychain();
  // The CLI the tests run, and so the launcher and helper it starts, inherit this process's env.
  restoreBus = keychain.useInThisProcess();
  world = createTestWorld();
  remote = await startRemoteMcpServer({ requiredAuthorization: HEADER_SECRET });
});
afterAll(async () => {
  await remote.stop();
  world.remove();
  restoreBus();
  keychain.stop();
});

/** Every process's command line now, as anyone on the machine can read it in /proc. */
function commandLines(): string {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        return '';
      }
    })
    .join('\n');
}

describe('servers kept in the keychain, run by Claude Code', () => {
  it('connects a stdio server through the launcher and an http server through its headersHelper: claude mcp get says Connected, a session lists their tools, no secret in .claude.json or a command line', async () => {
    const admin = adminInWorld(world);
    await admin.add({
      name: 'vault',
      scope: 'user',
      command: process.execPath,
      args: [MCP_SERVER_SCRIPTS.toolsFromEnv],
      env: {
        SECRET: STDIO_SECRET,
        SECRET_SHA256: createHash('sha256').update(STDIO_SECRET).digest('hex'),
        TOOL_NAMES: 'open_vault',
      },
      secretsIn: 'keychain',
    });
    await admin.add({
      name: 'guarded',
      scope: 'user',
      transport: 'http',
      url: `${remote.origin}/mcp`,
      headers: { Authorization: HEADER_SECRET },
      secretsIn: 'keychain',
    });
    const config = readFileSync(world.configPath, 'utf8');

    // Two CLIs at once: each waits on its server's connect most of its time.
    const [vault, guarded] = await Promise.all(
      ['vault', 'guarded'].map((name) =>
        runCliAsAnotherTerminal(world, world.projectDir, ['mcp', 'get', name]),
      ),
    );
    let whileConnected = '';
    const session = await sessionStart(world, world.projectDir, 90_000, () => {
      whileConnected = commandLines();
    });

    expect(vault).toMatch(/^ {2}Status: ✔ Connected$/m);
    expect(vault).toMatch(/keychain-launcher\.mjs env .+ SECRET SECRET_SHA256 TOOL_NAMES -- /);
    expect(guarded).toMatch(/^ {2}Status: ✔ Connected$/m);
    expect(session.mcpServers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'vault', status: 'connected' }),
        expect.objectContaining({ name: 'guarded', status: 'connected' }),
      ]),
    );
    expect(session.tools).toEqual(expect.arrayContaining(['mcp__vault__open_vault']));
    expect(session.tools.some((tool) => tool.startsWith('mcp__guarded__'))).toBe(true);
    for (const secret of [STDIO_SECRET, HEADER_SECRET.slice('Bearer '.length)]) {
      expect(config).not.toContain(secret);
      expect(readFileSync(world.configPath, 'utf8')).not.toContain(secret);
      expect(whileConnected).not.toContain(secret);
    }
    // The launcher of the stdio server was running then: its command line names the secret, never its value.
    expect(whileConnected).toContain('keychain-launcher.mjs');
  });
});
