/**
 * The held keychain items of a kept entry follow what a change's steps return (issue 42, one
 * runner): a remove that failed after it landed (`ok: false` with the entry as `before`) deletes
 * the entry's live items, as a landed one does; one of which nothing landed (thrown) deletes only
 * the copies it held. Our code is the subject: the keychain and the config are in memory
 * (kept-secrets.test.ts drives the real keychain store).
 */
import { describe, expect, it } from 'vitest';
import { McpCoreError } from '../../../src/errors';
import { createHeldSecrets } from '../../../src/service/entries/held-secrets';
import type { KeptSecretStore } from '../../../src/service/entries/kept-secrets';
import type { PlacedEntry, RecordedChange } from '../../../src/service/history';

const REF = 'files (user, /config/.claude.json) #0a1b2c3d4e5f';
const LIVE = [`${REF}|env:TOKEN`];
const kept: PlacedEntry = {
  name: 'files',
  scope: 'user',
  projectPath: '/project',
  source: '/config/.claude.json',
  entry: {
    type: 'stdio',
    command: '/usr/bin/node',
    args: ['/opt/mcp-admin/keychain-launcher.mjs', 'env', REF, 'TOKEN', '--', 'node', 'server.js'],
    env: {},
  },
};
const subject = { kind: 'entries', procedure: 'mcp.remove', place: kept, plan: { before: kept } } as const;

/** A runner that gives its steps the id `change-1` and answers as they say, recording nothing. */
const runner: RecordedChange = async (_subject, run) => {
  const outcome = await run(() => Promise.resolve(), 'change-1');
  if (!outcome.ok) throw outcome.failure;
  return outcome.result;
};

/** The held secrets over a keychain in memory (what it was asked to delete) and a config where the entry is gone. */
function heldSecretsInMemory() {
  const calls: string[] = [];
  const notHere = () => Promise.reject(new Error('not called here'));
  const keptSecrets: KeptSecretStore = {
    keep: notHere,
    real: notHere,
    forget: notHere,
    heldBy: notHere,
    restore: notHere,
    forgetUnnamed: notHere,
    hold: (id) => {
      calls.push(`hold ${id}`);
      return Promise.resolve(LIVE);
    },
    dropLive: (accounts) => {
      calls.push(`dropLive ${accounts.join(',')}`);
      return Promise.resolve();
    },
    dropHeld: (id) => {
      calls.push(`dropHeld ${id}`);
      return Promise.resolve();
    },
  };
  const held = createHeldSecrets({
    keptSecrets,
    storedAt: () => Promise.resolve(undefined),
    logWarning: () => undefined,
  });
  return { recorded: held.recorded(runner), calls };
}

describe('the keychain items of a kept entry a remove takes away', () => {
  it('whose remove returned ok false after it landed: the live items are deleted, the copies kept for the undo, and the error answered', async () => {
    const { recorded, calls } = heldSecretsInMemory();
    const failure = new McpCoreError('CLI_TIMEOUT', 'timed out\n"files" was removed all the same.');

    await expect(
      recorded(subject, () => Promise.resolve({ ok: false, failure, moves: { before: kept } })),
    ).rejects.toBe(failure);

    expect(calls).toEqual(['hold change-1', `dropLive ${LIVE.join(',')}`]);
  });

  it('whose remove threw (nothing landed): the copies it held are deleted, the live items stay', async () => {
    const { recorded, calls } = heldSecretsInMemory();
    const thrown = new McpCoreError('CLI_FAILED', 'claude exited with code 1');

    await expect(recorded(subject, () => Promise.reject(thrown))).rejects.toBe(thrown);

    expect(calls).toEqual(['hold change-1', 'dropHeld change-1']);
  });
});
