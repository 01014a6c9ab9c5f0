/**
 * `checkServer` against servers that send more than a check reads, or leave processes behind:
 * the check ends with a result that says where it stopped, and the process checking (this one)
 * stays up, its memory bounded, with nothing of the server left running.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';

import { checkServer } from '../../src/check/check-server';
import type { Server } from '../../src/config';
import { readProcess, type ProcessEntry } from '../../src/process-table';
import {
  currentRss,
  MCP_SERVER_SCRIPTS,
  peakRss,
  resetPeakRss,
  startHostileHttpServer,
} from '../../src/testing';
import { expectGroupGone } from '../support/process-group';

const anyLatency = expect.any(Number) as unknown as number;
const MiB = 1024 * 1024;

const loaded = { status: 'active', statusReason: 'Listed for the test.' } as const;

function hostileStdio(env: Record<string, string>): Server {
  return {
    name: 'hostile',
    scope: 'user',
    transport: 'stdio',
    command: process.execPath,
    args: [MCP_SERVER_SCRIPTS.hostile],
    env,
    ...loaded,
  };
}

async function hostileHttp(env: Record<string, string>): Promise<Server> {
  const remote = await startHostileHttpServer(env);
  onTestFinished(() => remote.stop());
  return { name: 'hostile', scope: 'user', transport: 'http', url: `${remote.origin}/mcp`, ...loaded };
}

const options = { env: process.env, cwd: tmpdir(), timeoutMs: 30_000 };

const hostileServerInfo = { name: 'hostile', version: '6.6.6' };
// Each tool's tokens: test/check/tool-tokens.test.ts.
const anyTokens = expect.any(Number) as unknown as number;
// What the hostile fixture gives every tool as its input schema.
const inputSchema = { type: 'object' };

/** The names of `pages` full pages of `perPage` tools, as the hostile fixture names them. */
function toolNames(pages: number, perPage: number): string[] {
  return Array.from({ length: pages * perPage }, (_, i) => `tool_${Math.floor(i / perPage)}_${i % perPage}`);
}

describe('a check that reads more than it should', () => {
  it('fails a stdio server whose answer is one line over 10 MiB, naming the cap, and this process lives on', async () => {
    const result = await checkServer(
      hostileStdio({ HOSTILE: 'huge-answer', ANSWER_BYTES: String(11 * MiB) }),
      options,
    );

    expect(result).toEqual({
      status: 'failed',
      latencyMs: anyLatency,
      error: 'The server answered initialize with a message over 10 MiB: the check stopped reading it.',
    });
  });

  it('stops following tools/list after 100 pages, keeping the tools read and saying so', async () => {
    const result = await checkServer(hostileStdio({ HOSTILE: 'endless-pages' }), options);

    expect(result).toEqual({
      status: 'failed',
      latencyMs: anyLatency,
      serverInfo: hostileServerInfo,
      tools: toolNames(100, 1).map((name) => ({
        name,
        description: 'd'.repeat(16),
        inputSchema,
        tokens: anyTokens,
      })),
      tokens: anyTokens,
      error: 'Stopped after 100 pages of tools/list: the server kept sending a next page.',
    });
  });

  it('stops listing after 10,000 tools, over stdio and over streamable HTTP', async () => {
    const env = { HOSTILE: 'endless-pages', PAGE_TOOLS: '3000', DESCRIPTION_BYTES: '4' };
    const results = await Promise.all([
      checkServer(hostileStdio(env), options),
      checkServer(await hostileHttp(env), options),
    ]);

    const cut = {
      status: 'failed',
      latencyMs: anyLatency,
      serverInfo: hostileServerInfo,
      tools: toolNames(4, 3000)
        .slice(0, 10_000)
        .map((name) => ({ name, description: 'dddd', inputSchema, tokens: anyTokens })),
      tokens: anyTokens,
      error: 'Stopped after 10,000 tools: the server listed more than a check reads.',
    };
    expect(results).toEqual([cut, cut]);
  });

  it('stops after 16 MiB of answers in all, over stdio and over streamable HTTP (one answer of 20 MiB)', async () => {
    const [paged, huge] = await Promise.all([
      checkServer(hostileStdio({ HOSTILE: 'endless-pages', DESCRIPTION_BYTES: String(MiB) }), options),
      checkServer(await hostileHttp({ HOSTILE: 'huge-answer', ANSWER_BYTES: String(20 * MiB) }), options),
    ]);

    // 15 pages of a little over 1 MiB fit in 16 MiB; the 16th does not.
    expect(paged).toEqual({
      status: 'failed',
      latencyMs: anyLatency,
      serverInfo: hostileServerInfo,
      tools: toolNames(15, 1).map((name) => ({
        name,
        description: 'd'.repeat(MiB),
        inputSchema,
        tokens: anyTokens,
      })),
      tokens: anyTokens,
      error:
        'Stopped after 16 MiB of answers, while reading tools/list: the server sent more than a check reads.',
    });
    expect(huge).toEqual({
      status: 'failed',
      latencyMs: anyLatency,
      error:
        'Stopped after 16 MiB of answers, while reading initialize: the server sent more than a check reads.',
    });
  });

  it('keeps this process within 200 MiB of its idle memory through 4 hostile checks at once', async () => {
    const idle = currentRss();
    resetPeakRss();

    const results = await Promise.all([
      checkServer(hostileStdio({ HOSTILE: 'huge-answer', ANSWER_BYTES: String(11 * MiB) }), options),
      checkServer(
        hostileStdio({ HOSTILE: 'endless-pages', PAGE_TOOLS: '1000', DESCRIPTION_BYTES: '512' }),
        options,
      ),
      checkServer(await hostileHttp({ HOSTILE: 'huge-answer', ANSWER_BYTES: String(64 * MiB) }), options),
      checkServer(await hostileHttp({ HOSTILE: 'endless-pages', DESCRIPTION_BYTES: String(MiB) }), options),
    ]);

    const after = currentRss();
    const peak = peakRss();
    console.info(
      `RSS idle ${mib(idle)}, peak ${mib(peak)} (+${mib(peak - idle)}), after ${mib(after)} (+${mib(after - idle)})`,
    );
    expect(results.map(({ status, error }) => ({ status, error }))).toEqual([
      {
        status: 'failed',
        error: 'The server answered initialize with a message over 10 MiB: the check stopped reading it.',
      },
      { status: 'failed', error: 'Stopped after 10,000 tools: the server listed more than a check reads.' },
      {
        status: 'failed',
        error:
          'Stopped after 16 MiB of answers, while reading initialize: the server sent more than a check reads.',
      },
      {
        status: 'failed',
        error:
          'Stopped after 16 MiB of answers, while reading tools/list: the server sent more than a check reads.',
      },
    ]);
    expect(after - idle).toBeLessThan(200 * MiB);
    expect(peak - idle).toBeLessThan(200 * MiB);
  });
});

