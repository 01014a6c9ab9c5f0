/**
 * `src/main.ts` as a real child process, read the way a user reads it: from its fixed start line.
 * For tests (the server's own and the browser tests) and the bench. It runs the sources through
 * tsx, so a test never runs a stale build; `built` runs `dist/main.mjs` (`pnpm start`'s build,
 * scripts/build.ts) instead, which the caller has built.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const START_LINE = /^MCP Admin listening on ((http:\/\/(.+):(\d+))\/\?token=(\S+))\n/;
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

/** The arguments `pnpm start` gives `node` (apps/server/package.json's `start`: `node ARGS`). */
function builtStartArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync(`${SERVER_DIR}package.json`, 'utf8')) as {
    scripts: { start: string };
  };
  const [command, ...args] = scripts.start.split(' ');
  if (command !== 'node')
    throw new Error(`apps/server's start script is not \`node ARGS\`: ${scripts.start}`);
  return args;
}

export interface StartLine {
  /** The printed `http://HOST:PORT/?token=TOKEN`. */
  signInUrl: string;
  /** `http://HOST:PORT`. */
  url: string;
  /** As printed: IPv6 in brackets. */
  host: string;
  port: number;
  token: string;
}

export interface MainProcessExit {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface MainProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Everything printed so far, stdout and stderr interleaved. */
  output(): string;
  /** The start line, parsed; rejects if the process exits or stays silent first. */
  started(): Promise<StartLine>;
  /** Settles when the process exits, with all it printed. */
  exited: Promise<MainProcessExit>;
  /** SIGTERM, then SIGKILL if it has not exited within a few seconds. */
  stop(): Promise<void>;
}

export function spawnMainProcess(env: NodeJS.ProcessEnv, { built = false } = {}): MainProcess {
  const entry = built ? builtStartArgs() : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Both pipes are read for the whole run: a full pipe would block the server.
  let stdout = '';
  let stderr = '';
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    output += chunk.toString();
  });
  const exited = once(child, 'exit').then(([code]) => ({ code: code as number | null, stdout, stderr }));

  const started = () =>
    new Promise<StartLine>((resolve, reject) => {
      const cleanUp = () => {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.off('exit', onExit);
      };
      const fail = (reason: string) => {
        cleanUp();
        reject(new Error(`MCP Admin server ${reason}:\n${output}`));
      };
      const onData = () => {
        if (!stdout.includes('\n')) return;
        cleanUp();
        const match = START_LINE.exec(stdout);
        if (match === null) {
          fail(`printed an unexpected first line`);
          return;
        }
        const [, signInUrl = '', url = '', host = '', port = '', token = ''] = match;
        resolve({ signInUrl, url, host, port: Number(port), token });
      };
      const onExit = (code: number | null, signal: string | null) => {
        fail(`exited before it was ready (code ${String(code)}, signal ${String(signal)})`);
      };
      const timer = setTimeout(() => {
        fail(`printed no start line within ${START_TIMEOUT_MS} ms`);
      }, START_TIMEOUT_MS);
      child.stdout.on('data', onData);
      child.on('exit', onExit);
      // Already printed, or already gone, before anyone asked.
      if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode, child.signalCode);
      else onData();
    });

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  return { child, output: () => output, started, exited, stop };
}
