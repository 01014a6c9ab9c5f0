/**
 * A CLI call that lands and then fails (it hangs past the timeout, exits non-zero after writing, or
 * leaves the config unreadable for the read-back), in an edit, a remove and the switch, on the fake
 * CLI behind the landing-then-failing fixture: what landed is recorded and undoable, a removed
 * entry of an edit is put back, and the error says exactly where the server is.
 */
import { createTestWorld, FAKE_CLAUDE, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addJsonArgv } from '../../../src/cli/argv';
import { findStoredEntry } from '../../../src/config';
import { McpCoreError } from '../../../src/errors';
import { adminInWorld, fixture, storedConfigOf } from '../../support/world-admin';

let world: TestWorld;
// Our code is the subject: the fake CLI (core/cli/fake-claude-contract.test.ts) stores what the real one would.
beforeEach(() => {
  world = createTestWorld({ claudeBin: FAKE_CLAUDE });
});
afterEach(() => {
  world.remove();
});

/**
 * Long enough for a fake CLI call (about 50 ms, a Node start) at a load of 8 on CI's slower cores;
 * each hanging one is waited out.
 */
const CLI_TIMEOUT_MS = 2000;
const TIMED_OUT = `The Claude CLI did not finish within ${CLI_TIMEOUT_MS} ms and was stopped (MCP_ADMIN_CLI_TIMEOUT_MS sets the limit).`;

/** The service whose `mcp SUBCOMMAND` calls in `failAfter` land and then fail as `how` says. */
function failingAdmin(failAfter: string, how: 'hang' | 'exit' | 'garble', refuse = '') {
  return adminInWorld(
    world,
    fixture('landing-then-failing-claude.sh'),
    { FAIL_AFTER: failAfter, FAIL_HOW: how, REFUSE: refuse },
    { cliTimeoutMs: CLI_TIMEOUT_MS },
  );
}

const userServers = () => storedConfigOf(world).mcpServers;
const stashPath = () => join(world.configDir, '.mcp-admin', 'disabled.json');
const stashedNames = () =>
  (JSON.parse(readFileSync(stashPath(), 'utf8')) as { servers: { name: string }[] }).servers.map(
    ({ name }) => name,
  );

const signedIn = {
  type: 'http',
  url: 'https://old.test/mcp',
  headers: { Authorization: 'Bearer 0ld-t0ken' },
  headersHelper: '/usr/local/bin/make-headers',
  oauth: { clientId: 'mcp-admin', callbackPort: 8765 },
  timeout: 15000,
};
const edited = { ...signedIn, url: 'https://new.test/mcp' };

function seed(name: string, entry: Record<string, unknown>) {
  return runCliAsAnotherTerminal(world, world.projectDir, addJsonArgv(name, 'user', entry));
}

/** The newest change as the history lists it: procedure, outcome, whether it can be undone. */
async function newestChange(admin: ReturnType<typeof adminInWorld>) {
  const [change] = await admin.history();
  return { procedure: change?.procedure, ok: change?.ok, undoable: change?.undoable, id: change?.id ?? '' };
}

