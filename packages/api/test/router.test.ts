/**
 * The router through `createCaller`, for what no other layer shows: a remove without a scope
 * maps the core's NOT_FOUND and AMBIGUOUS to NOT_FOUND and CONFLICT, and a change under a managed
 * config is a CONFLICT too; an undo of a server changed since is a CONFLICT, an unusable history a 500.
 */
import { runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import {
  apiErrorOf,
  callerFor,
  gatedCliAdmin,
  snapshotFiles,
  spawnedArgv,
  useTestWorld,
  worldFiles,
} from './support';

describe('mcp router', () => {
  it('reports an unknown name as NOT_FOUND and a name in several scopes as CONFLICT', async () => {
    const world = useTestWorld();
    const api = callerFor(world);
    await api.mcp.add({ name: 'twice', scope: 'user', command: 'node' });
    await api.mcp.add({ name: 'twice', scope: 'local', command: 'node' });

    await expect(apiErrorOf(api.mcp.remove({ name: 'nope' }))).resolves.toEqual({
      code: 'NOT_FOUND',
      message: 'No MCP server named "nope" in local, project or user scope.',
      coreCode: 'NOT_FOUND',
    });
    await expect(apiErrorOf(api.mcp.remove({ name: 'twice' }))).resolves.toEqual({
      code: 'CONFLICT',
      message: 'MCP server "twice" exists in several scopes (local, user); give the scope to remove it from.',
      coreCode: 'AMBIGUOUS',
    });
  });

  it('refuses a change while the managed folder holds a managed-mcp.json as CONFLICT, naming the file', async () => {
    const world = useTestWorld();
    const api = callerFor(world);
    mkdirSync(world.managedDir);
    const managed = join(world.managedDir, 'managed-mcp.json');
    writeFileSync(managed, '{"mcpServers": {}}');

    await expect(apiErrorOf(api.mcp.add({ name: 'web', scope: 'user', command: 'node' }))).resolves.toEqual({
      code: 'CONFLICT',
      message: `${managed} has exclusive control over MCP servers: Claude Code loads only its servers, so none can be added or removed here.`,
      coreCode: 'MANAGED_CONFIG',
    });
    expect((await api.system.info()).managed).toEqual({ path: managed, exclusive: true });
  });

  it('maps update, undo and history errors: NOT_FOUND, BAD_REQUEST (also for a read-only scope), CONFLICT for a server changed since, 500 for an unusable history', async () => {
    const world = useTestWorld();
    const api = callerFor(world);
    await api.mcp.add({ name: 'files', scope: 'user', command: 'node' });
    const [addition] = await api.mcp.history({});
    await runCliAsAnotherTerminal(world, world.projectDir, ['mcp', 'remove', '--scope', 'user', 'files']);

    await expect(
      apiErrorOf(api.mcp.update({ name: 'files', scope: 'user', server: { args: ['x'] } })),
    ).resolves.toEqual({
      code: 'NOT_FOUND',
      message: `No MCP server named "files" in user scope (${world.configPath}).`,
      coreCode: 'NOT_FOUND',
    });
    await expect(
      apiErrorOf(api.mcp.update({ name: 'files', scope: 'user', server: { name: '-x' } })),
    ).resolves.toEqual({
      code: 'BAD_REQUEST',
      message: 'server.name: name may not start with "-"',
      coreCode: undefined,
    });
    await expect(
      apiErrorOf(api.mcp.update({ name: 'company', scope: 'managed' as 'user', server: { args: [] } })),
    ).resolves.toEqual({
      code: 'BAD_REQUEST',
      message: 'scope: scope must be one of user, local, project',
      coreCode: undefined,
    });
    await expect(apiErrorOf(api.mcp.undo({ id: 'nope' }))).resolves.toEqual({
      code: 'BAD_REQUEST',
      message: 'id "nope" names no change in the history',
      coreCode: 'INVALID_INPUT',
    });
    await expect(apiErrorOf(api.mcp.undo({ id: addition?.id ?? '' }))).resolves.toEqual({
      code: 'CONFLICT',
      message: `Cannot undo: "files" in user scope (${world.configPath}) was removed since.`,
      coreCode: 'CHANGED_SINCE',
    });

    // A line that is not a record is skipped; a history that is not a regular file cannot be read at all.
    const history = join(world.configDir, '.mcp-admin', 'history.jsonl');
    rmSync(history);
    mkdirSync(history);
    await expect(apiErrorOf(api.mcp.history({}))).resolves.toEqual({
      code: 'INTERNAL_SERVER_ERROR',
      message: `Cannot read ${history}: it is not a regular file`,
      coreCode: 'CONFIG_UNREADABLE',
    });
  });

  it('refuses every procedure that changes something or starts a process when another origin asked, before parsing or spawning', async () => {
    const world = useTestWorld();
    writeFileSync(
      world.configPath,
      JSON.stringify({ mcpServers: { web: { type: 'http', url: 'http://127.0.0.1:9/mcp' } } }),
    );
    const { admin, cliLog } = gatedCliAdmin(world);
    const api = callerFor(world, { admin, fromOtherOrigin: true });
    const before = snapshotFiles(worldFiles(world));
    const server = { name: 'web', scope: 'user' } as const;
    const calls = {
      add: () => api.mcp.add({ name: 'x', scope: 'user', command: 'node' }),
      remove: () => api.mcp.remove(server),
      update: () => api.mcp.update({ ...server, server: { url: 'http://127.0.0.1:8/mcp' } }),
      undo: () => api.mcp.undo({ id: 'none' }),
      disable: () => api.mcp.disable(server),
      enable: () => api.mcp.enable(server),
      disableInProject: () => api.mcp.disableInProject({ name: 'web' }),
      enableInProject: () => api.mcp.enableInProject({ name: 'web' }),
      resetChoices: () => api.mcp.resetChoices(),
      check: () => api.mcp.check(server),
      checkAll: () => api.mcp.checkAll(),
      login: () => api.mcp.login({ name: 'web' }),
      loginPaste: () => api.mcp.loginPaste({ loginId: 'none', redirectUrl: 'http://localhost:1/callback' }),
      logout: () => api.mcp.logout(server),
      import: () => api.mcp.import({ json: '{}', scope: 'user' }),
      saveProfile: () => api.mcp.saveProfile({ name: 'work' }),
      deleteProfile: () => api.mcp.deleteProfile({ name: 'work' }),
      applyProfile: () => api.mcp.applyProfile({ name: 'work' }),
      setPermission: () => api.mcp.setPermission({ server: 'web', kind: 'deny', file: 'user' }),
    };

    for (const [procedure, call] of Object.entries(calls)) {
      await expect(apiErrorOf(call()).then((error) => ({ procedure, ...error }))).resolves.toEqual({
        procedure,
        code: 'FORBIDDEN',
        message: 'requests from another origin may not change anything',
        coreCode: undefined,
      });
    }
    // What only reads is answered.
    await expect(api.mcp.list()).resolves.toMatchObject({ servers: [{ name: 'web' }] });
    expect(spawnedArgv(cliLog)).toEqual([]);
    expect(snapshotFiles(worldFiles(world))).toEqual(before);
    expect(existsSync(join(world.configDir, '.mcp-admin', 'profiles.json'))).toBe(false);
  });
});
