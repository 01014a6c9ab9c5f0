/**
 * Issue 30 through the typed client: `mcp.sessions` lists a running session, and the changes that
 * do not reach it (an add, an import) name it in `sessionsMissing`. The session is a live process
 * with the file Claude Code writes for it (`sessions/<pid>.json`, format proven against a real
 * interactive `claude` in packages/mcp-core/test/service/running-sessions-cli.test.ts): what is
 * tested here is our reading and answering, through the HTTP API and its types.
 */
import { createTestWorld, FAKE_CLAUDE } from '@mcp-admin/core/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createMcpAdminClient } from '../src';
import { serverIn } from './support';

let sleeper: ChildProcess | undefined;
afterEach(() => {
  sleeper?.kill('SIGKILL');
  sleeper = undefined;
});

/** A live process standing for a session in `cwd`, and the file its session would have written. */
function runningSession(configDir: string, cwd: string, startedAt: number) {
  sleeper = spawn('sleep', ['300'], { stdio: 'ignore' });
  const pid = sleeper.pid;
  if (pid === undefined) throw new Error('sleep did not start');
  // Field 22 of /proc/<pid>/stat (the 20th after the command's closing parenthesis).
  const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  const procStart = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  mkdirSync(join(configDir, 'sessions'), { recursive: true });
  writeFileSync(
    join(configDir, 'sessions', `${String(pid)}.json`),
    JSON.stringify({
      pid,
      sessionId: 'b3c1',
      cwd,
      startedAt,
      procStart,
      kind: 'interactive',
      name: 'api work',
      status: 'idle',
    }),
  );
  return { pid, sleeper };
}

it('lists a running session with mcp.sessions, names it in the sessionsMissing of an add and of each server an import adds, and drops it once it exits', async () => {
  // Our reading and answering are the subject: the changes go through the verified fake CLI.
  const world = createTestWorld({ claudeBin: FAKE_CLAUDE });
  const server = await serverIn(world);
  const client = createMcpAdminClient({ url: server.url, token: server.token });
  const startedAt = Date.now() - 60_000;
  const { pid, sleeper: process } = runningSession(world.configDir, world.projectDir, startedAt);

  await expect(client.mcp.sessions.query()).resolves.toEqual([
    {
      pid,
      cwd: world.projectDir,
      kind: 'interactive',
      startedAt,
      sessionId: 'b3c1',
      name: 'api work',
      status: 'idle',
    },
  ]);
  const elsewhere = world.plainDir;
  await expect(client.mcp.sessions.query({ projectPath: elsewhere })).resolves.toEqual([]);

  const missed = [{ pid, cwd: world.projectDir, name: 'api work', startedAt }];
  const added = await client.mcp.add.mutate({ name: 'docs', scope: 'user', command: 'node' });
  expect(added.sessionsMissing).toEqual(missed);

  const json = JSON.stringify({ mcpServers: { notes: { command: 'node' }, docs: { command: 'node' } } });
  const preview = await client.mcp.import.mutate({ json, scope: 'user', dryRun: true });
  expect(preview.map((result) => result.sessionsMissing)).toEqual([undefined, undefined]);
  const imported = await client.mcp.import.mutate({ json, scope: 'user' });
  expect(imported.map(({ name, outcome, sessionsMissing }) => ({ name, outcome, sessionsMissing }))).toEqual([
    { name: 'notes', outcome: 'added', sessionsMissing: missed },
    { name: 'docs', outcome: 'exists', sessionsMissing: undefined },
  ]);
  // A project-scope import in another project does not reach a session here.
  const json2 = JSON.stringify({ mcpServers: { other: { command: 'node' } } });
  const [otherProject] = await client.mcp.import.mutate({
    json: json2,
    scope: 'project',
    projectPath: elsewhere,
  });
  expect(otherProject).toMatchObject({ name: 'other', outcome: 'added' });
  expect(otherProject?.sessionsMissing).toBeUndefined();

  process.kill('SIGKILL');
  await once(process, 'exit');
  await expect(client.mcp.sessions.query()).resolves.toEqual([]);
});
