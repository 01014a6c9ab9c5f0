/**
 * The own lock's waiting line (own-lock.ts, lock-waiting.ts): a process that waits for the lock
 * gets it while another keeps taking it again (a busy MCP Admin starved a second one, whose
 * changes were refused after LOCK_WAIT_MS though each was short), and nothing in the line's folder,
 * a dead waiter's ticket or any hostile entry, keeps anyone from the lock. Real processes, the real
 * lock: the looping holder is a fixture that takes it again as soon as it lets it go.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { createOwnLock } from '../../../src/own-lock';
import { holdOnce, LOCK_TAKING_LOOP, OWN_LOCK_MODULE, useLockWorld } from '../../support/lock-world';

const lock = useLockWorld();
let line: string;
beforeEach(() => {
  line = join(lock.world.configDir, '.mcp-admin', 'lock-waiting');
});

/** A ticket's name and text, as a waiter that began at `since` writes it. */
function ticket(pid: number, since: number, waitMs: number, startTime: number | null = null) {
  return {
    name: `${String(since).padStart(15, '0')}-${String(pid)}-0123456789abcdef`,
    text: JSON.stringify({ pid, startTime, since, waitMs }),
  };
}

/** A process that has ended, as a killed waiter's ticket names it. */
function endedProcess(): number {
  return spawnSync(process.execPath, ['-e', '']).pid;
}

it('gives the lock to a process that waits for it while another process keeps taking it again at once, long before its wait runs out', async () => {
  const holder = spawn(process.execPath, ['--import', 'tsx', LOCK_TAKING_LOOP], {
    env: {
      ...process.env,
      OWN_LOCK: OWN_LOCK_MODULE,
      CONFIG_PATH: lock.world.configPath,
      HOLD_MS: '150',
      LOOP_MS: '8000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await Promise.race([
      once(holder.stdout, 'data'),
      once(holder, 'exit').then(() =>
        Promise.reject(new Error('the looping holder ended before it held the lock')),
      ),
    ]);
    const began = Date.now();

    const held = await createOwnLock(lock.world.configPath, { waitMs: 2_000 })
      .hold(() => Promise.resolve({ holderStillTaking: holder.exitCode === null }))
      .catch((error: unknown) => error);
    const waited = Date.now() - began;

    expect(held).toEqual({ holderStillTaking: true });
    // One of its holds, and the moment the next one sees this one's ticket.
    expect(waited).toBeLessThan(1_000);
    // Its ticket went once it held the lock (the holder may be in line now).
    expect(readdirSync(line).filter((name) => name.includes(`-${String(process.pid)}-`))).toEqual([]);
  } finally {
    holder.kill('SIGKILL');
  }
});

it('takes the lock at once past the ticket of a waiter that was killed, and removes that ticket', async () => {
  const dead = ticket(endedProcess(), Date.now() - 1_000, 120_000, 1);
  mkdirSync(line, { recursive: true });
  writeFileSync(join(line, dead.name), dead.text);

  expect(await holdOnce(lock.world, 500)).toBe('ran');
  expect(existsSync(join(line, dead.name))).toBe(false);
});

it('takes the lock past the ticket of a live process that is older than that process would wait', async () => {
  const outlived = ticket(process.ppid, Date.now() - 10_000, 5_000);
  mkdirSync(line, { recursive: true });
  writeFileSync(join(line, outlived.name), outlived.text);

  expect(await holdOnce(lock.world, 500)).toBe('ran');
});

it('lets a live waiter whose ticket is in the line go first: the lock waits, then is refused with QUEUE_FULL', async () => {
  const waiting = ticket(process.ppid, Date.now() - 1_000, 60_000);
  mkdirSync(line, { recursive: true });
  writeFileSync(join(line, waiting.name), waiting.text);

  expect(await holdOnce(lock.world, 300)).toMatchObject({ code: 'QUEUE_FULL' });
  expect(readdirSync(line)).toEqual([waiting.name]);
});

it('is kept from the lock by nothing else in the line: a FIFO, a link, a folder, a file too large, a name not a ticket, another process named', async () => {
  const since = Date.now() - 1_000;
  const live = (tail: string) => {
    const { name, text } = ticket(process.ppid, since, 60_000);
    return { name: name.replace('0123456789abcdef', tail), text };
  };
  mkdirSync(line, { recursive: true });
  // A plain open of a FIFO with no writer never returns (this test's timeout).
  spawnSync('mkfifo', [join(line, live('000000000000fff0').name)]);
  const elsewhere = join(lock.world.plainDir, 'ticket');
  writeFileSync(elsewhere, live('000000000000fff1').text);
  symlinkSync(elsewhere, join(line, live('000000000000fff1').name));
  mkdirSync(join(line, live('000000000000fff2').name));
  const large = live('000000000000fff3');
  writeFileSync(join(line, large.name), large.text + ' '.repeat(2_000_000));
  writeFileSync(join(line, `waiting-${String(process.ppid)}`), live('000000000000fff4').text);
  const misnamed = live('000000000000fff5');
  writeFileSync(join(line, misnamed.name), ticket(1, since, 60_000).text);

  expect(await holdOnce(lock.world, 500)).toBe('ran');
  // Passed over, not removed: none of it is a dead waiter's ticket.
  expect(readdirSync(line)).toHaveLength(6);
});

it('does not follow a line folder that is a link, and takes the lock past the ticket it leads to', async () => {
  const elsewhere = join(lock.world.plainDir, 'line');
  const waiting = ticket(process.ppid, Date.now() - 1_000, 60_000);
  mkdirSync(elsewhere);
  writeFileSync(join(elsewhere, waiting.name), waiting.text);
  mkdirSync(join(lock.world.configDir, '.mcp-admin'), { recursive: true });
  symlinkSync(elsewhere, line);

  expect(await holdOnce(lock.world, 500)).toBe('ran');
});

it('takes the lock where the line folder is a file', async () => {
  mkdirSync(join(lock.world.configDir, '.mcp-admin'), { recursive: true });
  writeFileSync(line, 'not a folder');

  expect(await holdOnce(lock.world, 500)).toBe('ran');
});
