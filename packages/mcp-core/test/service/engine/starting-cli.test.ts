/**
 * A CLI spawned under the lock is named in the lock's owner file before its spawn, by what it runs
 * (issue 42: a `kill -9` between the spawn and the line that names its pid left a CLI that the
 * next MCP Admin did not wait for). The subject is the lock: the CLI is a fixture that sleeps.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { expect, it } from 'vitest';
import { createCliRunner } from '../../../src/cli';
import { createOwnLock, ownLockPath } from '../../../src/own-lock';
import { OWN_LOCK_MODULE, useLockWorld } from '../../support/lock-world';

const SLEEPING_CLAUDE = join(import.meta.dirname, '..', '..', 'fixtures', 'sleeping-claude.sh');

const lock = useLockWorld();

/**
 * An MCP Admin cut off inside the window: it holds the lock, names the CLI it is about to start,
 * spawns it, and stops before naming its pid (a process that says "spawned" and waits to be killed).
 */
const CUT_OFF_OWNER = `
import { spawn, spawnSync } from 'node:child_process';
const { createOwnLock } = await import(process.env.OWN_LOCK);
const lock = createOwnLock(process.env.CONFIG_PATH, { staleMs: 400 });
await lock.hold(async () => {
  const args = JSON.parse(process.env.CLI_ARGS);
  lock.helper(process.env.CLI_BIN, args);
  spawn(process.env.CLI_BIN, args, { detached: true, stdio: 'ignore' }).unref();
  process.stdout.write('spawned\\n');
  await new Promise(() => undefined);
});
`;

it('waits for a CLI that a killed owner named as starting but not yet by its pid, and takes the lock over once it has ended', async () => {
  const landed = join(lock.world.plainDir, 'landed');
  const args = ['mcp', 'remove', `starting-${randomUUID()}`, '-s', 'user'];
  const owner = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CUT_OFF_OWNER], {
    env: {
      ...process.env,
      OWN_LOCK: OWN_LOCK_MODULE,
      CONFIG_PATH: lock.world.configPath,
      CLI_BIN: SLEEPING_CLAUDE,
      CLI_ARGS: JSON.stringify(args),
      SLEEP_SECONDS: '1',
      LANDED_FILE: landed,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(owner.stdout, 'data');
  const named = JSON.parse(
    readFileSync(join(ownLockPath(lock.world.configPath), 'owner'), 'utf8'),
  ) as unknown;
  owner.kill('SIGKILL');
  await once(owner, 'exit');

  // Short stale time: the lock is not kept from being taken over by its age, only by the CLI.
  const landedWhenTaken = await createOwnLock(lock.world.configPath, { staleMs: 400, waitMs: 20_000 }).hold(
    () => Promise.resolve(existsSync(landed)),
  );

  expect(named).toMatchObject({ helpers: [], starting: [{ bin: SLEEPING_CLAUDE, args }] });
  expect(landedWhenTaken).toBe(true);
});

it('tells the lock what a CLI runs before its spawn, then its pid, then that it has exited', async () => {
  const told: unknown[] = [];
  const runner = createCliRunner({
    bin: SLEEPING_CLAUDE,
    timeoutMs: 10_000,
    env: { PATH: process.env.PATH, SLEEP_SECONDS: '0', LANDED_FILE: join(lock.world.plainDir, 'landed') },
    beforeSpawn: (bin, args) => {
      told.push({ before: [bin, ...args], landed: existsSync(join(lock.world.plainDir, 'landed')) });
      return (pid) => {
        told.push({ pid: typeof pid });
        return () => told.push('exited');
      };
    },
  });

  const outcome = await runner.run(['mcp', 'list'], { cwd: lock.world.plainDir });

  expect(outcome.ok).toBe(true);
  expect(told).toEqual([
    { before: [SLEEPING_CLAUDE, 'mcp', 'list'], landed: false },
    { pid: 'number' },
    'exited',
  ]);
});

it('takes over a lock whose killed owner named a CLI as starting that never started once the spawn grace has passed, not the stale time', async () => {
  const lockPath = ownLockPath(lock.world.configPath);
  mkdirSync(lockPath, { recursive: true });
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  const args = ['mcp', 'remove', `never-started-${randomUUID()}`, '-s', 'user'];
  writeFileSync(
    join(lockPath, 'owner'),
    JSON.stringify({
      pid,
      startTime: 1,
      helpers: [],
      starting: [{ bin: SLEEPING_CLAUDE, args, since: Date.now() }],
    }),
  );
  const began = Date.now();

  // The stale time as in use (20 s); a wait of 3 s.
  const held = await createOwnLock(lock.world.configPath, { spawnGraceMs: 300, waitMs: 3_000 })
    .hold(() => Promise.resolve('ran'))
    .catch((error: unknown) => error);

  expect(held).toBe('ran');
  expect(Date.now() - began).toBeGreaterThanOrEqual(300);
});
