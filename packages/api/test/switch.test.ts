/**
 * `mcp.disable`, `mcp.enable` and `mcp.resetChoices` through `createCaller`: how each refusal of
 * the switch reaches a client (the core's tests cover what the switch does).
 */
import { runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { apiErrorOf, callerFor, useTestWorld } from './support';

describe('the switch procedures', () => {
  it('answer BAD_REQUEST for bad input and a server not there, CONFLICT for one re-added, INTERNAL_SERVER_ERROR for a corrupt stash', async () => {
    const world = useTestWorld();
    const api = callerFor(world);
    await runCliAsAnotherTerminal(world, world.projectDir, [
      'mcp',
      'add',
      '--scope',
      'user',
      'web',
      '--',
      'node',
    ]);
    const stash = join(world.configDir, '.mcp-admin', 'disabled.json');
    mkdirSync(join(world.configDir, '.mcp-admin'));
    // As a disable leaves it: the same name has been added again since.
    const entry = { type: 'stdio', command: 'node', args: ['old.js'], env: {} };
    writeFileSync(
      stash,
      JSON.stringify({
        version: 1,
        servers: [{ scope: 'user', name: 'web', entry, disabledAt: '2026-01-01T00:00:00.000Z' }],
      }),
    );

    const errors = {
      managedScope: await apiErrorOf(api.mcp.disable({ name: 'web', scope: 'managed' as 'user' })),
      notThere: await apiErrorOf(api.mcp.disable({ name: 'nope', scope: 'user' })),
      notDisabled: await apiErrorOf(api.mcp.enable({ name: 'web', scope: 'local' })),
      reAdded: await apiErrorOf(api.mcp.enable({ name: 'web', scope: 'user' })),
      badProject: await apiErrorOf(api.mcp.resetChoices({ projectPath: 'relative' })),
    };
    writeFileSync(stash, 'not json');
    const corrupt = await apiErrorOf(api.mcp.disable({ name: 'web', scope: 'user' }));

    expect({ ...errors, corrupt }).toEqual({
      managedScope: {
        code: 'BAD_REQUEST',
        message: 'scope: scope must be one of user, local, project',
        coreCode: undefined,
      },
      notThere: {
        code: 'BAD_REQUEST',
        message: 'name: no user-scope server "nope" to disable',
        coreCode: 'INVALID_INPUT',
      },
      notDisabled: {
        code: 'BAD_REQUEST',
        message: `name: "web" is not disabled in local scope of ${world.projectDir} (${stash} does not keep it)`,
        coreCode: 'INVALID_INPUT',
      },
      reAdded: {
        code: 'CONFLICT',
        message: `A user-scope server "web" was added to ${world.configPath} since this one was disabled; the disabled entry stays in ${stash}. Remove that server to enable this one.`,
        coreCode: 'CHANGED_SINCE',
      },
      badProject: {
        code: 'BAD_REQUEST',
        message: 'projectPath: projectPath must be an absolute path',
        coreCode: undefined,
      },
      corrupt: {
        code: 'INTERNAL_SERVER_ERROR',
        message: expect.stringMatching(
          new RegExp(
            `^${stash.replaceAll('.', '\\.')} is not valid JSON: .* at line \\d+, column \\d+: MCP Admin cannot tell which servers it turned off\\.$`,
          ),
        ) as unknown,
        coreCode: 'CONFIG_UNREADABLE',
      },
    });
  });

  it('refuses a switch while a managed-mcp.json is in control as CONFLICT, before anything is written', async () => {
    const world = useTestWorld();
    const api = callerFor(world);
    mkdirSync(world.managedDir);
    const managed = join(world.managedDir, 'managed-mcp.json');
    writeFileSync(managed, '{"mcpServers": {}}');

    const refused = {
      code: 'CONFLICT',
      message: `${managed} has exclusive control over MCP servers: Claude Code loads only its servers, so none can be added or removed here.`,
      coreCode: 'MANAGED_CONFIG',
    };
    expect({
      disable: await apiErrorOf(api.mcp.disable({ name: 'web', scope: 'project' })),
      enable: await apiErrorOf(api.mcp.enable({ name: 'web', scope: 'user' })),
      resetChoices: await apiErrorOf(api.mcp.resetChoices({})),
      written:
        existsSync(join(world.configDir, '.mcp-admin', 'disabled.json')) ||
        existsSync(join(world.projectDir, '.claude')),
    }).toEqual({ disable: refused, enable: refused, resetChoices: refused, written: false });
  });

  it('answers CONFLICT naming the link for a settings.local.json linked out of the project, and the file that rejects a server for its enable', async () => {
    const world = useTestWorld();
    const api = callerFor(world);
    await runCliAsAnotherTerminal(world, world.projectDir, [
      'mcp',
      'add',
      '--scope',
      'project',
      'files',
      '--',
      'node',
    ]);
    const claudeDir = join(world.projectDir, '.claude');
    const local = join(claudeDir, 'settings.local.json');
    const secret = join(world.plainDir, 'docker-config.json');
    writeFileSync(secret, '{"auths": {}}');
    mkdirSync(claudeDir);
    symlinkSync(secret, local);
    const linked = await apiErrorOf(api.mcp.disable({ name: 'files', scope: 'project' }));
    rmSync(local);
    const team = join(claudeDir, 'settings.json');
    writeFileSync(team, '{"disabledMcpjsonServers": ["files"]}');

    expect({
      linked,
      rejected: await apiErrorOf(api.mcp.enable({ name: 'files', scope: 'project' })),
      written: existsSync(local),
    }).toEqual({
      linked: {
        code: 'CONFLICT',
        message: `${local} is a symbolic link (to ${secret}): MCP Admin neither reads nor writes a project's settings through a link, which would copy what it leads to into the project; nothing was written.`,
        coreCode: 'LINKED_FILE',
      },
      rejected: {
        code: 'CONFLICT',
        message: `"files" is in disabledMcpjsonServers of ${team}, and a rejection wins in Claude Code: enabling it in ${local} would change nothing. Take it out of that list to enable it; nothing was written.`,
        coreCode: 'REJECTED_ELSEWHERE',
      },
      written: false,
    });
  });
});
