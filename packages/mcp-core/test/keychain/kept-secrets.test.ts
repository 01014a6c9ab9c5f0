/**
 * Servers whose secrets the keychain keeps: what `mcp.add`, `mcp.update`, `mcp.secretsToKeychain`,
 * `mcp.secretsFromKeychain`, remove and undo store and refuse, against a real Secret Service (a
 * private GNOME Keyring), and what the launcher and headersHelper they store do when run. The
 * changes go through the verified fake CLI: the subject is what MCP Admin stores; Claude Code
 * running these entries is proved in claude-keychain.test.ts.
 */
import {
  createTestWorld,
  credentialKey,
  FAKE_CLAUDE,
  MCP_SERVER_SCRIPTS,
  startRemoteMcpServer,
  startTestKeychain,
} from '@mcp-admin/core/testing';
import { createHash, randomUUID } from 'node:crypto';
import type { TestKeychain, TestWorld } from '@mcp-admin/core/testing';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { ZodError } from 'zod';
import { createSystemKeychain } from '../../src/keychain';
import type { Keychain } from '../../src/keychain';
import { KEPT_IN_KEYCHAIN, KEYCHAIN_LAUNCHER, newKeptRef, wrapEntry } from '../../src/kept-secrets';
import { adminInWorld, storedConfigOf } from '../support/world-admin';

const TOKEN = 'ghp_kept1234567890abcdefSECRET';
const HEADER = 'Bearer kept-header-0123456789SECRET';

let keychain: TestKeychain;
let world: TestWorld;
beforeAll(() => {
  keychain = startTestKeychain();
});
afterAll(() => {
  keychain.stop();
});
beforeEach(() => {
  world = createTestWorld({ claudeBin: FAKE_CLAUDE });
});
afterEach(() => {
  world.remove();
});

const admin = (env: NodeJS.ProcessEnv = keychain.envFor(world)) =>
  adminInWorld(world, undefined, undefined, { spawnEnv: env });
const userServers = () => storedConfigOf(world).mcpServers as Record<string, Record<string, unknown>>;
/** Every file MCP Admin and the CLI wrote in the world's config folder, as one text. */
function everyFileText(dir = world.configDir): string {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}
/** The id of the newest recorded change. */
async function newestChange(service: ReturnType<typeof admin>): Promise<string> {
  const [newest] = await service.history({ limit: 1 });
  return newest?.id ?? '';
}
/** What the stored stdio entry's command prints as `printed`, run the way Claude Code runs it (no shell). */
function runStored(entry: Record<string, unknown>, env: NodeJS.ProcessEnv = keychain.env) {
  const args = [...(entry.args as string[])];
  return spawnSync(entry.command as string, args, { env, encoding: 'utf8' });
}

