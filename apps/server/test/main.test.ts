/**
 * `src/main.ts` as a real process, built as `pnpm start` runs it (vitest.global-setup.ts builds it
 * when its sources changed): the start line, graceful shutdown, refusing to start (issue 44: without
 * a Claude CLI of at least the minimum version).
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';

import { MINIMUM_CLAUDE_VERSION } from '@mcp-admin/core';

import { spawnMainProcess } from '../src/testing/main-process';

import {
  PATIENTLY,
  gatedCliEnv,
  httpRequest,
  json,
  openEventStream,
  openRawConnection,
  spawnedArgv,
  useTestWorld,
  worldEnv,
} from './support';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** main.ts like `pnpm start` runs it, killed if a test leaves it running. */
function startMain(env: NodeJS.ProcessEnv) {
  const main = spawnMainProcess(env, { built: true });
  onTestFinished(() => {
    if (main.child.exitCode === null) main.child.kill('SIGKILL');
  });
  return main;
}

describe('main.ts', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints exactly one start line with the port actually bound, serves, and exits 0 on %s',
    async (signal) => {
      const world = useTestWorld();
      const main = startMain(worldEnv(world));

      const { url, host, port, token } = await main.started();
      const health = await httpRequest(`${url}/healthz`);
      const list = await httpRequest(`${url}/trpc/mcp.list`, {
        headers: { authorization: `Bearer ${token}` },
      });
      main.child.kill(signal);

      expect({ host, portBound: port > 0, token: TOKEN.test(token) }).toEqual({
        host: '127.0.0.1',
        portBound: true,
        token: true,
      });
      expect({ health: health.body, list: json(list) }).toEqual({
        health: 'ok',
        list: {
          result: {
            data: { configPath: world.configPath, projectPath: world.projectDir, servers: [], problems: [] },
          },
        },
      });
      await expect(main.exited).resolves.toEqual({
        code: 0,
        stdout: `MCP Admin listening on ${url}/?token=${token}\n`,
        stderr: '',
      });
    },
  );

  it('puts an IPv6 host in brackets', async () => {
    const main = startMain(worldEnv(useTestWorld(), { MCP_ADMIN_HOST: '::1' }));

    const { url, host, token } = await main.started();
    const health = await httpRequest(`${url}/healthz`);
    main.child.kill('SIGTERM');

    expect({ host, health: health.body }).toEqual({ host: '[::1]', health: 'ok' });
    await expect(main.exited).resolves.toEqual({
      code: 0,
      stdout: `MCP Admin listening on ${url}/?token=${token}\n`,
      stderr: '',
    });
  });

  it('lets an in-flight change finish on SIGTERM, then exits 0', async () => {
    const world = useTestWorld();
    const gateFile = join(world.plainDir, 'gate');
    const { env, cliLog } = gatedCliEnv(world, gateFile);
    const main = startMain(worldEnv(world, env));
    const { url, token } = await main.started();

    const adding = httpRequest(`${url}/trpc/mcp.add`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'inflight', scope: 'user', command: 'node' }),
    });
    await vi.waitFor(() => {
      // The start's check of the CLI's version first.
      expect(spawnedArgv(cliLog)).toEqual(['--version', 'mcp add-json --scope user inflight -']);
    }, PATIENTLY);
    main.child.kill('SIGTERM');
    writeFileSync(gateFile, '');

    expect((await adding).status).toBe(200);
    await expect(main.exited).resolves.toMatchObject({ code: 0 });
    expect(JSON.parse(readFileSync(world.configPath, 'utf8'))).toMatchObject({
      mcpServers: { inflight: { type: 'stdio', command: 'node', args: [], env: {} } },
    });
  });

  it('on SIGTERM, closes idle kept-alive connections and ones still sending a request at once, and exits 0', async () => {
    const main = startMain(worldEnv(useTestWorld()));
    const { url, token } = await main.started();
    const keptAlive = await openRawConnection(url);
    keptAlive.socket.write(`GET /healthz HTTP/1.1\r\nHost: ${keptAlive.host}\r\n\r\n`);
    await vi.waitFor(() => {
      expect(keptAlive.received()).toMatch(/\r\n\r\nok$/);
    }, PATIENTLY);
    const halfHeaders = await openRawConnection(url);
    halfHeaders.socket.write(`GET /healthz HTTP/1.1\r\nHost: ${halfHeaders.host}\r\n`);
    const halfBody = await openRawConnection(url);
    halfBody.socket.write(
      [
        'POST /trpc/mcp.add HTTP/1.1',
        `Host: ${halfBody.host}`,
        `Authorization: Bearer ${token}`,
        'Content-Type: application/json',
        'Content-Length: 100',
        '',
        '{',
      ].join('\r\n'),
    );

    main.child.kill('SIGTERM');

    // Closed by the shutdown, not by a time limit: that would have answered 408 first.
    const [answered, ...unanswered] = await Promise.all([
      keptAlive.closed,
      halfHeaders.closed,
      halfBody.closed,
    ]);
    expect({ answered: answered.startsWith('HTTP/1.1 200 OK'), unanswered }).toEqual({
      answered: true,
      unanswered: ['', ''],
    });
    await expect(main.exited).resolves.toEqual({
      code: 0,
      stdout: `MCP Admin listening on ${url}/?token=${token}\n`,
      stderr: '',
    });
  });

  it('ends an open event stream on SIGTERM, then exits 0', async () => {
    const main = startMain(worldEnv(useTestWorld()));
    const { url, token } = await main.started();
    const stream = await openEventStream(`${url}/trpc/mcp.events`, { authorization: `Bearer ${token}` });
    const connected = await stream.next();

    main.child.kill('SIGTERM');

    expect(connected).toEqual({ event: 'connected', data: {} });
    await expect(stream.next()).resolves.toEqual({ event: 'return', data: undefined });
    await expect(stream.next()).resolves.toBeUndefined();
    await expect(main.exited).resolves.toEqual({
      code: 0,
      stdout: `MCP Admin listening on ${url}/?token=${token}\n`,
      stderr: '',
    });
  });

  it('refuses to start without a Claude CLI it can run, saying what to install, and exits 1', async () => {
    const world = useTestWorld();
    const missing = join(world.plainDir, 'no-such-claude');
    const main = startMain(worldEnv(world, { CLAUDE_BIN: missing }));

    await expect(main.exited).resolves.toEqual({
      code: 1,
      stdout: '',
      stderr: `MCP Admin could not start: MCP Admin needs Claude Code ${MINIMUM_CLAUDE_VERSION} or newer, and none could be run: Cannot run the Claude CLI at "${missing}" (ENOENT). Install Claude Code or set CLAUDE_BIN to the path of a working claude executable. To install it: \`npm install -g @anthropic-ai/claude-code\`.\n`,
    });
  });

  it('refuses to start with a Claude CLI older than the minimum, naming its version and what to install, and exits 1', async () => {
    const world = useTestWorld();
    // Claude Code's behaviour is not the subject: only what it answers to --version.
    const old = join(world.plainDir, 'claude');
    writeFileSync(old, '#!/bin/sh\necho "2.0.76 (Claude Code)"\n', { mode: 0o755 });
    const main = startMain(worldEnv(world, { CLAUDE_BIN: old }));

    await expect(main.exited).resolves.toEqual({
      code: 1,
      stdout: '',
      stderr: `MCP Admin could not start: MCP Admin needs Claude Code ${MINIMUM_CLAUDE_VERSION} or newer; ${old} is 2.0.76. Update it with \`npm install -g @anthropic-ai/claude-code\`, or set CLAUDE_BIN to a newer one.\n`,
    });
  });

  it('says in one line that its port is taken by the MCP Admin already running on this config, at its address, without its token, and exits 1; for another config, that another program holds it', async () => {
    const world = useTestWorld();
    const running = startMain(worldEnv(world));
    const { url, port, token } = await running.started();
    const runningFile = join(world.configDir, '.mcp-admin', 'server.json');
    const written = readFileSync(runningFile, 'utf8');

    const second = startMain(worldEnv(world, { MCP_ADMIN_PORT: String(port) }));
    const elsewhere = startMain(worldEnv(useTestWorld(), { MCP_ADMIN_PORT: String(port) }));
    const [secondExit, elsewhereExit] = await Promise.all([second.exited, elsewhere.exited]);

    expect(secondExit).toEqual({
      code: 1,
      stdout: '',
      stderr: `MCP Admin could not start: port ${port} is taken by the MCP Admin already running on this config, at ${url} (its sign-in link is in the output of its start; set MCP_ADMIN_PORT to start another)\n`,
    });
    expect(elsewhereExit).toEqual({
      code: 1,
      stdout: '',
      stderr: `MCP Admin could not start: port ${port} of 127.0.0.1 is taken by another program: set MCP_ADMIN_PORT to a free port (0 picks one)\n`,
    });
    expect(statSync(runningFile).mode & 0o777).toBe(0o600);
    expect(JSON.parse(written)).toEqual({
      url,
      instance: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) as unknown,
    });
    expect(written).not.toContain(token);
    expect((await httpRequest(`${url}/healthz`)).body).toBe('ok');
    running.child.kill('SIGTERM');
    await expect(running.exited).resolves.toMatchObject({ code: 0 });
    // Gone with the server it named.
    expect(existsSync(runningFile)).toBe(false);
  });

  it('refuses to start on a non-loopback host without MCP_ADMIN_TOKEN', async () => {
    const world = useTestWorld();
    const main = startMain(worldEnv(world, { MCP_ADMIN_HOST: '0.0.0.0' }));

    await expect(main.exited).resolves.toEqual({
      code: 1,
      stdout: '',
      stderr:
        'MCP Admin could not start: MCP_ADMIN_HOST=0.0.0.0 is reachable from other machines: set MCP_ADMIN_TOKEN to a secret of your own to bind it\n',
    });
    expect(existsSync(world.configPath)).toBe(false);
  });
});
