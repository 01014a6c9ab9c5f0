/**
 * Runs a program under a pseudo-terminal: `claude mcp login` refuses to sign in without one.
 *
 * The terminal is util-linux `script` (Debian's essential `bsdutils`), not a native module: a
 * native pty module needs a compiler or a prebuilt binary for the exact Node ABI, and pnpm runs
 * no install script it was not told to trust, while `script` is on every Linux this runs on.
 * `script -c` hands its command to a shell, so only references to variables go into that text;
 * the words themselves travel in the environment and are never parsed by the shell.
 *
 * `script` runs the program as the leader of a session (and process group) of its own, apart
 * from `script`'s group: ending it kills both groups, so nothing the program started lingers.
 * On macOS BSD `script` is started as its manual says (see scriptInvocation); only Linux is tested.
 */
import { spawn } from 'node:child_process';
import { readProcessTable } from '../process-table';
import { errorText } from '../error-text';

export interface TerminalProcess {
  /** Called with everything the program prints, terminal sequences included, as it arrives. */
  onOutput(listener: (text: string) => void): void;
  /** Types `text` into the terminal, as at its keyboard; resolves once `script` has it. */
  write(text: string): Promise<void>;
  /** Settles when the program and `script` are gone: the exit code, or why it could not start. */
  readonly exited: Promise<{ code: number | null; error?: Error }>;
  /** Kills the program and everything in its process group, and `script`. Safe to repeat. */
  kill(): void;
}

const WORD_VARIABLE = 'MCP_ADMIN_PTY_WORD_';

/** How `script` is started to run `bin argv…` under a pseudo-terminal on `platform`. */
export interface ScriptInvocation {
  args: string[];
  /** Added to the environment: on Linux the words themselves travel here. */
  env: Record<string, string>;
}

/**
 * util-linux `script` (Linux) takes the command as one text for a shell: the text only names
 * variables, the words are in the environment. BSD `script` (macOS) takes the command's words as
 * its own arguments after the file, no shell: `script -q /dev/null command args…` (`-F` flushes
 * each write, as `--flush` does; its exit status is the command's). Tested on Linux only.
 */
export function scriptInvocation(
  platform: NodeJS.Platform,
  bin: string,
  argv: readonly string[],
): ScriptInvocation {
  const words = [bin, ...argv];
  if (platform === 'darwin') return { args: ['-q', '-F', '/dev/null', ...words], env: {} };
  if (platform !== 'linux')
    throw new Error(
      `Signing in needs a pseudo-terminal, which MCP Admin starts on Linux and macOS only, not on ${platform}.`,
    );
  const command = `exec ${words.map((_, index) => `"$${WORD_VARIABLE}${String(index)}"`).join(' ')}`;
  const env: Record<string, string> = { SHELL: '/bin/sh' };
  words.forEach((word, index) => {
    env[`${WORD_VARIABLE}${String(index)}`] = word;
  });
  return { args: ['--quiet', '--flush', '--return', '--command', command, '/dev/null'], env };
}

export function runInPseudoTerminal(
  bin: string,
  argv: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): TerminalProcess {
  const invocation = scriptInvocation(process.platform, bin, argv);
  const child = spawn('script', invocation.args, {
    cwd: options.cwd,
    env: { ...options.env, ...invocation.env },
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // Writes after the end (a paste as the program exits) fail with EPIPE: nobody reads them anyway.
  child.stdin.on('error', () => undefined);
  let session: number | undefined;
  const listeners: ((text: string) => void)[] = [];
  // A throw inside a stream listener would end the whole process: it ends this program instead.
  let listenerFailure: Error | undefined;
  const deliver = (chunk: Buffer) => {
    try {
      // Output means the program runs: its pid (and session's) is known from now on, even after it exits.
      session ??= childOf(child.pid);
      const text = chunk.toString('utf8');
      for (const listener of listeners) listener(text);
    } catch (error) {
      listenerFailure ??= new Error(`reading its output failed: ${errorText(error)}`);
      kill();
    }
  };
  child.stdout.on('data', deliver);
  child.stderr.on('data', deliver);

  // Once all is gone, its pids may be anyone's: no signal is sent any more.
  let gone = false;
  const kill = () => {
    if (gone) return;
    for (const group of [session ?? childOf(child.pid), child.pid]) {
      if (group === undefined) continue;
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
    }
  };
  const exited = new Promise<{ code: number | null; error?: Error }>((resolve) => {
    child.once('error', (error) => {
      gone = true;
      resolve({ code: null, error });
    });
    child.once('close', (code) => {
      kill();
      gone = true;
      resolve(listenerFailure === undefined ? { code } : { code, error: listenerFailure });
    });
  });
  return {
    onOutput: (listener) => listeners.push(listener),
    write: (text) =>
      new Promise((resolve, reject) => {
        child.stdin.write(text, (error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
    exited,
    kill,
  };
}

/**
 * The pid of a child of `parent` (from /proc), `undefined` when it has none (yet or any more). No
 * /proc on macOS: there the program's session ends with `script`, whose terminal hangs up on it.
 */
function childOf(parent: number | undefined): number | undefined {
  if (parent === undefined || process.platform !== 'linux') return undefined;
  return readProcessTable().find((entry) => entry.ppid === parent)?.pid;
}