describe('a stdio server kept in the keychain', () => {
  it('is stored as the launcher with the real command and the secret names, no value anywhere; the launcher gives the server its secret; the list and export show the server as written', async () => {
    const added = await admin().add({
      name: 'github',
      scope: 'user',
      command: process.execPath,
      args: ['-e', 'process.stdout.write(`${process.env.GITHUB_TOKEN}|${process.env.MODE}`)'],
      env: { GITHUB_TOKEN: TOKEN, MODE: '${MODE:-plain}' },
      secretsIn: 'keychain',
    });
    expect(added).toMatchObject({ ok: true });

    const stored = userServers().github ?? {};
    const args = stored.args as string[];
    expect(stored).toMatchObject({ command: process.execPath, env: { MODE: '${MODE:-plain}' } });
    expect(args.slice(1, 2)).toEqual(['env']);
    expect(args.slice(3)).toEqual([
      'GITHUB_TOKEN',
      '--',
      process.execPath,
      '-e',
      'process.stdout.write(`${process.env.GITHUB_TOKEN}|${process.env.MODE}`)',
    ]);
    expect(everyFileText()).not.toContain(TOKEN);

    const run = runStored(stored, { ...keychain.env, MODE: 'set' });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 0,
      stdout: `${TOKEN}|set`,
      stderr: '',
    });

    // The list shows the server as written, the secret marked as kept; reveal reads it from the keychain.
    const [listed] = (await admin().list({ name: 'github' })).servers;
    expect(listed).toMatchObject({
      command: process.execPath,
      args: ['-e', expect.any(String) as unknown],
      keychain: { env: ['GITHUB_TOKEN'], headers: [] },
    });
    expect(listed?.env?.GITHUB_TOKEN).not.toContain(TOKEN);
    const [revealed] = (await admin().list({ name: 'github', reveal: true })).servers;
    expect(revealed?.env).toEqual({ GITHUB_TOKEN: TOKEN, MODE: '${MODE:-plain}' });

    // An export is of the server as written too: the value from the keychain with reveal, else a placeholder.
    const written = {
      type: 'stdio',
      command: process.execPath,
      args: ['-e', 'process.stdout.write(`${process.env.GITHUB_TOKEN}|${process.env.MODE}`)'],
    };
    const exported = await admin().exportServers({ scope: 'user', reveal: true });
    expect(JSON.parse(exported.json)).toEqual({
      mcpServers: { github: { ...written, env: { GITHUB_TOKEN: TOKEN, MODE: '${MODE:-plain}' } } },
    });
    const portable = await admin().exportServers({ scope: 'user', placeholders: true });
    expect(JSON.parse(portable.json)).toMatchObject({
      mcpServers: { github: { ...written, env: { GITHUB_TOKEN: '${GITHUB_TOKEN}' } } },
    });
  });

  it('a check runs it through the launcher; with its item gone the launcher says on stderr which secret is missing and exits 1, and the check says so', async () => {
    const service = admin();
    await service.add({
      name: 'github',
      scope: 'user',
      command: process.execPath,
      args: [MCP_SERVER_SCRIPTS.toolsFromEnv],
      env: {
        SECRET: TOKEN,
        SECRET_SHA256: createHash('sha256').update(TOKEN).digest('hex'),
        TOOL_NAMES: 'a',
      },
      secretsIn: 'keychain',
    });
    await expect(service.check({ name: 'github', scope: 'user' })).resolves.toMatchObject({
      status: 'ok',
      tools: [{ name: 'a' }],
    });
    const stored = userServers().github ?? {};
    const account = `${(stored.args as string[])[2]}|env:SECRET`;
    keychain.clear(account);

    const run = runStored(stored);
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 1,
      stdout: '',
      stderr: 'mcp-admin keychain launcher: secret SECRET is missing from the keychain\n',
    });
    await expect(service.check({ name: 'github', scope: 'user' })).resolves.toMatchObject({
      status: 'failed',
      error: 'secret SECRET is missing from the keychain',
    });
    await expect(service.list({ name: 'github', reveal: true })).resolves.toMatchObject({
      servers: [{ env: { SECRET: KEPT_IN_KEYCHAIN } }],
    });
  });

  it('an add cut off after add-json stored it (its history unwritable) leaves an intent naming the secret by its ref, no value; restarted, it is recorded as interrupted, completed and undoable', async () => {
    const history = join(world.configDir, '.mcp-admin', 'history.jsonl');
    mkdirSync(history, { recursive: true });
    const cut = admin();
    await cut.add({
      name: 'github',
      scope: 'user',
      command: 'gh-mcp',
      env: { GITHUB_TOKEN: TOKEN },
      secretsIn: 'keychain',
    });
    await cut.close();
    rmdirSync(history);
    const stored = userServers().github ?? {};
    const intents = readdirSync(join(world.configDir, '.mcp-admin')).filter((file) =>
      file.startsWith('change-'),
    );
    expect(intents).toHaveLength(1);
    const intent = readFileSync(join(world.configDir, '.mcp-admin', intents[0] ?? ''), 'utf8');
    expect({
      holdsEntry: intent.includes(JSON.stringify(stored.args)),
      value: intent.includes(TOKEN),
    }).toEqual({
      holdsEntry: true,
      value: false,
    });

    const restarted = admin();
    await restarted.settleDisabled();
    const [change] = await restarted.history();
    expect(change).toMatchObject({
      procedure: 'mcp.add',
      name: 'github',
      interrupted: 'completed',
      undoable: true,
    });
  });
  it('an add cut off before add-json, its items stored first, is recorded at start as nothing changed and its items are deleted', async () => {
    writeFileSync(world.configPath, JSON.stringify({ mcpServers: {} }));
    const place = { name: 'github', scope: 'user', projectPath: world.projectDir, source: world.configPath };
    const launcher = { nodePath: process.execPath, launcherPath: KEYCHAIN_LAUNCHER };
    const { entry, items } = wrapEntry(
      { type: 'stdio', command: 'gh-mcp', args: [], env: { GITHUB_TOKEN: TOKEN } },
      { env: ['GITHUB_TOKEN'], headers: [] },
      newKeptRef({ ...place, configPath: world.configPath }),
      launcher,
    );
    await createSystemKeychain({ env: keychain.envFor(world) }).set(items);
    const [account = ''] = items.keys();
    expect(keychain.item(account)).toBe(TOKEN);
    // The intent of an MCP Admin killed before its add-json: its owner process has ended.
    const id = randomUUID();
    const record = { id, time: new Date().toISOString(), ok: false, message: 'Began', kind: 'entries' };
    const planned = {
      ...record,
      procedure: 'mcp.add',
      name: 'github',
      scope: 'user',
      after: { ...place, entry },
    };
    const owner = { pid: spawnSync(process.execPath, ['-e', '']).pid, startTime: 1 };
    mkdirSync(join(world.configDir, '.mcp-admin'), { recursive: true, mode: 0o700 });
    writeFileSync(
      join(world.configDir, '.mcp-admin', `change-${id}.json`),
      JSON.stringify({ version: 1, owner, record: planned }),
    );

    const restarted = admin();
    await restarted.settleDisabled();

    expect({ history: await restarted.history(), item: keychain.item(account) }).toEqual({
      history: [expect.objectContaining({ id, procedure: 'mcp.add', interrupted: 'nothing changed' })],
      item: '',
    });
  });
});

