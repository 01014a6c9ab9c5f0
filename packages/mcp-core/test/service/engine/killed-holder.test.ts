/**
 * A `kill -9` of an MCP Admin at any instant of taking or letting go of the own lock leaves a lock
 * the next one takes within 2 s, never one it waits `staleMs` (20 s) for. Seen in the chaos test: a
 * server restarted after a kill printed no start line within 30 s, its start (settling what the
 * killed one left, under the lock) and the other server's changes waiting about 20 s, because the
 * killed one had left the lock's folder without its `owner` (cut off between making the folder and
 * naming itself in it, or between removing its owner file and the folder).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { ownLockPath } from '../../../src/own-lock';
import { holdOnce, LOCK_TAKING_LOOP, OWN_LOCK_MODULE, useLockWorld } from '../../support/lock-world';

const lock = useLockWorld();

it('takes at once a lock folder left without its owner file 2 s ago (its owner cut off while letting it go), not once it is stale', async () => {
  mkdirSync(ownLockPath(lock.world.configPath), { recursive: true });
  const twoSecondsAgo = (Date.now() - 2_500) / 1000;
  utimesSync(ownLockPath(lock.world.configPath), twoSecondsAgo, twoSecondsAgo);

  expect(await holdOnce(lock.world, 1_000)).toBe('ran');
});

it('does not take an empty lock folder just made: an older MCP Admin makes it, then names itself in it', async () => {
  mkdirSync(ownLockPath(lock.world.configPath), { recursive: true });

  expect(await holdOnce(lock.world, 1_000)).toMatchObject({ code: 'QUEUE_FULL' });
});

it('takes the lock within 3 s (not the 20 s stale time) after each of 8 kill -9s of a process taking and letting go of it in a loop', async () => {
  const outcomes: unknown[] = [];
  for (let kill = 0; kill < 8; kill++) {
    const holder = spawn(process.execPath, ['--import', 'tsx', LOCK_TAKING_LOOP], {
      env: {
        ...process.env,
        OWN_LOCK: OWN_LOCK_MODULE,
        CONFIG_PATH: lock.world.configPath,
        HOLD_MS: '0',
        LOOP_MS: '60000',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await Promise.race([
      once(holder.stdout, 'data'),
      once(holder, 'exit').then(() =>
        Promise.reject(new Error('the looping holder ended before it held the lock')),
      ),
    ]);
    // Somewhere in its loop: mostly taking, naming itself, and letting go.
    await sleep(5 + ((kill * 7) % 40));
    holder.kill('SIGKILL');
    await once(holder, 'exit');
    // A kill between removing its owner and its folder leaves an empty folder, taken 2 s on.
    const outcome = await holdOnce(lock.world, 3_000);
    outcomes.push(outcome);
    // A lock left in the way would keep the next holder from it too.
    if (outcome !== 'ran') break;
  }

  expect(outcomes).toEqual(Array.from({ length: 8 }, () => 'ran'));
  // What a kill left beside the lock is not in the lock's way, and the lock itself is gone.
  expect(readdirSync(join(lock.world.configDir, '.mcp-admin')).filter((name) => name === 'lock')).toEqual([]);
});

it('removes the folders kills left beside the lock once they are older than the stale time, and nothing else', async () => {
  const ownDir = join(lock.world.configDir, '.mcp-admin');
  mkdirSync(ownDir, { recursive: true });
  const old = (Date.now() - 60_000) / 1000;
  const leftovers = [
    'lock.new-0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9',
    'lock.gone-1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  ];
  const kept = [
    // Young: a process may be between its steps with it.
    'lock.new-2b3c4d5e-6f70-4819-a2b3-c4d5e6f7a8b9',
    // Not a name the lock gives.
    'lock.other-3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
    'history',
  ];
  for (const name of [...leftovers, ...kept]) {
    mkdirSync(join(ownDir, name));
    writeFileSync(join(ownDir, name, 'owner'), '{}');
  }
  for (const name of [...leftovers, kept[1] ?? '', kept[2] ?? '']) utimesSync(join(ownDir, name), old, old);
  // A file of a leftover's name is not a folder the lock made.
  writeFileSync(join(ownDir, 'lock.gone-4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a'), 'x');
  utimesSync(join(ownDir, 'lock.gone-4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a'), old, old);

  expect(await holdOnce(lock.world, 1_000)).toBe('ran');

  expect(readdirSync(ownDir).sort()).toEqual(
    [...kept, 'lock.gone-4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a'].sort(),
  );
});