describe('an edit whose remove lands and then fails', () => {
  it('puts the old entry back after a remove that timed out, says so, and leaves nothing to undo', async () => {
    await seed('signed-in', signedIn);
    const admin = failingAdmin('remove', 'hang');

    await expect(
      admin.update({ name: 'signed-in', scope: 'user', server: { url: 'https://new.test/mcp' } }),
    ).rejects.toEqual(
      new McpCoreError(
        'CLI_TIMEOUT',
        `${TIMED_OUT}\n"signed-in" was removed from ${world.configPath} all the same.\nThe old entry was restored.`,
      ),
    );

    expect(userServers()).toEqual({ 'signed-in': signedIn });
    expect(await newestChange(admin)).toMatchObject({ procedure: 'mcp.update', ok: false, undoable: false });
  });

  it('says the server was removed and could not be put back, records the removal, and its undo adds it back whole', async () => {
    await seed('signed-in', signedIn);
    const admin = failingAdmin('remove', 'exit', 'add-json');

    await expect(
      admin.update({ name: 'signed-in', scope: 'user', server: { url: 'https://new.test/mcp' } }),
    ).rejects.toEqual(
      new McpCoreError(
        'CLI_FAILED',
        `remove crashed after writing, in the test fixture\n"signed-in" was removed from ${world.configPath} all the same.\nRestoring the old entry failed too: add-json refused by the test fixture\nThe old entry of "signed-in" (user scope, ${world.configPath}) is kept in the history: undo this change to add it back.`,
      ),
    );
    expect(userServers()).toEqual({});
    const edit = await newestChange(admin);
    expect(edit).toMatchObject({ procedure: 'mcp.update', ok: false, undoable: true });

    await adminInWorld(world).undo({ id: edit.id });
    expect(userServers()).toEqual({ 'signed-in': signedIn });
  });

  it('keeps the old entry in the history when the read-back after the remove cannot read the config; once it can, undo adds it back', async () => {
    await seed('signed-in', signedIn);
    const admin = failingAdmin('remove', 'garble');

    const failure = admin.update({
      name: 'signed-in',
      scope: 'user',
      server: { url: 'https://new.test/mcp' },
    });
    await expect(failure).rejects.toBeInstanceOf(McpCoreError);
    const unreadable = await findStoredEntry({
      configPath: world.configPath,
      projectPath: world.projectDir,
      name: 'signed-in',
      scope: 'user',
    }).then(
      () => 'the config was readable',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    await expect(failure).rejects.toEqual(
      new McpCoreError(
        'VERIFY_FAILED',
        `The CLI reported success, but the change could not be confirmed: ${unreadable}\nWhether "signed-in" is still stored in ${world.configPath} could not be read back (${unreadable}). The old entry of "signed-in" (user scope, ${world.configPath}) is kept in the history: undo this change to add it back.`,
      ),
    );

    // The config as the remove left it, readable again.
    const removed = JSON.parse(readFileSync(world.configPath, 'utf8').replace(/\{ cut off$/, '')) as {
      mcpServers: Record<string, unknown>;
    };
    expect(removed.mcpServers).toEqual({});
    writeFileSync(world.configPath, JSON.stringify(removed));
    const edit = await newestChange(admin);
    expect(edit).toMatchObject({ procedure: 'mcp.update', ok: false, undoable: true });

    await adminInWorld(world).undo({ id: edit.id });
    expect(userServers()).toEqual({ 'signed-in': signedIn });
  });
});

describe('an edit whose add lands and then fails', () => {
  it('keeps the edit, records it whole, and its undo returns to the old entry', async () => {
    await seed('signed-in', signedIn);
    const admin = failingAdmin('add-json', 'exit');

    await expect(
      admin.update({ name: 'signed-in', scope: 'user', server: { url: 'https://new.test/mcp' } }),
    ).rejects.toEqual(
      new McpCoreError(
        'CLI_FAILED',
        `Could not store the new entry of "signed-in" (user scope): add-json crashed after writing, in the test fixture\nThe new entry was stored in ${world.configPath} all the same: the edit landed; undo this change in History to return to the old entry.`,
      ),
    );
    expect(userServers()).toEqual({ 'signed-in': edited });
    const edit = await newestChange(admin);
    expect(edit).toMatchObject({ procedure: 'mcp.update', ok: false, undoable: true });

    await adminInWorld(world).undo({ id: edit.id });
    expect(userServers()).toEqual({ 'signed-in': signedIn });
  });
});

describe('a remove that lands and then times out', () => {
  it('is recorded as landed, says the server is gone, and its undo adds it back whole', async () => {
    await seed('signed-in', signedIn);
    const admin = failingAdmin('remove', 'hang');

    await expect(admin.remove({ name: 'signed-in', scope: 'user' })).rejects.toEqual(
      new McpCoreError(
        'CLI_TIMEOUT',
        `${TIMED_OUT}\n"signed-in" was removed from ${world.configPath} all the same; undo this change in History to add it back.`,
      ),
    );
    expect(userServers()).toEqual({});
    const removal = await newestChange(admin);
    expect(removal).toMatchObject({ procedure: 'mcp.remove', ok: false, undoable: true });

    await adminInWorld(world).undo({ id: removal.id });
    expect(userServers()).toEqual({ 'signed-in': signedIn });
  });
});

describe('an add that lands and then fails', () => {
  it('is recorded as landed, says the server is stored, and its undo removes it; an add onto a stored name records nothing', async () => {
    // `mcp add`, or `mcp add-json` should the add store the entry whole.
    const admin = failingAdmin('add add-json', 'exit');

    await expect(
      admin.add({ name: 'files', scope: 'user', command: 'node', env: { API_KEY: 's3cret' } }),
    ).rejects.toMatchObject({
      code: 'CLI_FAILED',
      message: expect.stringMatching(
        new RegExp(
          `^add(-json)? crashed after writing, in the test fixture\n"files" was stored in ${world.configPath} all the same; undo this change in History to remove it[.]$`,
        ),
      ) as unknown,
    });
    const stored = { files: { type: 'stdio', command: 'node', args: [], env: { API_KEY: 's3cret' } } };
    expect(userServers()).toEqual(stored);
    const addition = await newestChange(admin);
    expect(addition).toMatchObject({ procedure: 'mcp.add', ok: false, undoable: true });

    await expect(admin.add({ name: 'files', scope: 'user', command: 'deno' })).rejects.toMatchObject({
      code: 'CLI_FAILED',
    });
    expect(userServers()).toEqual(stored);
    expect(await newestChange(admin)).toMatchObject({ procedure: 'mcp.add', ok: false, undoable: false });

    await adminInWorld(world).undo({ id: addition.id });
    expect(userServers()).toEqual({});
  });
});

describe('a switch whose CLI call lands and then fails', () => {
  it('a disable whose remove exits non-zero after landing is recorded, keeps the entry in the stash, and its undo enables it', async () => {
    await seed('signed-in', signedIn);
    const admin = failingAdmin('remove', 'exit');

    await expect(admin.disable({ name: 'signed-in', scope: 'user' })).rejects.toEqual(
      new McpCoreError(
        'CLI_FAILED',
        `remove crashed after writing, in the test fixture\n"signed-in" was disabled all the same: it is gone from ${world.configPath} and its whole entry is kept in ${stashPath()} until it is enabled.`,
      ),
    );
    expect({ stored: userServers(), stash: stashedNames() }).toEqual({ stored: {}, stash: ['signed-in'] });
    const disable = await newestChange(admin);
    expect(disable).toMatchObject({ procedure: 'mcp.disable', ok: false, undoable: true });

    await adminInWorld(world).undo({ id: disable.id });
    expect({ stored: userServers(), stash: stashedNames() }).toEqual({
      stored: { 'signed-in': signedIn },
      stash: [],
    });
  });

  it('an enable whose add-json exits non-zero after landing is recorded, drops the entry from the stash, and its undo disables it again', async () => {
    await seed('signed-in', signedIn);
    await adminInWorld(world).disable({ name: 'signed-in', scope: 'user' });
    const admin = failingAdmin('add-json', 'exit');

    await expect(admin.enable({ name: 'signed-in', scope: 'user' })).rejects.toEqual(
      new McpCoreError(
        'CLI_FAILED',
        `add-json crashed after writing, in the test fixture\n"signed-in" was enabled all the same: it is back in ${world.configPath}.`,
      ),
    );
    expect({ stored: userServers(), stash: stashedNames() }).toEqual({
      stored: { 'signed-in': signedIn },
      stash: [],
    });
    const enable = await newestChange(admin);
    expect(enable).toMatchObject({ procedure: 'mcp.enable', ok: false, undoable: true });

    await adminInWorld(world).undo({ id: enable.id });
    expect({ stored: userServers(), stash: stashedNames() }).toEqual({ stored: {}, stash: ['signed-in'] });
  });

  it('a profile apply whose disable exits non-zero after landing answers that server failed, records its switch in the apply, and one undo enables it', async () => {
    await seed('signed-in', signedIn);
    const admin = failingAdmin('remove', 'exit');
    await admin.saveProfile({ name: 'gone-only', servers: [{ name: 'gone', scope: 'user' }] });

    const applied = await admin.applyProfile({ name: 'gone-only' });

    expect(applied).toMatchObject({
      ok: false,
      results: [
        { name: 'gone', outcome: 'missing' },
        {
          name: 'signed-in',
          outcome: 'failed',
          message: `remove crashed after writing, in the test fixture\n"signed-in" was disabled all the same: it is gone from ${world.configPath} and its whole entry is kept in ${stashPath()} until it is enabled.`,
        },
      ],
    });
    expect({ stored: userServers(), stash: stashedNames() }).toEqual({ stored: {}, stash: ['signed-in'] });
    const apply = await newestChange(admin);
    expect(apply).toMatchObject({ procedure: 'mcp.applyProfile', ok: false, undoable: true });

    await adminInWorld(world).undo({ id: apply.id });
    expect({ stored: userServers(), stash: stashedNames() }).toEqual({
      stored: { 'signed-in': signedIn },
      stash: [],
    });
  });
});
