/**
 * Which running sessions a change misses, given the sessions and where the change is seen: those
 * that started before it landed, in a directory it reaches (a user-scope change: every one).
 */
import { expect, it } from 'vitest';
import type { RunningSession } from '../../../src/config';
import { isWithin, sessionsMissing } from '../../../src/service/sessions/running-sessions';

const LANDED_AT = 1_000_000;

function session(pid: number, cwd: string, startedAt: number): RunningSession {
  return { pid, cwd, kind: 'interactive', startedAt, name: `s${String(pid)}` };
}

const inRepo = session(1, '/work/repo', LANDED_AT - 10);
const belowRepo = session(2, '/work/repo/sub/deeper', LANDED_AT - 10);
const besideRepo = session(3, '/work/repo-other', LANDED_AT - 10);
const startedAfter = session(4, '/work/repo', LANDED_AT + 1);
const all = [inRepo, belowRepo, besideRepo, startedAfter];

it('a change seen in one project misses the sessions started before it in that project or below it, not a sibling whose name starts alike', () => {
  const missed = sessionsMissing(all, { everywhere: false, dirs: ['/work/repo'] }, LANDED_AT);

  expect(missed).toEqual([
    { pid: 1, cwd: '/work/repo', name: 's1', startedAt: LANDED_AT - 10 },
    { pid: 2, cwd: '/work/repo/sub/deeper', name: 's2', startedAt: LANDED_AT - 10 },
  ]);
});

it('a change seen everywhere misses every session started before it, and none started after it', () => {
  const missed = sessionsMissing(all, { everywhere: true }, LANDED_AT);

  expect(missed.map((found) => found.pid)).toEqual([1, 2, 3]);
});

it('a change seen nowhere (a profile saved) misses no session', () => {
  expect(sessionsMissing(all, { everywhere: false, dirs: [] }, LANDED_AT)).toEqual([]);
});

it('isWithin treats the root folder as every folder', () => {
  expect(isWithin('/work/repo', '/')).toBe(true);
  expect(isWithin('/work/repo', '/work/rep')).toBe(false);
});
