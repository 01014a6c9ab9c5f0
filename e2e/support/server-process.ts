/**
 * The real MCP Admin server as a child process, started the way a user starts it and read
 * the way a user reads it: from its fixed start line.
 */
import { assertThrowawayConfigDir, type TestWorld } from '@mcp-admin/core/testing';
import { resolveClaudeBin } from '@mcp-admin/core';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const START_LINE = /^MCP Admin listening on (\S+)$/m;
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

export interface ServerProcess {
  /** The printed `http://HOST:PORT/?token=TOKEN`. */
  signInUrl: string;
  /** `http://HOST:PORT`, the panel without a session. */
  origin: string;
  stop(): Promise<void>;
}

export async function startServerProcess(world: TestWorld): Promise<ServerProcess> {
  assertThrowawayConfigDir(world.configDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CLAUDE_CONFIG_DIR: world.configDir,
    HOME: world.configDir,
    MCP_ADMIN_PORT: '0',
    MCP_ADMIN_PROJECT: world.projectDir,
    // The pinned CLI bundled with the project, never one found on PATH.
    CLAUDE_BIN: resolveClaudeBin({ PATH: '' }),
  };
  delete env.MCP_ADMIN_HOST;
  delete env.MCP_ADMIN_TOKEN;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const signInUrl = await readSignInUrl(child);
    return { signInUrl, origin: new URL(signInUrl).origin, stop: () => stop(child) };
  } catch (error) {
    await stop(child);
    throw error;
  }
}

function readSignInUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const fail = (reason: string) => {
      clearTimeout(timer);
      reject(new Error(`MCP Admin server ${reason}\nstdout: ${stdout}\nstderr: ${stderr}`));
    };
    const timer = setTimeout(() => {
      fail(`printed no start line within ${START_TIMEOUT_MS} ms`);
    }, START_TIMEOUT_MS);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = START_LINE.exec(stdout)?.[1];
      if (url !== undefined) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    child.once('exit', (code, signal) => {
      fail(`exited before it was ready (code ${String(code)}, signal ${String(signal)})`);
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
