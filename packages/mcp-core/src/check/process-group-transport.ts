/**
 * The stdio transport of a check. The SDK's StdioClientTransport cannot be told to detach its
 * child, so this one spawns the server as the leader of a process group of its own: closing kills
 * the whole group, and every process descended from the server that left the group (see
 * process-tree), so nothing the server started (the package `npx` runs, a shell's children)
 * outlives the check. Messages are framed by the SDK's own ReadBuffer and serializeMessage;
 * what the server writes counts against the check's answer budget.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { childEnvironment } from '../child-environment';
import { messageTooLong, readingFailed, type AnswerBudget } from './answer-budget';
import { processTree, type ProcessTree } from './process-tree';

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
  readonly #budget: AnswerBudget;
  readonly #readBuffer = new ReadBuffer();
  #child: ServerProcess | undefined;
  #tree: ProcessTree | undefined;
  #closing = false;
  #answered = false;

  /** The server's process id once it started. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  constructor(launch: StdioLaunch, onStderr: (chunk: Buffer) => void, budget: AnswerBudget) {
    this.#launch = launch;
    this.#onStderr = onStderr;
    this.#budget = budget;
  }

  start(): Promise<void> {
    const { command, args, env, cwd } = this.#launch;
    const child = spawn(command, args, {
      cwd,
      env: childEnvironment(env),
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.#child = child;
    // A throw inside a stream listener would end the whole process: it ends this check instead.
    child.stdout.on('data', (chunk: Buffer) => {
      try {
        this.#receive(chunk);
      } catch (error) {
        this.#budget.cut(readingFailed(error));
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      try {
        this.#onStderr(chunk);
      } catch (error) {
        this.#budget.cut(readingFailed(error));
      }
    });
    // Once the check is cut, nothing more is read: the server waits on a full pipe until closed.
    this.#budget.signal.addEventListener('abort', () => child.stdout.pause(), { once: true });
    // A server that dies leaves a broken pipe: its exit, not the write error, tells what happened.
    child.stdin.on('error', () => undefined);
    child.once('exit', (code, signal) => {
      if (!this.#closing) this.ended = { code, signal };
      // Whatever the server left running goes with it, so its pipes close and `close` follows.
      this.#tree?.kill();
      killGroup(child, 'SIGKILL');
    });
    child.once('close', () => {
      try {
        this.onclose?.();
      } catch (error) {
        this.#budget.cut(readingFailed(error));
      }
    });
    return new Promise((resolve, reject) => {
      child.once('spawn', () => {
        if (child.pid !== undefined) this.#tree = processTree(child.pid);
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

  /** Ends the server: SIGTERM to its group and its descendants outside it, SIGKILL to all left after a grace period. */
  async close(): Promise<void> {
    const child = this.#child;
    // Without a pid the command never ran (its `error` said why): there is nothing to end.
    if (child?.pid === undefined || this.#closing) return;
    this.#closing = true;
    const exited =
      child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : once(child, 'exit');
    child.stdin.end();
    // Seen before any signal: once the server exits, its children's parent links lead to init.
    this.#tree?.collect();
    this.#tree?.terminateOutsideGroup();
    killGroup(child, 'SIGTERM');
    await Promise.race([exited, delay(TERMINATE_GRACE_MS)]);
    this.#tree?.kill();
    killGroup(child, 'SIGKILL');
    await exited;
    this.#readBuffer.clear();
  }

  /** Counts and frames what the server wrote; the first answer is also when its children are seen. */
  #receive(chunk: Buffer): void {
    if (!this.#budget.take(chunk.length)) return;
    if (!this.#answered) {
      this.#answered = true;
      this.#tree?.collect();
    }
    try {
      this.#readBuffer.append(chunk);
    } catch {
      // The SDK's ReadBuffer refuses a message over its limit (and has dropped what it held).
      this.#budget.cut(messageTooLong());
      return;
    }
    this.#deliverMessages();
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