describe('an http server kept in the keychain', () => {
  it('gets a headersHelper that prints its header from the keychain through a shell, the value nowhere in the config; a check sends that header, and says when its item is missing', async () => {
    const server = await startRemoteMcpServer({ requiredAuthorization: HEADER });
    onTestFinished(() => server.stop());
    const service = admin();
    await service.add({
      name: 'remote',
      scope: 'local',
      transport: 'http',
      url: `${server.origin}/mcp`,
      headers: { Authorization: HEADER, 'X-Team': '${TEAM}' },
      secretsIn: 'keychain',
    });
    const stored = storedConfigOf(world).projects?.[world.projectDir]?.mcpServers as Record<
      string,
      Record<string, unknown>
    >;
    const remote = stored.remote ?? {};
    expect(remote).toMatchObject({ headers: { 'X-Team': '${TEAM}' } });
    expect(remote.headersHelper).toMatch(/^'.+' '.+keychain-launcher\.mjs' 'headers' '.+' 'Authorization'$/);
    expect(everyFileText()).not.toContain('kept-header');

    const printed = execFileSync('/bin/sh', ['-c', remote.headersHelper as string], {
      env: keychain.env,
      encoding: 'utf8',
    });
    expect(JSON.parse(printed)).toEqual({ Authorization: HEADER });

    await expect(service.check({ name: 'remote', scope: 'local' })).resolves.toMatchObject({ status: 'ok' });
    const account = `${/'headers' '(.+)' 'Authorization'$/.exec(remote.headersHelper as string)?.[1] ?? ''}|header:Authorization`;
    keychain.clear(account);
    await expect(service.check({ name: 'remote', scope: 'local' })).resolves.toMatchObject({
      status: 'failed',
      error: 'secret Authorization is missing from the keychain',
    });
  });
});

