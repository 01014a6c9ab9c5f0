/**
 * Running sessions with the real CLI: a real interactive `claude` session, started under a
 * pseudo-terminal in a throwaway world, is listed by `mcp.sessions` exactly as `claude agents
 * --json` (the oracle) lists it, is named in `sessionsMissing` by a change that reaches its
 * directory (and only by such a change, made through the verified fake CLI), and is gone from the
 * list once it exits, also when it was killed and left its session file behind.
 */
import {
  allowInteractiveSessions,
  createTestWorld,
  FAKE_CLAUDE,
  PINNED_CLAUDE_BIN,
  startInteractiveSession,
  worldAdminOptions,
} from '@mcp-admin/core/testing';
import type { InteractiveSession, TestWorld } from '@mcp-admin/core/testing';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { createMcpAdmin, type McpAdmin } from '../../../src/service';

let world: TestWorld;
let admin: McpAdmin;
let session: InteractiveSession | undefined;

function setUp(): void {
  world = createTestWorld();
  allowInteractiveSessions(world.configPath, [world.projectDir]);
  admin = createMcpAdmin(worldAdminOptions(world));
}
async function tearDown(): Promise<void> {
  await session?.stop('SIGKILL');
  session = undefined;
  await admin.close();
  world.remove();
}
const startSession = async () =>
  (session = await startInteractiveSession(PINNED_CLAUDE_BIN, {
    configDir: world.configDir,
    cwd: world.projectDir,
  }));

/** `claude agents --json` on the world's config: the CLI's own list of running sessions. */
async function agentsJson(): Promise<unknown[]> {
  const { stdout } = await promisify(execFile)(PINNED_CLAUDE_BIN, ['agents', '--json'], {
    cwd: world.plainDir,
    env: { ...process.env, HOME: world.configDir, CLAUDE_CONFIG_DIR: world.configDir },
    timeout: 30_000,
  });
  return JSON.parse(stdout) as unknown[];
}

async function listedPids(): Promise<number[]> {
  return (await admin.sessions()).map((listed) => listed.pid);
}

const SERVER = { command: 'node', args: ['server.js'] };

// One session for both, as each takes seconds to start: the last test ends it.
describe('one interactive session, running and then stopped', () => {
  let running: InteractiveSession;
  beforeAll(async () => {
    setUp();
    running = await startSession();
  });
  afterAll(tearDown);

  it("names the running session in sessionsMissing of changes that reach its project, and not of one that doesn't", async () => {
    const [listed] = await admin.sessions();
    if (listed === undefined) throw new Error('the session is not listed');
    const missed = {
      pid: running.pid,
      cwd: world.projectDir,
      name: listed.name,
      startedAt: listed.startedAt,
    };
    // Our answer is the subject, not how Claude Code stores a change: the fake CLI stores what it would.
    const changes = createMcpAdmin(worldAdminOptions(world, { claudeBin: FAKE_CLAUDE }));
    onTestFinished(() => changes.close());

    const local = await changes.add({
      name: 'local_one',
      scope: 'local',
      projectPath: world.nestedDir,
      ...SERVER,
    });
    const user = await changes.add({ name: 'user_one', scope: 'user', ...SERVER });
    const elsewhere = await changes.add({
      name: 'elsewhere',
      scope: 'project',
      projectPath: world.plainDir,
      ...SERVER,
    });
    const removed = await changes.remove({ name: 'user_one', scope: 'user' });

    expect(local.sessionsMissing).toEqual([missed]);
    expect(user.sessionsMissing).toEqual([missed]);
    expect(elsewhere.sessionsMissing).toBeUndefined();
    expect(removed.sessionsMissing).toEqual([missed]);
  });

  it('lists a real interactive session exactly as claude agents --json does, and not once it has exited', async () => {
    const listed = await admin.sessions();
    expect(listed).toEqual(await agentsJson());
    expect(listed).toEqual([
      expect.objectContaining({ pid: running.pid, cwd: world.projectDir, kind: 'interactive' }),
    ]);
    expect(await admin.sessions({ projectPath: world.projectDir })).toHaveLength(1);
    expect(await admin.sessions({ projectPath: world.plainDir })).toEqual([]);

    await running.stop('SIGTERM');
    expect(await listedPids()).toEqual([]);
    expect(await agentsJson()).toEqual([]);
  });
});

describe('a killed session', () => {
  beforeEach(setUp);
  afterEach(tearDown);

  it('does not trust the file a killed session leaves behind', async () => {
    const killed = await startSession();
    expect(await listedPids()).toEqual([killed.pid]);

    await killed.stop('SIGKILL');

    expect(existsSync(join(world.configDir, 'sessions', `${String(killed.pid)}.json`))).toBe(true);
    expect(await listedPids()).toEqual([]);
  });
});
