/**
 * `status` of the system keychain: a launcher start is a whole Node process, so a look is kept a
 * few seconds and, once one has answered, renewed in the background (issue 43: a page's first rows
 * are drawn from `system.info`, which asks it). The launcher here is a script that answers what a
 * file says and counts its starts; the real launcher is driven in kept-secrets.test.ts.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSystemKeychain } from '../../src/keychain';

const dirs: string[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A launcher that answers `answer.json` and notes each start in `starts`. */
function fakeLauncher() {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-admin-keychain-'));
  dirs.push(dir);
  const answerPath = join(dir, 'answer.json');
  const startsPath = join(dir, 'starts');
  const nodePath = join(dir, 'launcher.sh');
  writeFileSync(startsPath, '');
  writeFileSync(nodePath, `#!/bin/sh\necho start >> '${startsPath}'\ncat '${answerPath}'\n`);
  chmodSync(nodePath, 0o755);
  return {
    nodePath,
    answer: (json: unknown) => {
      writeFileSync(answerPath, JSON.stringify(json));
    },
    starts: () => readFileSync(startsPath, 'utf8').split('\n').filter(Boolean).length,
  };
}

describe('the keychain status', () => {
  it('waits for the first look only; a look over 5 s old is renewed in the background, the last answer given meanwhile, and the next call has the new one', async () => {
    const launcher = fakeLauncher();
    launcher.answer({ ok: true, backend: 'Test keychain' });
    vi.useFakeTimers({ toFake: ['Date'] });
    const keychain = createSystemKeychain({ nodePath: launcher.nodePath, env: { PATH: process.env.PATH } });

    expect(await keychain.status()).toEqual({ available: true, backend: 'Test keychain' });
    expect(await keychain.status()).toEqual({ available: true, backend: 'Test keychain' });
    expect(launcher.starts()).toBe(1);

    launcher.answer({ ok: false, backend: 'Test keychain', reason: 'locked' });
    vi.setSystemTime(Date.now() + 6_000);
    // Answered at once, before the launcher it starts has answered.
    expect(await keychain.status()).toEqual({ available: true, backend: 'Test keychain' });
    await vi.waitFor(async () => {
      expect(await keychain.status()).toEqual({
        available: false,
        backend: 'Test keychain',
        reason: 'locked',
      });
    });
    expect(launcher.starts()).toBe(2);
  });
});
