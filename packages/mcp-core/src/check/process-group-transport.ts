/**
 * The stdio transport of a check. The SDK's StdioClientTransport cannot be told to detach its
 * child, so this one spawns the server as the leader of a process group of its own: closing kills
 * the whole group, so nothing the server started (the package `npx` runs, a shell's children)
 * outlives the check. Messages are framed by the SDK's own ReadBuffer and serializeMessage.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export interface StdioLaunch {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** How the server's own process ended, if it ended before the check closed it. */
export interface ProcessEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** How long the server gets to exit on SIGTERM before its whole group is killed. */
const TERMINATE_GRACE_MS = 1_000;

type ServerProcess = ChildProcessByStdio<Writable, Readable, Readable>;

export class ProcessGroupTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  /** Why the command could not be started (e.g. ENOENT), if it could not. */
  spawnError: NodeJS.ErrnoException | undefined;
  /** Set when the server exited by itself, before `close()` was called. */
  ended: ProcessEnd | undefined;

  readonly #launch: StdioLaunch;
  readonly #onStderr: (chunk: Buffer) => void;
  readonly #readBuffer = new ReadBuffer();
  #child: ServerProcess | undefined;
  #closing = false;

  constructor(launch: StdioLaunch, onStderr: (chunk: Buffer) => void) {
    this.#launch = launch;
    this.#onStderr = onStderr;
  }

  start(): Promise<void> {
    const { command, args, env, cwd } = this.#launch;
    const child = spawn(command, args, { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    this.#child = child;
    child.stdout.on('data', (chunk: Buffer) => {
      this.#readBuffer.append(chunk);
      this.#deliverMessages();
    });
    child.stderr.on('data', this.#onStderr);
    // A server that dies leaves a broken pipe: its exit, not the write error, tells what happened.
    child.stdin.on('error', () => undefined);
    child.once('exit', (code, signal) => {
      if (!this.#closing) this.ended = { code, signal };
      // Whatever the server left running goes with it, so its pipes close and `close` follows.
      killGroup(child, 'SIGKILL');
    });
    child.once('close', () => this.onclose?.());
    return new Promise((resolve, reject) => {
      child.once('spawn', () => {
        resolve();
      });
      child.once('error', (error: NodeJS.ErrnoException) => {
        this.spawnError ??= error;
        reject(error);
      });
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#child?.stdin;
    if (stdin === undefined) throw new Error('The server process is not running');
    if (!stdin.write(serializeMessage(message))) await once(stdin, 'drain');
  }

  /** Ends the server: SIGTERM to its group, and SIGKILL to whatever is left after a grace period. */
  async close(): Promise<void> {
    const child = this.#child;
    // Without a pid the command never ran (its `error` said why): there is nothing to end.
    if (child?.pid === undefined || this.#closing) return;
    this.#closing = true;
    const exited =
      child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : once(child, 'exit');
    child.stdin.end();
    killGroup(child, 'SIGTERM');
    await Promise.race([exited, delay(TERMINATE_GRACE_MS)]);
    killGroup(child, 'SIGKILL');
    await exited;
    this.#readBuffer.clear();
  }

  #deliverMessages(): void {
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.#readBuffer.readMessage();
      } catch (error) {
        // A line that is not JSON-RPC (a server logging to stdout) is reported and skipped.
        this.onerror?.(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }
}

function killGroup(child: ServerProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}
