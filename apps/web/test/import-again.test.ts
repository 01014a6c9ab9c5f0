import { describe, expect, it } from 'vitest';
import { failedScriptAddress, importingAgain } from '../src/ui/import-again';

const ORIGIN = 'http://127.0.0.1:4321';
const SCRIPT = `${ORIGIN}/assets/ChangeToast-X6ojbjki.js`;

describe('failedScriptAddress', () => {
  it("reads the script's address off Chromium's and Firefox's words, without a retry's query", () => {
    expect(
      failedScriptAddress(new TypeError(`Failed to fetch dynamically imported module: ${SCRIPT}`), ORIGIN),
    ).toBe(SCRIPT);
    expect(
      failedScriptAddress(
        new TypeError(`error loading dynamically imported module: ${SCRIPT}?retry=2`),
        ORIGIN,
      ),
    ).toBe(SCRIPT);
  });

  it("names no address for a stylesheet's failure, another origin's script, or words without one (Safari)", () => {
    expect(
      failedScriptAddress(
        new Error(`Unable to preload CSS for ${ORIGIN}/assets/ChangeToast-D2wZoYBj.css`),
        ORIGIN,
      ),
    ).toBe(undefined);
    expect(
      failedScriptAddress(
        new TypeError('Failed to fetch dynamically imported module: http://elsewhere/a.js'),
        ORIGIN,
      ),
    ).toBe(undefined);
    expect(failedScriptAddress(new TypeError('Importing a module script failed.'), ORIGIN)).toBe(undefined);
  });
});

describe('importingAgain', () => {
  /** A browser that remembers a failed import: each address answers as it first did. */
  function rememberingBrowser(failing: Set<string>) {
    const asked: string[] = [];
    const answered = new Map<string, Promise<{ part: string }>>();
    const importAddress = (address: string) => {
      asked.push(address);
      let answer = answered.get(address);
      if (answer === undefined) {
        answer = failing.has(address)
          ? Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${address}`))
          : Promise.resolve({ part: address });
        answered.set(address, answer);
      }
      return answer;
    };
    return { asked, importAddress };
  }

  it('imports a script that failed under a new address at once and on each attempt after, until the server answers', async () => {
    const failing = new Set([SCRIPT, `${SCRIPT}?retry=1`, `${SCRIPT}?retry=2`]);
    const browser = rememberingBrowser(failing);
    const load = importingAgain(() => browser.importAddress(SCRIPT), browser.importAddress, ORIGIN);

    await expect(load()).rejects.toThrow(`${SCRIPT}?retry=1`);
    expect(browser.asked).toEqual([SCRIPT, `${SCRIPT}?retry=1`]);
    await expect(load()).rejects.toThrow(`${SCRIPT}?retry=2`);
    await expect(load()).resolves.toEqual({ part: `${SCRIPT}?retry=3` });
    expect(browser.asked).toEqual([SCRIPT, `${SCRIPT}?retry=1`, `${SCRIPT}?retry=2`, `${SCRIPT}?retry=3`]);
  });

  it('answers at once from a browser that only remembered the failure: the script under a new address loads', async () => {
    const browser = rememberingBrowser(new Set([SCRIPT]));
    const load = importingAgain(() => browser.importAddress(SCRIPT), browser.importAddress, ORIGIN);
    await expect(load()).resolves.toEqual({ part: `${SCRIPT}?retry=1` });
  });

  it('loads as it was told to again when the failure names no script of its own', async () => {
    let calls = 0;
    const load = importingAgain(
      () => {
        calls += 1;
        return calls === 1
          ? Promise.reject(new TypeError('Importing a module script failed.'))
          : Promise.resolve({ part: 'loaded' });
      },
      () => Promise.reject(new Error('not asked')),
      ORIGIN,
    );
    await expect(load()).rejects.toThrow('Importing a module script failed.');
    await expect(load()).resolves.toEqual({ part: 'loaded' });
    expect(calls).toBe(2);
  });
});
