import { describe, expect, it } from 'vitest';
import { drawingReadsClock, reusingLastDrawing } from '../src/drawing-reuse';
import type { SentFirstReads } from '../src/first-reads';
import { signInHealth } from '../src/sign-in/sign-in-health';

type Server = SentFirstReads['list']['servers'][number];

function readsOf(servers: Partial<Server>[]): SentFirstReads {
  return {
    info: { defaultProject: '/p' },
    list: { projectPath: '/p', servers },
  } as unknown as SentFirstReads;
}

/** A drawing that says which call drew it, so a reused one is told from a new one. */
function countingDraw() {
  let calls = 0;
  const draw = (reads: SentFirstReads) => {
    calls += 1;
    return Promise.resolve(`<p>${String(reads.list.servers.length)} servers, drawing ${String(calls)}</p>`);
  };
  return { draw, calls: () => calls };
}

const live = () => new AbortController().signal;
const expiring = { name: 'remote', auth: 'signed-in', authExpiresAt: Date.UTC(2026, 11, 7, 12) } as const;

describe('reusingLastDrawing', () => {
  it('draws the same reads once: a page asked for again gets the same drawing', async () => {
    const { draw, calls } = countingDraw();
    const render = reusingLastDrawing(draw);

    const first = await render(readsOf([{ name: 'a' }]), live());
    const again = await render(readsOf([{ name: 'a' }]), live());

    expect(again).toBe(first);
    expect(calls()).toBe(1);
  });

  it('draws anew once the reads changed, and keeps only the last', async () => {
    const { draw } = countingDraw();
    const render = reusingLastDrawing(draw);

    await render(readsOf([{ name: 'a' }]), live());
    const changed = await render(readsOf([{ name: 'a' }, { name: 'b' }]), live());
    const back = await render(readsOf([{ name: 'a' }]), live());

    expect(changed).toBe('<p>2 servers, drawing 2</p>');
    expect(back).toBe('<p>1 servers, drawing 3</p>');
  });

  it('draws every time reads whose drawing reads the clock (a sign-in that expires)', async () => {
    const { draw, calls } = countingDraw();
    const render = reusingLastDrawing(draw);

    await render(readsOf([expiring]), live());
    await render(readsOf([expiring]), live());

    expect(calls()).toBe(2);
  });

  it('keeps nothing of a drawing that was stopped or failed', async () => {
    let calls = 0;
    const render = reusingLastDrawing((reads, signal) => {
      calls += 1;
      if (calls === 2) return Promise.reject(new Error('the drawing failed'));
      return Promise.resolve(signal.aborted ? '<p>part of it</p>' : `<p>drawing ${String(calls)}</p>`);
    });
    const stopped = AbortSignal.abort();

    expect(await render(readsOf([{ name: 'a' }]), stopped)).toBe('<p>part of it</p>');
    await expect(render(readsOf([{ name: 'a' }]), live())).rejects.toThrow('the drawing failed');
    expect(await render(readsOf([{ name: 'a' }]), live())).toBe('<p>drawing 3</p>');
    expect(await render(readsOf([{ name: 'a' }]), live())).toBe('<p>drawing 3</p>');
  });
});

describe('drawingReadsClock', () => {
  it('is true exactly where a row words its sign-in from the clock', () => {
    const [early, late] = [Date.UTC(2026, 11, 7, 9), Date.UTC(2026, 11, 7, 11)];
    const rows: Partial<Server>[] = [
      { name: 'local' },
      { name: 'signed-out', auth: 'signed-out' },
      { name: 'signed-in', auth: 'signed-in' },
      expiring,
    ];
    const wordedByClock = rows.map(
      (row) => signInHealth(row as Server, early)?.text !== signInHealth(row as Server, late)?.text,
    );
    const guarded = rows.map((row) => drawingReadsClock(readsOf([row])));

    expect(wordedByClock).toEqual([false, false, false, true]);
    expect(guarded).toEqual(wordedByClock);
  });
});
