import { describe, expect, it } from 'vitest';
import { pickChecks } from '../../src/config/project-list';
import { createSlices } from '../../src/config/time-slices';

const projects = ['/a', '/b', '/c', '/d', '/e'].map((path) => ({ path }));

function pick(known: string[], cursor: number, budget: number) {
  return pickChecks(projects, (path) => known.includes(path), { cursor, budget }, createSlices());
}

describe('pickChecks', () => {
  it('picks every project never looked at, whatever the budget', async () => {
    await expect(pick([], 0, 2)).resolves.toEqual({
      paths: ['/a', '/b', '/c', '/d', '/e'],
      nextCursor: 2,
    });
  });

  it('picks, of the projects looked at before, those within the budget from the cursor on, wrapping around', async () => {
    await expect(pick(['/a', '/b', '/c', '/d', '/e'], 4, 2)).resolves.toEqual({
      paths: ['/e', '/a'],
      nextCursor: 1,
    });
    await expect(pick(['/a', '/c', '/d', '/e'], 0, 3)).resolves.toEqual({
      paths: ['/b', '/a', '/c'],
      nextCursor: 3,
    });
  });

  it('picks every project once when the budget covers them all', async () => {
    await expect(pick(['/b', '/d'], 3, 10)).resolves.toEqual({
      paths: ['/a', '/c', '/e', '/d', '/b'],
      nextCursor: 3,
    });
  });

  it('picks nothing in a config without projects', async () => {
    await expect(pickChecks([], () => true, { cursor: 0, budget: 10 }, createSlices())).resolves.toEqual({
      paths: [],
      nextCursor: 0,
    });
  });
});