describe('moving secrets', () => {
  it('secretsToKeychain moves a server held in clear, undo puts it back, secretsFromKeychain moves it out again', async () => {
    const service = admin();
    await service.add({
      name: 'github',
      scope: 'user',
      command: 'npx',
      args: ['-y', 'gh'],
      env: { GITHUB_TOKEN: TOKEN },
    });
    const clear = userServers().github;

    const moved = await service.secretsToKeychain({ name: 'github', scope: 'user' });
    expect(moved).toMatchObject({ ok: true });
    expect(JSON.stringify(userServers())).not.toContain(TOKEN);
    expect((userServers().github?.args as string[]).slice(-4)).toEqual(['--', 'npx', '-y', 'gh']);
    // The move's record holds the entry it stored with the reference only (the one it replaced was in clear).
    const records = readFileSync(join(world.configDir, '.mcp-admin', 'history.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { procedure: string; after?: unknown });
    const move = records.find((record) => record.procedure === 'mcp.secretsToKeychain');
    expect(JSON.stringify(move?.after)).toContain('GITHUB_TOKEN');
    expect(JSON.stringify(move?.after)).not.toContain(TOKEN);
    await expect(service.secretsToKeychain({ name: 'github', scope: 'user' })).resolves.toEqual({
      ok: true,
      message: 'Nothing to change: the secrets of "github" are in the keychain already.',
    });

    await service.undo({ id: await newestChange(service) });
    expect(userServers().github).toEqual(clear);

    await service.secretsToKeychain({ name: 'github', scope: 'user' });
    const out = await service.secretsFromKeychain({ name: 'github', scope: 'user' });
    expect(out).toMatchObject({ ok: true });
    expect(userServers().github).toEqual(clear);
  });

  it('a move to the keychain makes the entry it replaces durable before its remove: cut off (its history unwritable), the intent holds it; restarted, the move is recorded as interrupted and completed', async () => {
    const history = join(world.configDir, '.mcp-admin', 'history.jsonl');
    const service = admin();
    await service.add({ name: 'github', scope: 'user', command: 'gh-mcp', env: { GITHUB_TOKEN: TOKEN } });
    rmSync(history);
    mkdirSync(history);

    await expect(service.secretsToKeychain({ name: 'github', scope: 'user' })).resolves.toMatchObject({
      ok: true,
    });
    await service.close();
    rmdirSync(history);
    const intents = readdirSync(join(world.configDir, '.mcp-admin')).filter((file) =>
      file.startsWith('change-'),
    );
    expect(intents).toHaveLength(1);
    const intent = JSON.parse(
      readFileSync(join(world.configDir, '.mcp-admin', intents[0] ?? ''), 'utf8'),
    ) as { record: { procedure: string; before?: { entry: { command?: string } } } };
    expect({ procedure: intent.record.procedure, before: intent.record.before?.entry.command }).toEqual({
      procedure: 'mcp.secretsToKeychain',
      before: 'gh-mcp',
    });

    const restarted = admin();
    await restarted.settleDisabled();
    const [change] = await restarted.history();
    expect(change).toMatchObject({
      procedure: 'mcp.secretsToKeychain',
      name: 'github',
      interrupted: 'completed',
      undoable: true,
    });
  });

  it('an edit of a kept server keeps its secrets in the keychain under a new reference and deletes the old items; secretsIn config puts them in clear and deletes the items; undo puts the items back', async () => {
    const service = admin();
    await service.add({
      name: 'github',
      scope: 'user',
      command: 'npx',
      env: { GITHUB_TOKEN: TOKEN },
      secretsIn: 'keychain',
    });
    const before = userServers().github?.args as string[];

    await service.update({ name: 'github', scope: 'user', server: { args: ['-y', 'gh@2'] } });
    const kept = userServers().github;
    const after = kept?.args as string[];
    expect(after.slice(3)).toEqual(['GITHUB_TOKEN', '--', 'npx', '-y', 'gh@2']);
    expect(after[2]).not.toBe(before[2]);
    expect(keychain.item(`${before[2]}|env:GITHUB_TOKEN`)).toBe('');
    const [revealed] = (await service.list({ name: 'github', reveal: true })).servers;
    expect(revealed?.env).toEqual({ GITHUB_TOKEN: TOKEN });

    const account = `${after[2]}|env:GITHUB_TOKEN`;
    await service.update({ name: 'github', scope: 'user', server: {}, secretsIn: 'config' });
    expect({ item: keychain.item(account), entry: userServers().github }).toEqual({
      item: '',
      entry: { type: 'stdio', command: 'npx', args: ['-y', 'gh@2'], env: { GITHUB_TOKEN: TOKEN } },
    });
    await service.undo({ id: await newestChange(service) });
    expect({ item: keychain.item(account), entry: userServers().github }).toEqual({
      item: TOKEN,
      entry: kept,
    });
  });

  it("moving a signed-in http server's header to the keychain says Claude Code forgot the sign-in: the move removes it and adds it back, its token key is over the headers", async () => {
    const url = 'https://guarded.example.test/mcp';
    const service = admin();
    await service.add({
      name: 'guarded',
      scope: 'user',
      transport: 'http',
      url,
      headers: { Authorization: HEADER },
    });
    const signedIn = credentialKey({
      name: 'guarded',
      transport: 'http',
      url,
      headers: { Authorization: HEADER },
    });
    writeFileSync(
      join(world.configDir, '.credentials.json'),
      JSON.stringify({ mcpOAuth: { [signedIn]: { serverName: 'guarded', accessToken: 'a1' } } }),
    );

    const moved = await service.secretsToKeychain({ name: 'guarded', scope: 'user' });
    expect(moved.warning).toBe(
      'Claude Code forgot the sign-in of "guarded" when the move removed it and added it back: sign in again.',
    );
  });
});

describe('a change that takes a kept server away', () => {
  const itemOf = (account: string) => keychain.item(account);
  const accountOf = (name: string) => `${(userServers()[name]?.args as string[])[2]}|env:GITHUB_TOKEN`;
  const printsToken = {
    command: process.execPath,
    args: ['-e', 'process.stdout.write(String(process.env.GITHUB_TOKEN))'],
    env: { GITHUB_TOKEN: TOKEN },
    secretsIn: 'keychain' as const,
  };

  it('remove copies the items under the change while the entry is stored and deletes them once it is gone, so the old entry run again gets no secret; undo puts them back and it runs; the copies go when the history drops the remove, another server keeps its items', async () => {
    // The keychain's copies and deletes, each with whether .claude.json still held "github" then.
    const calls: string[] = [];
    const real = createSystemKeychain({ env: keychain.envFor(world) });
    const stored = () => (userServers().github === undefined ? 'gone' : 'stored');
    const watched: Keychain = {
      ...real,
      copy: (pairs) => (calls.push(`copy while ${stored()}`), real.copy(pairs)),
      delete: (accounts) => (calls.push(`delete while ${stored()}`), real.delete(accounts)),
    };
    const service = adminInWorld(world, undefined, undefined, {
      spawnEnv: keychain.envFor(world),
      keychain: watched,
    });
    await service.add({ name: 'github', scope: 'user', ...printsToken });
    await service.add({
      name: 'gitlab',
      scope: 'user',
      command: 'npx',
      env: { GITHUB_TOKEN: TOKEN },
      secretsIn: 'keychain',
    });
    const old = userServers().github ?? {};
    const [github, gitlab] = [accountOf('github'), accountOf('gitlab')];

    await service.remove({ name: 'github', scope: 'user' });
    const removal = await newestChange(service);
    expect(calls).toEqual(['copy while stored', 'delete while gone']);
    expect({ live: itemOf(github), held: itemOf(`change ${removal}|${github}`) }).toEqual({
      live: '',
      held: TOKEN,
    });
    expect(everyFileText()).not.toContain(TOKEN);
    // The old entry added back as it was (a backup, by hand) runs without the secret, and says so.
    const run = runStored(old);
    expect({ status: run.status, stderr: run.stderr }).toEqual({
      status: 1,
      stderr: 'mcp-admin keychain launcher: secret GITHUB_TOKEN is missing from the keychain\n',
    });

    await service.undo({ id: removal });
    expect(userServers().github).toEqual(old);
    expect(runStored(old).stdout).toBe(TOKEN);

    // Removed again, then two changes through a history that rotates at every append: the remove is dropped.
    await service.remove({ name: 'github', scope: 'user' });
    const again = await newestChange(service);
    const capped = adminInWorld(world, undefined, undefined, {
      spawnEnv: keychain.envFor(world),
      historyRotateBytes: 1,
    });
    await capped.add({ name: 'plain-a', scope: 'user', command: 'npx' });
    expect(itemOf(`change ${again}|${github}`)).toBe(TOKEN);
    await capped.add({ name: 'plain-b', scope: 'user', command: 'npx' });
    expect({ held: itemOf(`change ${again}|${github}`), gitlab: itemOf(gitlab) }).toEqual({
      held: '',
      gitlab: TOKEN,
    });
    await expect(capped.undo({ id: again })).rejects.toThrow(`id "${again}" names no change in the history`);
  });

  it('a switched-off server has its secrets moved out of and into the keychain in the stash; removing it from the stash deletes its items, and undo puts them back with the stashed entry', async () => {
    const service = admin();
    await service.add({ name: 'github', scope: 'user', ...printsToken });
    const account = accountOf('github');
    await service.disable({ name: 'github', scope: 'user' });
    const stash = join(world.configDir, '.mcp-admin', 'disabled.json');
    const stashed = () =>
      (
        JSON.parse(readFileSync(stash, 'utf8')) as {
          servers: { name: string; entry: Record<string, unknown> }[];
        }
      ).servers.find(({ name }) => name === 'github')?.entry;
    const kept = stashed();

    // Moved in the stash, where the switched-off entry is: out in clear (its item deleted), then back in.
    await service.secretsFromKeychain({ name: 'github', scope: 'user' });
    expect({ env: stashed()?.env, item: itemOf(account) }).toEqual({
      env: { GITHUB_TOKEN: TOKEN },
      item: '',
    });
    await service.secretsToKeychain({ name: 'github', scope: 'user' });
    expect(readFileSync(stash, 'utf8')).not.toContain(TOKEN);
    const newAccount = `${(stashed()?.args as string[])[2]}|env:GITHUB_TOKEN`;
    expect({ item: itemOf(newAccount), config: userServers().github }).toEqual({
      item: TOKEN,
      config: undefined,
    });
    await service.undo({ id: await newestChange(service) });
    await service.undo({ id: (await service.history({ limit: 3 }))[2]?.id ?? '' });
    expect({ entry: stashed(), item: itemOf(account) }).toEqual({ entry: kept, item: TOKEN });

    await service.remove({ name: 'github', scope: 'user', source: stash });
    expect({ entry: stashed(), item: itemOf(account) }).toEqual({ entry: undefined, item: '' });
    await service.undo({ id: await newestChange(service) });
    expect({ entry: stashed(), item: itemOf(account) }).toEqual({ entry: kept, item: TOKEN });
  });

  it('an import that replaces a kept server deletes its items; with the copy the change held gone too, its undo is refused naming the secret, and nothing changes', async () => {
    const service = admin();
    await service.add({ name: 'github', scope: 'user', ...printsToken });
    const account = accountOf('github');

    const [imported] = await service.importServers({
      json: JSON.stringify({ mcpServers: { github: { command: 'npx' } } }),
      scope: 'user',
      replace: ['github'],
    });
    expect(imported).toMatchObject({ outcome: 'added' });
    const replacement = await newestChange(service);
    expect({ item: itemOf(account), held: itemOf(`change ${replacement}|${account}`) }).toEqual({
      item: '',
      held: TOKEN,
    });

    keychain.clear(`change ${replacement}|${account}`);
    const files = everyFileText();
    await expect(service.undo({ id: replacement })).rejects.toMatchObject({
      code: 'KEYCHAIN_UNAVAILABLE',
      message: 'Cannot undo: secret GITHUB_TOKEN is missing from the keychain',
    });
    expect({ files: everyFileText(), item: itemOf(account) }).toEqual({ files, item: '' });
  });
});

describe('refusals: nothing changes', () => {
  it('refuses the keychain for project scope with a 400 naming secretsIn, spawning nothing', async () => {
    const service = admin();
    const parse = service.add({
      name: 'shared',
      scope: 'project',
      command: 'npx',
      env: { T: 'x' },
      secretsIn: 'keychain',
    });
    await expect(parse).rejects.toBeInstanceOf(ZodError);
    await expect(parse).rejects.toThrow(/secretsIn[\s\S]*the keychain is for user and local scope only/);
    await expect(service.secretsToKeychain({ name: 'shared', scope: 'project' })).rejects.toThrow(
      /user and local scope only/,
    );
  });

  it('refuses an add without a keychain, and a move to or from a locked one, and a move out of an item that is missing, leaving every file as it was', async () => {
    const noBus = admin({
      ...keychain.envFor(world),
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
    });
    await expect(
      noBus.add({
        name: 'github',
        scope: 'user',
        command: 'npx',
        env: { GITHUB_TOKEN: TOKEN },
        secretsIn: 'keychain',
      }),
    ).rejects.toMatchObject({
      code: 'KEYCHAIN_UNAVAILABLE',
      message: expect.stringContaining('could not store a secret') as unknown,
    });
    expect(everyFileText()).toBe('');
    expect((await noBus.info()).keychain).toMatchObject({ available: false, backend: 'Secret Service' });

    const service = admin();
    await service.add({ name: 'clear', scope: 'user', command: 'npx', env: { GITHUB_TOKEN: TOKEN } });
    await service.add({
      name: 'kept',
      scope: 'user',
      command: 'npx',
      env: { GITHUB_TOKEN: TOKEN },
      secretsIn: 'keychain',
    });
    const files = everyFileText();
    keychain.lock();
    try {
      await expect(service.secretsToKeychain({ name: 'clear', scope: 'user' })).rejects.toThrow(
        /the keychain is locked/,
      );
      await expect(service.secretsFromKeychain({ name: 'kept', scope: 'user' })).rejects.toThrow(
        /the keychain is locked/,
      );
    } finally {
      keychain.unlock();
    }
    expect(everyFileText()).toBe(files);

    const account = `${(userServers().kept?.args as string[])[2]}|env:GITHUB_TOKEN`;
    keychain.clear(account);
    await expect(service.secretsFromKeychain({ name: 'kept', scope: 'user' })).rejects.toMatchObject({
      code: 'KEYCHAIN_UNAVAILABLE',
      message: 'secret GITHUB_TOKEN is missing from the keychain',
    });
    expect(everyFileText()).toBe(files);
  });
});
