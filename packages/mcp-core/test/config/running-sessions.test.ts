/**
 * The session files of `$CLAUDE_CONFIG_DIR/sessions/` as the list reads them: only a file whose pid
 * is alive with the same start time counts, and a hostile folder (10,000 files, a huge or broken
 * file, a link, a FIFO, a linked folder) never stalls the read, throws, or passes for a session.
 * The files' format is Claude Code's, proved against `claude agents --json` in
 * test/service/sessions/running-sessions-cli.test.ts.
 */
import { createTestWorld } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readRunningSessions, SESSION_FILE_LIMITS } from '../../src/config';
import { readProcess } from '../../src/process-table';

let world: TestWorld;
let sessionsDir: string;
beforeEach(() => {
  world = createTestWorld();
  sessionsDir = join(world.configDir, 'sessions');
  mkdirSync(sessionsDir);
});
afterEach(() => {
  world.remove();
});

/** This test process's start time as /proc says it: what a session file of this pid must hold. */
function procStartOf(pid: number): string {
  const entry = readProcess(pid);
  if (entry === undefined) throw new Error(`no process ${String(pid)}`);
  return String(entry.startTime);
}

function sessionRecord(pid: number, fields: Record<string, unknown> = {}) {
  return {
    pid,
    sessionId: '8366eb48-6c3f-4ec5-98f4-08d54f68e1a1',
    cwd: world.projectDir,
    startedAt: 1_796_171_568_201,
    procStart: procStartOf(pid),
    kind: 'interactive',
    name: 'repo-e0',
    ...fields,
  };
}

function writeSession(pid: number, content: unknown, fileName = `${String(pid)}.json`): void {
  writeFileSync(join(sessionsDir, fileName), typeof content === 'string' ? content : JSON.stringify(content));
}

it('lists a session whose pid is alive with the recorded start time, with the fields claude agents --json gives', async () => {
  writeSession(process.pid, sessionRecord(process.pid, { status: 'idle', nameSource: 'derived' }));

  expect(await readRunningSessions(world.configDir)).toEqual([
    {
      pid: process.pid,
      cwd: world.projectDir,
      kind: 'interactive',
      startedAt: 1_796_171_568_201,
      sessionId: '8366eb48-6c3f-4ec5-98f4-08d54f68e1a1',
      name: 'repo-e0',
      status: 'idle',
    },
  ]);
});

it('never trusts a stale file: a dead pid, or a live pid with another start time (a reused pid), is not listed', async () => {
  const dead = Number(execFileSync('sh', ['-c', 'echo $$'], { encoding: 'utf8' }).trim());
  writeSession(dead, { ...sessionRecord(process.pid), pid: dead });
  writeSession(process.ppid, sessionRecord(process.ppid, { procStart: '1' }));

  expect(await readRunningSessions(world.configDir)).toEqual([]);
});

it('maps a status as claude agents does (anything but idle or waiting is busy) and strips control characters from a name', async () => {
  writeSession(
    process.pid,
    sessionRecord(process.pid, { status: 'thinking', name: 'evil\u001b[2Jname\u0007' }),
  );

  const [session] = await readRunningSessions(world.configDir);

  expect(session).toMatchObject({ status: 'busy', name: 'evil[2Jname' });
});

it('skips malformed files: not JSON, a relative cwd, a wrong pid inside, an unknown kind, a spare process', async () => {
  writeSession(process.pid, '{"pid": 1, "cwd": ');
  writeSession(process.ppid, sessionRecord(process.ppid, { cwd: 'relative/dir' }));
  for (const [pid, fields] of [
    [process.pid, { pid: 1 }],
    [process.pid, { kind: 'sdk' }],
    [process.pid, { spare: true }],
  ] as const) {
    writeSession(pid, sessionRecord(pid, fields));
    expect(await readRunningSessions(world.configDir)).toEqual([]);
  }
});

// A FIFO opened without O_NONBLOCK would block the read for good: the test would time out.
it('reads neither a file over 64 KiB, nor a link named like a session file, nor a FIFO, and returns', async () => {
  writeSession(process.pid, sessionRecord(process.pid, { padding: 'x'.repeat(70 * 1024) }));
  const elsewhere = join(world.plainDir, 'session.json');
  writeFileSync(elsewhere, JSON.stringify(sessionRecord(process.ppid)));
  symlinkSync(elsewhere, join(sessionsDir, `${String(process.ppid)}.json`));
  const sleeper = execFileSync('sh', ['-c', 'sleep 30 >/dev/null 2>&1 & echo $!'], {
    encoding: 'utf8',
  }).trim();
  execFileSync('mkfifo', [join(sessionsDir, `${sleeper}.json`)]);

  const sessions = await readRunningSessions(world.configDir);

  expect(sessions).toEqual([]);
  process.kill(Number(sleeper), 'SIGKILL');
});

it('lists nothing when sessions/ is a link to another folder', async () => {
  const real = join(world.plainDir, 'sessions');
  mkdirSync(real);
  writeFileSync(join(real, `${String(process.pid)}.json`), JSON.stringify(sessionRecord(process.pid)));
  execFileSync('rm', ['-r', sessionsDir]);
  symlinkSync(real, sessionsDir);

  expect(await readRunningSessions(world.configDir)).toEqual([]);
});

// How fast is the bench's business (never a wall-clock assertion): the time budget is lifted here, so a
// busy machine cannot make the list answer before it reaches the live session.
it('finds the live session among 10,000 stale and garbage files, within the caps on entries and opened files', async () => {
  for (let index = 0; index < 10_000; index++) {
    // Pids from 1: many belong to live processes of this machine, whose start time these files do not hold.
    writeSession(
      index + 1,
      index % 2 === 0 ? sessionRecord(process.pid) : 'garbage',
      `${String(index + 1)}.json`,
    );
  }
  writeSession(process.pid, sessionRecord(process.pid));

  const sessions = await readRunningSessions(world.configDir, {
    ...SESSION_FILE_LIMITS,
    budgetMs: 600_000,
  });

  expect(sessions.map((session) => session.pid)).toEqual([process.pid]);
});

it('past its time budget the list answers with what it has read, without reading on', async () => {
  writeSession(process.pid, sessionRecord(process.pid));
  expect(
    await readRunningSessions(world.configDir, { ...SESSION_FILE_LIMITS, budgetMs: 600_000 }),
  ).toHaveLength(1);
  // A budget already spent: the first entry is not looked at.
  expect(await readRunningSessions(world.configDir, { ...SESSION_FILE_LIMITS, budgetMs: -1 })).toEqual([]);
});
