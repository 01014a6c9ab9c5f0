/** What the switch refuses, and with which error, leaving every file as it was. */
import { createTestWorld, FAKE_CLAUDE, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { addJsonArgv } from '../../src/cli/argv';
import { McpCoreError } from '../../src/errors';
import { adminInWorld, fixture } from '../support/world-admin';
import { makeReadOnly } from './read-only-dir';

let world: TestWorld;
// Our code is the subject: the fake CLI (core/cli/fake-claude-contract.test.ts) stores what the real one would.
beforeEach(() => {
  world = createTestWorld({ claudeBin: FAKE_CLAUDE });
});
afterEach(() => {
  world.remove();
});

const stashPath = () => join(world.configDir, '.mcp-admin', 'disabled.json');
/** Every field add-json keeps, and secrets in headers and env. */
const WEB = {
  type: 'http',
  url: 'https://example.test/mcp',
  headers: { Authorization: 'Bearer s3cret' },
  headersHelper: '/usr/local/bin/mcp-headers',
  oauth: { clientId: 'mcp-admin', callbackPort: 8765, scopes: 'read' },
  timeout: 20_000,
  alwaysLoad: true,
};
const FILES = { type: 'stdio', command: 'node', args: ['server.js', '--root=/tmp'], env: { API_KEY: 'k3y' } };

function seed(
  scope: 'user' | 'local' | 'project',
  name: string,
  entry: Record<string, unknown>,
  cwd = world.projectDir,
) {
  return runCliAsAnotherTerminal(world, cwd, addJsonArgv(name, scope, entry));
}

/** The CLI log of the argv-logging fixture: absent when nothing was spawned. */
const cliLog = () => join(world.plainDir, 'cli.log');
const loggingAdmin = () => adminInWorld(world, fixture('start-end-logging-claude.sh'), { CLI_LOG: cliLog() });

describe('refusals', () => {
  it('refuses, before any spawn and with every file unchanged, a server not there, one not disabled and bad input', async () => {
    await seed('user', 'web', WEB);
    await seed('project', 'files', FILES);
    const configBytes = readFileSync(world.configPath);
    const admin = loggingAdmin();

    const refusals = await Promise.all(
      [
        admin.disable({ name: 'nope', scope: 'user' }),
        admin.disable({ name: 'web', scope: 'local' }),
        admin.enable({ name: 'web', scope: 'user' }),
        admin.disable({ name: 'nope', scope: 'project' }),
      ].map((call) => call.catch((error: unknown) => error)),
    );
    expect(refusals).toEqual([
      new McpCoreError('INVALID_INPUT', 'name: no user-scope server "nope" to disable'),
      new McpCoreError('INVALID_INPUT', 'name: no local-scope server "web" to disable'),
      new McpCoreError(
        'INVALID_INPUT',
        `name: "web" is not disabled in user scope (${stashPath()} does not keep it)`,
      ),
      new McpCoreError(
        'INVALID_INPUT',
        `name: no project-scope server "nope" in the .mcp.json files Claude Code reads for ${world.projectDir}`,
      ),
    ]);
    for (const input of [
      { name: 'web', scope: 'managed' },
      { name: '-web', scope: 'user' },
      { name: 'web', scope: 'user', source: world.configPath },
    ]) {
      await expect(admin.disable(input as never)).rejects.toBeInstanceOf(ZodError);
    }
    expect({
      spawned: existsSync(cliLog()),
      config: readFileSync(world.configPath).equals(configBytes),
      stash: existsSync(stashPath()),
      settings: existsSync(join(world.projectDir, '.claude')),
    }).toEqual({ spawned: false, config: true, stash: false, settings: false });
  });

  it('refuses to disable, before any spawn, an entry add-json could not add back whole', async () => {
    // Written by hand: a field add-json drops, and a name the CLI cannot add.
    writeFileSync(
      world.configPath,
      JSON.stringify({
        mcpServers: { odd: { command: 'node', note: 'mine' }, toString: { command: 'node' } },
      }),
    );
    const configBytes = readFileSync(world.configPath);
    const admin = loggingAdmin();
    await expect(admin.disable({ name: 'odd', scope: 'user' })).rejects.toEqual(
      new McpCoreError(
        'INVALID_INPUT',
        'name: "odd" cannot be disabled without losing part of it, since add-json could not add it back as stored (unknown field note: Claude Code would not keep it)',
      ),
    );
    await expect(admin.disable({ name: 'toString', scope: 'user' })).rejects.toEqual(
      new McpCoreError(
        'INVALID_INPUT',
        'name: "toString" cannot be disabled without losing part of it, since add-json could not add it back as stored (name: name "toString" is reserved: Claude Code cannot add a server of that name)',
      ),
    );
    expect({
      spawned: existsSync(cliLog()),
      config: readFileSync(world.configPath).equals(configBytes),
      stash: existsSync(stashPath()),
    }).toEqual({ spawned: false, config: true, stash: false });
  });

  it('refuses disable and enable with CONFIG_UNREADABLE naming a corrupt stash, while the list reports it as a problem', async () => {
    await seed('user', 'web', WEB);
    mkdirSync(join(world.configDir, '.mcp-admin'), { mode: 0o700 });
    writeFileSync(stashPath(), '{"version": 1, "servers": [');
    const configBytes = readFileSync(world.configPath);
    const warnings: string[] = [];
    const admin = adminInWorld(
      world,
      fixture('start-end-logging-claude.sh'),
      { CLI_LOG: cliLog() },
      { logWarning: (message) => warnings.push(message) },
    );
    const corrupt = new McpCoreError(
      'CONFIG_UNREADABLE',
      `${stashPath()} is not valid JSON: Unexpected end of JSON input at line 1, column 28: MCP Admin cannot tell which servers it turned off.`,
    );

    // On start it is only a warning: the rest of the product works without the stash.
    await admin.settleDisabled();
    await expect(admin.disable({ name: 'web', scope: 'user' })).rejects.toEqual(corrupt);
    await expect(admin.enable({ name: 'web', scope: 'user' })).rejects.toEqual(corrupt);
    const { servers, problems } = await admin.list();
    expect({
      servers: servers.map(({ name, status }) => ({ name, status })),
      problems,
      warnings,
      spawned: existsSync(cliLog()),
      config: readFileSync(world.configPath).equals(configBytes),
    }).toEqual({
      servers: [{ name: 'web', status: 'active' }],
      problems: [{ file: stashPath(), message: corrupt.message }],
      warnings: [`The disabled servers could not be settled: ${corrupt.message}`],
      spawned: false,
      config: true,
    });
  });

  it('refuses to disable when .mcp-admin/ is read-only: neither its intent nor the stash can be written, so nothing is removed', async () => {
    await seed('user', 'web', WEB);
    const dir = join(world.configDir, '.mcp-admin');
    mkdirSync(dir, { mode: 0o700 });
    const configBytes = readFileSync(world.configPath);
    const restore = makeReadOnly(dir);
    try {
      const error = await loggingAdmin()
        .disable({ name: 'web', scope: 'user' })
        .catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(McpCoreError);
      expect({ code: (error as McpCoreError).code, message: (error as McpCoreError).message }).toEqual({
        code: 'WRITE_FAILED',
        // Its intent is the first file a disable writes, before the stash (issue 42).
        message: expect.stringMatching(
          new RegExp(
            `^Cannot write ${dir}/change-[0-9a-f-]{36}\\.json, where the change is recorded before its first step \\(E(ACCES|PERM): `,
          ),
        ) as unknown,
      });
    } finally {
      restore();
    }
    expect({
      spawned: existsSync(cliLog()),
      config: readFileSync(world.configPath).equals(configBytes),
      stash: existsSync(stashPath()),
    }).toEqual({
      spawned: false,
      config: true,
      stash: false,
    });
  });
});
