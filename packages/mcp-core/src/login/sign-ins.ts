/**
 * The sign-ins running now (docs/api.md#mcplogin): each one `claude mcp login NAME --no-browser`
 * under a pseudo-terminal, at most one per server (its token slot) and `MAX_SIGN_INS` in all,
 * ended after a time limit, on cancel, when its subscriber goes away and on close, its processes
 * always killed. A sign-in is not a queued change: it waits minutes for a person, and the queue
 * would hold every change that long.
 */
import { randomUUID } from 'node:crypto';
import { McpCoreError } from '../errors';
import { findAuthorizationUrl, lastLine } from './authorization-url';
import { runInPseudoTerminal } from './pseudo-terminal';

export type LoginEvent =
  /** The CLI printed its authorization URL (http or https) and waits for the browser's redirect. */
  | { state: 'open'; loginId: string; url: string }
  /** The CLI exited, or the sign-in was stopped. */
  | { state: 'done'; ok: boolean; message: string };

export interface SignInRequest {
  /** The server's token slot (`NAME|HASH`): two sign-ins of one slot would overwrite each other. */
  key: string;
  name: string;
  argv: readonly string[];
  cwd: string;
  /** Aborted when nobody waits any more (the subscriber went away, the server closes). */
  signal: AbortSignal;
}

export interface SignIns {
  /** Starts a sign-in; CONFLICT-like LOGIN_IN_PROGRESS when the server has one running already. */
  start(request: SignInRequest): AsyncGenerator<LoginEvent, void, undefined>;
  /** Types the redirect URL into the waiting CLI; NOT_FOUND unless that sign-in waits for it. */
  paste(loginId: string, redirectUrl: string): Promise<void>;
  /** Refuses new sign-ins, stops the running ones and resolves once their processes are gone. */
  close(): Promise<void>;
}

/** Sign-ins running at once: each is a Claude CLI of about 160 MB, waiting minutes for a person. */
export const MAX_SIGN_INS = 4;

/** The whole output kept, at most: the URL and the outcome are in its first and last lines. */
const MAX_OUTPUT_CHARS = 64 * 1024;

interface Waiting {
  /** The callback the CLI listens on, from the authorization URL's `redirect_uri`. */
  callback: URL | undefined;
  state: string | null;
  type(text: string): Promise<void>;
}

export function createSignIns(options: { bin: string; env: NodeJS.ProcessEnv; timeoutMs: number }): SignIns {
  const running = new Set<string>();
  const waiting = new Map<string, Waiting>();
  /** Each running sign-in's stop, and its end (its processes gone). */
  const stops = new Map<string, { stop: (reason: string) => void; finished: Promise<void> }>();
  let closed = false;

  function start({
    key,
    name,
    argv,
    cwd,
    signal,
  }: SignInRequest): AsyncGenerator<LoginEvent, void, undefined> {
    if (closed) {
      throw new McpCoreError('QUEUE_FULL', 'MCP Admin is shutting down and starts no more sign-ins.');
    }
    if (running.has(key)) {
      throw new McpCoreError(
        'LOGIN_IN_PROGRESS',
        `A sign-in to "${name}" is already running: finish or cancel it first.`,
      );
    }
    if (running.size >= MAX_SIGN_INS) {
      throw new McpCoreError(
        'TOO_MANY_SIGN_INS',
        `${MAX_SIGN_INS} sign-ins are running already, the most at once: finish or cancel one first.`,
      );
    }
    running.add(key);
    const loginId = randomUUID();
    const terminal = runInPseudoTerminal(options.bin, argv, { cwd, env: options.env });
    const events: LoginEvent[] = [];
    let wake: (() => void) | undefined;
    const push = (event: LoginEvent) => {
      events.push(event);
      wake?.();
    };

    let output = '';
    let opened = false;
    let stopped: string | undefined;
    const stop = (reason: string) => {
      stopped ??= reason;
      terminal.kill();
    };
    terminal.onOutput((text) => {
      output = (output + text).slice(-MAX_OUTPUT_CHARS);
      if (opened || stopped !== undefined) return;
      const printed = findAuthorizationUrl(output);
      if (printed === undefined) return;
      if ('refusedScheme' in printed) {
        stop(
          `The CLI printed an authorization address that is not http or https (${printed.refusedScheme}); it was not opened.`,
        );
        return;
      }
      opened = true;
      const authorization = new URL(printed.url);
      const redirect = authorization.searchParams.get('redirect_uri');
      waiting.set(loginId, {
        callback: redirect !== null && URL.canParse(redirect) ? new URL(redirect) : undefined,
        state: authorization.searchParams.get('state'),
        type: (typed) => terminal.write(typed),
      });
      push({ state: 'open', loginId, url: printed.url });
    });
    const timer = setTimeout(() => {
      stop(`Sign-in to "${name}" was not finished within ${minutes(options.timeoutMs)} and was stopped.`);
    }, options.timeoutMs);
    const onAbort = () => {
      stop(`Sign-in to "${name}" was stopped.`);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted) onAbort();

    const finished = terminal.exited.then(({ code, error }) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      waiting.delete(loginId);
      running.delete(key);
      stops.delete(loginId);
      push({ state: 'done', ...outcome(code, error) });
    });
    stops.set(loginId, { stop, finished });
    const outcome = (code: number | null, error: Error | undefined) => {
      if (stopped !== undefined) return { ok: false, message: stopped };
      if (error !== undefined) {
        return { ok: false, message: `Cannot run a terminal for the sign-in (script): ${error.message}` };
      }
      const said = lastLine(output) ?? `The Claude CLI exited with code ${String(code)} and printed nothing.`;
      return { ok: code === 0, message: said };
    };

    return (async function* () {
      try {
        for (;;) {
          const event = events.shift();
          if (event === undefined) {
            await new Promise<void>((resolve) => (wake = resolve));
            continue;
          }
          yield event;
          if (event.state === 'done') return;
        }
      } finally {
        // Also when the subscriber went away mid-sign-in: nothing stays behind.
        stop(`Sign-in to "${name}" was stopped.`);
        await finished;
      }
    })();
  }

  async function paste(loginId: string, redirectUrl: string): Promise<void> {
    const login = waiting.get(loginId);
    if (login === undefined) {
      throw new McpCoreError('NOT_FOUND', 'No sign-in with that id is waiting for its redirect.');
    }
    const url = new URL(redirectUrl);
    const expected = login.callback;
    if (expected !== undefined && (url.port !== expected.port || url.pathname !== expected.pathname)) {
      throw new McpCoreError(
        'INVALID_INPUT',
        `redirectUrl is not this sign-in's callback: it goes to port ${expected.port}, path ${expected.pathname}`,
      );
    }
    if (login.state !== null && url.searchParams.get('state') !== login.state) {
      throw new McpCoreError(
        'INVALID_INPUT',
        'redirectUrl belongs to another sign-in: its state does not match',
      );
    }
    // Enter, as a person would press it; the URL holds no control character (the schema refuses them).
    await login.type(`${redirectUrl}\r`);
  }

  async function close(): Promise<void> {
    closed = true;
    const all = [...stops.values()];
    for (const { stop } of all) stop('MCP Admin is shutting down: the sign-in was stopped.');
    await Promise.all(all.map(({ finished }) => finished));
  }

  return { start, paste, close };
}

function minutes(ms: number): string {
  return ms % 60_000 === 0 ? `${String(ms / 60_000)} minutes` : `${String(ms / 1000)} s`;
}
