import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSystemKeychain } from '../../src/keychain';
import { startTestKeychain } from '../../src/testing';
import type { TestKeychain } from '../../src/testing';

let keychain: TestKeychain;
beforeAll(() => {
  keychain = startTestKeychain();
});
afterAll(() => {
  keychain.stop();
});

describe('the system keychain', () => {
  const store = () => createSystemKeychain({ env: keychain.env });

  it('stores, reads and deletes items of the Secret Service', async () => {
    expect(await store().status()).toEqual({ available: true, backend: 'Secret Service' });
    expect(await store().get(['a|env:TOKEN'])).toEqual(new Map());
    await store().set(
      new Map([
        ['a|env:TOKEN', 'value-1'],
        ['a|env:OTHER', 'value-2'],
      ]),
    );
    expect(await store().get(['a|env:TOKEN', 'a|env:NONE'])).toEqual(new Map([['a|env:TOKEN', 'value-1']]));
    expect(await store().delete(['a|env:TOKEN', 'a|env:NONE'])).toEqual(['a|env:TOKEN']);
    expect(await store().get(['a|env:TOKEN'])).toEqual(new Map());
  });

  it('says a keychain without a bus is not available, and why', async () => {
    const missing = createSystemKeychain({
      env: { ...keychain.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' },
    });
    const status = await missing.status();
    expect(status).toMatchObject({ available: false, backend: 'Secret Service' });
    expect(status.reason).toContain('/nonexistent/bus');
    await expect(missing.set(new Map([['b', 'x']]))).rejects.toMatchObject({
      code: 'KEYCHAIN_UNAVAILABLE',
      message: expect.stringContaining('could not store a secret') as unknown,
    });
  });

  it('says a locked keychain is locked', async () => {
    await store().set(new Map([['c', 'x']]));
    keychain.lock();
    try {
      await expect(store().get(['c'])).rejects.toThrow(/could not read a secret: the keychain is locked/);
    } finally {
      keychain.unlock();
    }
    expect(await store().get(['c'])).toEqual(new Map([['c', 'x']]));
  });
});
