/**
 * The real MCP Admin server as a child process, started the way a user starts it and read
 * the way a user reads it: from its fixed start line.
 */
import { assertThrowawayConfigDir, PINNED_CLAUDE_BIN, type TestWorld } from '@mcp-admin/core/testing';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const START_LINE = /^MCP Admin listening on (\S+)$/m;
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

type ServerChild = ChildProcessByStdio<null, Readable, Readable>;

export interface ServerProcess {
  /** The printed `http://HOST:PORT/?token=TOKEN`. */
  signInUrl: string;
  /** `http://HOST:PORT`, the panel without a session. */
  origin: string;
  /** Everything the server printed so far, stdout and stderr interleaved. */
  output(): string;
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
    CLAUDE_BIN: PINNED_CLAUDE_BIN,
  };
  delete env.MCP_ADMIN_HOST;
  delete env.MCP_ADMIN_TOKEN;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Both pipes are read for the whole run: a full pipe would block the server.
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const signInUrl = await readSignInUrl(child, () => output);
    return { signInUrl, origin: new URL(signInUrl).origin, output: () => output, stop: () => stop(child) };
  } catch (error) {
    await stop(child);
    throw error;
  }
}

function readSignInUrl(child: ServerChild, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const cleanUp = () => {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
    };
    const fail = (reason: string) => {
      cleanUp();
      reject(new Error(`MCP Admin server ${reason}:\n${output()}`));
    };
    const onData = () => {
      const url = START_LINE.exec(output())?.[1];
      if (url === undefined) return;
      cleanUp();
      resolve(url);
    };
    const onExit = (code: number | null, signal: string | null) => {
      fail(`exited before it was ready (code ${String(code)}, signal ${String(signal)})`);
    };
    const timer = setTimeout(() => {
      fail(`printed no start line within ${START_TIMEOUT_MS} ms`);
    }, START_TIMEOUT_MS);
    child.stdout.on('data', onData);
    child.on('exit', onExit);
  });
}

async function stop(child: ServerChild): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