describe('a check that ends its server', () => {
  /** The setsid fixture with `env`, and its three pids once they run (killed after the test, whatever happens). */
  function setsidServer(env: Record<string, string> = {}) {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-admin-check-'));
    const pidFile = join(dir, 'pids');
    let started: (ProcessEntry | undefined)[] = [];
    onTestFinished(() => {
      // Whatever the check left running must not outlive the test either.
      for (const process of started)
        if (process !== undefined && stillRuns(process)) killQuietly(process.pid);
      rmSync(dir, { recursive: true, force: true });
    });
    const server: Server = {
      name: 'setsid',
      scope: 'user',
      transport: 'stdio',
      command: process.execPath,
      args: [MCP_SERVER_SCRIPTS.setsidGrandchild],
      env: { PID_FILE: pidFile, ...env },
      ...loaded,
    };
    const processes = async () => {
      await vi.waitFor(() => {
        expect(existsSync(pidFile) && readFileSync(pidFile, 'utf8').split(' ').length === 3).toBe(true);
      });
      started = readFileSync(pidFile, 'utf8')
        .split(' ')
        .map((pid) => readProcess(Number(pid)));
      return started;
    };
    return { server, processes };
  }

  async function expectAllEnded(processes: (ProcessEntry | undefined)[]) {
    await vi.waitFor(
      () => {
        expect(processes.filter((process) => process !== undefined && stillRuns(process))).toEqual([]);
      },
      { timeout: 5_000, interval: 20 },
    );
  }

  it('ends a child that left the process group with setsid, and that child’s own child', async () => {
    const { server, processes } = setsidServer();
    const caller = new AbortController();

    const check = checkServer(server, { ...options, signal: caller.signal });
    const started = await processes();
    const [leader] = started;
    expect(started.map((process) => process?.pgid === leader?.pid)).toEqual([true, false, false]);
    caller.abort(new Error('the client went away'));

    await expect(check).rejects.toThrow('the client went away');
    await expectGroupGone(leader?.pid ?? 0);
    await expectAllEnded(started);
  });

  it('ends them too when the server exits by itself, once it has written to stdout', async () => {
    const { server, processes } = setsidServer({ EXIT: '1' });

    const check = checkServer(server, options);
    const started = await processes();

    await expect(check).resolves.toEqual({
      status: 'failed',
      latencyMs: anyLatency,
      error: 'The server exited with code 0 before it answered initialize.',
    });
    await expectAllEnded(started);
  });
});

/** The same process (pid and start time) still runs, and is not a zombie. */
function stillRuns({ pid, startTime }: ProcessEntry): boolean {
  const now = readProcess(pid);
  return now !== undefined && now.startTime === startTime && now.state !== 'Z';
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

function mib(bytes: number): string {
  return `${(bytes / MiB).toFixed(0)} MiB`;
}
