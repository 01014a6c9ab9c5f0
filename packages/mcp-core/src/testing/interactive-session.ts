/**
 * A real interactive `claude` session in a throwaway world, as a person would start one in a
 * terminal: the pinned CLI under a pseudo-terminal (test/fixtures/pty-session.py answers its
 * terminal queries; `script` alone hangs), offline (the API at a closed port), with a dummy API key.
 * Found by its session file, once that says the session's status.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { readProcess } from '../process-table';
import { isRecord } from '../records';
import { UNREACHABLE_API_ENV } from './unreachable-api';

const PTY_SESSION = fileURLToPath(new URL('../../test/fixtures/pty-session.py', import.meta.url));

/** A dummy key, long enough that `.claude.json` can approve it by its last 20 characters. */
const DUMMY_API_KEY = 'sk-ant-api03-mcp-admin-test-key-0123456789';

/**
 * Sets the keys of `.claude.json` that let an interactive session start without a person: the
 * onboarding done, the dummy API key approved, and each of `trustedDirs` trusted. Other keys kept.
 */
export function allowInteractiveSessions(configPath: string, trustedDirs: string[]): void {
  const parsed: unknown = existsSync(configPath) ? JSON.parse(readFileSync(configPath, 'utf8')) : {};
  const config = isRecord(parsed) ? parsed : {};
  const projects = isRecord(config.projects) ? config.projects : {};
  for (const dir of trustedDirs) {
    const project = projects[dir];
    projects[dir] = { ...(isRecord(project) ? project : {}), hasTrustDialogAccepted: true };
  }
  const approved = { approved: [DUMMY_API_KEY.slice(-20)], rejected: [] };
  const next = { ...config, hasCompletedOnboarding: true, customApiKeyResponses: approved, projects };
  writeFileSync(configPath, JSON.stringify(next, null, 2));
}

export interface InteractiveSession {
  /** The pid of `claude` itself (its session file's name). */
  pid: number;
  /** Stops the session (SIGTERM, then SIGKILL to its process group) and waits until it is gone. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/**
 * Starts `claude` in `cwd` on `configDir` and resolves once its session file says its status: the
 * file is written first without one, and a listing read in between differs from one read after.
 * The caller must `stop()` it (in afterEach): it runs until then.
 */
export async function startInteractiveSession(
  bin: string,
  { configDir, cwd, timeoutMs = 30_000 }: { configDir: string; cwd: string; timeoutMs?: number },
): Promise<InteractiveSession> {
  // Its messaging socket goes under TMPDIR: inside the world, not left in the machine's /tmp.
  const tmpDir = join(configDir, 'tmp');
  mkdirSync(tmpDir, { recursive: true });
  const driver = spawn('python3', [PTY_SESSION, bin], {
    cwd,
    env: {
      ...process.env,
      HOME: configDir,
      CLAUDE_CONFIG_DIR: configDir,
      ANTHROPIC_API_KEY: DUMMY_API_KEY,
      // With Anthropic's host the session retries it (remote settings) for seconds before it reports a status.
      ...UNREACHABLE_API_ENV,
      // Else it asks npm for a newer Claude Code and installs it globally: outside the world, for the machine.
      DISABLE_AUTOUPDATER: '1',
      TERM: 'xterm-256color',
      TMPDIR: tmpDir,
    },
    detached: true,
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: driver.stdout });
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
    driver.once('error', reject);
    driver.once('exit', () => {
      reject(new Error('the pseudo-terminal driver exited before starting claude'));
    });
  });
  const pid = Number(firstLine);
  const stop = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    for (const sig of [signal, 'SIGKILL'] as const) {
      killGroup(pid, sig);
      const giveUpAt = Date.now() + 5_000;
      while (isRunning(pid) && Date.now() < giveUpAt) await delay(50);
      if (!isRunning(pid)) break;
    }
    killGroup(driver.pid ?? 0, 'SIGKILL');
    driver.stdin.destroy();
  };
  const sessionFile = join(configDir, 'sessions', `${String(pid)}.json`);
  const giveUpAt = Date.now() + timeoutMs;
  while (!reportsStatus(sessionFile)) {
    if (Date.now() > giveUpAt || !isRunning(pid)) {
      await stop('SIGKILL');
      throw new Error(
        `claude (pid ${String(pid)}) wrote no session file with a status within ${String(timeoutMs)} ms`,
      );
    }
    await delay(50);
  }
  return { pid, stop };
}

function reportsStatus(sessionFile: string): boolean {
  try {
    const record: unknown = JSON.parse(readFileSync(sessionFile, 'utf8'));
    return isRecord(record) && typeof record.status === 'string';
  } catch {
    // Not written yet, or caught mid-write.
    return false;
  }
}

function isRunning(pid: number): boolean {
  const entry = readProcess(pid);
  return entry !== undefined && entry.state !== 'Z';
}

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  if (pgid <= 0) return;
  try {
    process.kill(-pgid, signal);
  } catch {
    // Gone already.
  }
}
