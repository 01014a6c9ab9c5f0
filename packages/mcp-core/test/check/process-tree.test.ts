import { MCP_SERVER_SCRIPTS } from '@mcp-admin/core/testing';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  descendantsThroughChildrenFiles,
  descendantsThroughTable,
  processTree,
} from '../../src/check/process-tree';
import { readProcess, type ProcessEntry } from '../../src/process-table';

/** The setsid fixture started as a check starts a server (its own group), and its three processes once they run. */
async function setsidTree(): Promise<ProcessEntry[]> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-admin-tree-'));
  const pidFile = join(dir, 'pids');
  const leader = spawn(process.execPath, [MCP_SERVER_SCRIPTS.setsidGrandchild], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
    env: { ...process.env, PID_FILE: pidFile },
  });
  let started: ProcessEntry[] = [];
  onTestFinished(() => {
    // Whatever the test left running must not outlive it.
    for (const entry of started) if (stillRuns(entry)) process.kill(entry.pid, 'SIGKILL');
    leader.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  await vi.waitFor(
    () => {
      expect(existsSync(pidFile) && readFileSync(pidFile, 'utf8').split(' ').length === 3).toBe(true);
    },
    { timeout: 10_000, interval: 20 },
  );
  started = readFileSync(pidFile, 'utf8')
    .split(' ')
    .flatMap((pid) => readProcess(Number(pid)) ?? []);
  return started;
}

/** The same process (pid and start time) still runs, and is not a zombie. */
function stillRuns({ pid, startTime }: ProcessEntry): boolean {
  const now = readProcess(pid);
  return now !== undefined && now.startTime === startTime && now.state !== 'Z';
}

const byPid = (a: ProcessEntry, b: ProcessEntry) => a.pid - b.pid;

/** What names a process and its place in the tree, without its state of the moment. */
const identity = ({ pid, ppid, pgid, startTime }: ProcessEntry) => ({ pid, ppid, pgid, startTime });

describe('processTree', () => {
  it.each([
    ['the children files', descendantsThroughChildrenFiles],
    ['the whole-table fallback', descendantsThroughTable],
  ])('kills a setsid child and its own child, found through %s', async (_, findDescendants) => {
    const started = await setsidTree();
    const [leader] = started;
    expect(started.map((entry) => entry.pgid === leader?.pid)).toEqual([true, false, false]);

    processTree(leader?.pid ?? 0, findDescendants).kill();

    await vi.waitFor(
      () => {
        expect(started.filter(stillRuns)).toEqual([]);
      },
      { timeout: 5_000, interval: 20 },
    );
  });

  it('finds through the children files the same descendants as through the whole table', async () => {
    const [leader, ...descendants] = await setsidTree();
    const ancestors = leader === undefined ? [] : [leader];

    const throughChildren = descendantsThroughChildrenFiles(ancestors).sort(byPid);

    expect(throughChildren.map(({ pid }) => pid)).toEqual(
      descendants.map(({ pid }) => pid).sort((a, b) => a - b),
    );
    // Which processes, not their state at each read (one may be running at one read, sleeping at the next).
    expect(throughChildren.map(identity)).toEqual(
      descendantsThroughTable(ancestors).sort(byPid).map(identity),
    );
  });

  it('finds no descendants of an ancestor whose pid now names another process', async () => {
    const [leader] = await setsidTree();
    const reused = leader === undefined ? [] : [{ ...leader, startTime: leader.startTime + 1 }];

    expect(descendantsThroughChildrenFiles(reused)).toEqual([]);
    expect(descendantsThroughTable(reused)).toEqual([]);
  });
});
