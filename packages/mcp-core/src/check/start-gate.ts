/**
 * When the next check may start its server. A fixed number at a time is wrong both ways: servers
 * that wait on the network or a download cost no CPU and should all wait at once, while servers
 * whose start is all CPU (loading a runtime, compiling) slow each other down until a check times
 * out. So a start is let through while the processes the checks started that are runnable, plus
 * the starts not yet visible as processes, are fewer than the machine's cores.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface StartGateOptions {
  /** Runnable processes the machine can run at once. */
  cores: number;
  /** How many started processes are runnable now; `undefined` when the OS does not tell. */
  countRunnable: () => Promise<number | undefined>;
}

export interface StartGate {
  /** Resolves when a new start may begin; rejects with the signal's reason if it aborts first. */
  admit(signal?: AbortSignal): Promise<void>;
}

/** Between two looks at the processes while starts wait. */
const SAMPLE_MS = 50;
/** A start admitted less than this before a look may not have spawned its process yet: it counts as runnable. */
const UNSEEN_MS = 60;
/** Where runnable processes cannot be counted, each start counts as runnable this long (a start rate). */
const BLIND_START_MS = 1000;
/**
 * However busy the processes are (a CPU-bound CLI call, a server that spins after its check), one
 * start is let through at least this often: a check waits for its turn, never for ever.
 */
const LONGEST_HOLD_MS = 2000;

export function createStartGate({ cores, countRunnable }: StartGateOptions): StartGate {
  const waiting: { wake: () => void }[] = [];
  const admittedAt: number[] = [];
  let sampling = false;
  let lastAdmission = performance.now();

  async function pump(): Promise<void> {
    if (sampling) return;
    sampling = true;
    try {
      while (waiting.length > 0) {
        const lookedAt = performance.now();
        const runnable = await countRunnable();
        const unseenFor = runnable === undefined ? BLIND_START_MS : UNSEEN_MS;
        while (admittedAt.length > 0 && (admittedAt[0] ?? 0) <= lookedAt - unseenFor) admittedAt.shift();
        const held = lookedAt - lastAdmission >= LONGEST_HOLD_MS;
        while (waiting.length > 0 && ((runnable ?? 0) + admittedAt.length < cores || held)) {
          lastAdmission = performance.now();
          admittedAt.push(lastAdmission);
          waiting.shift()?.wake();
          if (held) break;
        }
        if (waiting.length > 0) await sleep(SAMPLE_MS);
      }
    } finally {
      sampling = false;
    }
  }

  return {
    admit(signal) {
      signal?.throwIfAborted();
      return new Promise<void>((resolve, reject) => {
        const waiter = {
          wake: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(signal?.reason as Error);
        };
        waiting.push(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
        void pump();
      });
    },
  };
}
