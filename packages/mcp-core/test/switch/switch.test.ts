/** `mcp.disable` / `mcp.enable` / `mcp.resetChoices` against the real CLI (see src/switch). */
import { createTestWorld, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { addJsonArgv } from '../../src/cli/argv';
import { REDACTED } from '../../src/config';
import { McpCoreError } from '../../src/errors';
import { adminInWorld, fixture, storedConfigOf } from '../support/world-admin';
import { cliStatusLine } from '../support/cli-view';
import { makeReadOnly } from './read-only-dir';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

const stashPath = () => join(world.configDir, '.mcp-admin', 'disabled.json');
const stash = () => JSON.parse(readFileSync(stashPath(), 'utf8')) as { version: number; servers: unknown[] };
const localSettings = (dir = world.projectDir) => join(dir, '.claude', 'settings.local.json');
const anyTime: unknown = expect.any(String);

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

describe('disable and enable in user and local scope', () => {
  it('stashes the whole entry (mode 0600) before removing it, lists it as disabled, and adds it back identical', async () => {
    await seed('user', 'web', WEB);
    await seed('local', 'files', FILES, world.nestedDir);
    const before = storedConfigOf(world);
    const admin = adminInWorld(world);

    await expect(admin.disable({ name: 'web', scope: 'user' })).resolves.toEqual({
      ok: true,
      message: `Removed MCP server web from user config\nFile modified: ${world.configPath}\nIts whole entry is kept in ${stashPath()} until it is enabled.`,
    });
    await expect(
      admin.disable({ name: 'files', scope: 'local', projectPath: world.nestedDir }),
    ).resolves.toEqual({
      ok: true,
      message: `Removed MCP server files from local config\nFile modified: ${world.configPath} [project: ${world.projectDir}]\nIts whole entry is kept in ${stashPath()} until it is enabled.`,
    });

    expect(storedConfigOf(world).mcpServers).toEqual({});
    expect(storedConfigOf(world).projects?.[world.projectDir]?.mcpServers).toEqual({});
    expect(stash()).toEqual({
      version: 1,
      servers: [
        { scope: 'user', name: 'web', entry: WEB, disabledAt: anyTime },
        { scope: 'local', project: world.projectDir, name: 'files', entry: FILES, disabledAt: anyTime },
      ],
    });
    expect({
      file: statSync(stashPath()).mode & 0o777,
      dir: statSync(join(world.configDir, '.mcp-admin')).mode & 0o777,
      // No temporary file of the atomic writes is left behind.
      files: readdirSync(join(world.configDir, '.mcp-admin')).sort(),
    }).toEqual({ file: 0o600, dir: 0o700, files: ['audit.jsonl', 'disabled.json', 'history.jsonl'] });
    const disabledReason = (name: string) =>
      `"${name}" is turned off in MCP Admin: its whole entry is kept in ${stashPath()} until it is enabled again.`;
    await expect(admin.list()).resolves.toEqual({
      configPath: world.configPath,
      projectPath: world.projectDir,
      servers: [
        {
          name: 'files',
          scope: 'local',
          transport: 'stdio',
          source: stashPath(),
          command: 'node',
          args: FILES.args,
          env: { API_KEY: REDACTED },
          status: 'disabled',
          statusReason: disabledReason('files'),
          disabled: true,
        },
        {
          name: 'web',
          scope: 'user',
          transport: 'http',
          source: stashPath(),
          url: WEB.url,
          headers: { Authorization: REDACTED },
          extra: {
            headersHelper: WEB.headersHelper,
            oauth: WEB.oauth,
            timeout: WEB.timeout,
            alwaysLoad: true,
          },
          status: 'disabled',
          statusReason: disabledReason('web'),
          disabled: true,
        },
      ],
      problems: [],
    });
    // Local scope belongs to its project: another project lists only the user-scope one.
    expect((await admin.list({ projectPath: world.plainDir })).servers.map(({ name }) => name)).toEqual([
      'web',
    ]);

    await expect(admin.enable({ name: 'web', scope: 'user' })).resolves.toEqual({
      ok: true,
      message: `Added http MCP server web to user config`,
    });
    await expect(
      admin.enable({ name: 'files', scope: 'local', projectPath: world.nestedDir }),
    ).resolves.toEqual({
      ok: true,
      message: `Added stdio MCP server files to local config`,
    });
    expect(storedConfigOf(world).mcpServers).toEqual(before.mcpServers);
    expect(storedConfigOf(world).projects?.[world.projectDir]?.mcpServers).toEqual(
      before.projects?.[world.projectDir]?.mcpServers,
    );
    expect(stash()).toEqual({ version: 1, servers: [] });
    // The secrets went through the stash and add-json, never into the audit log.
    const audit = readFileSync(join(world.configDir, '.mcp-admin', 'audit.jsonl'), 'utf8');
    expect({
      procedures: audit
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { procedure: string }).procedure),
      secrets: ['s3cret', 'k3y'].filter((secret) => audit.includes(secret)),
    }).toEqual({ procedures: ['mcp.disable', 'mcp.disable', 'mcp.enable', 'mcp.enable'], secrets: [] });
  });

  it('lets the stash go again when the CLI fails to remove, so the server is only where it still is', async () => {
    await seed('user', 'web', WEB);
    const configBytes = readFileSync(world.configPath);
    await expect(adminInWorld(world, '/bin/false').disable({ name: 'web', scope: 'user' })).rejects.toEqual(
      new McpCoreError('CLI_FAILED', 'The Claude CLI failed with exit code 1 and printed nothing.'),
    );
    expect({ config: readFileSync(world.configPath).equals(configBytes), stash: stash() }).toEqual({
      config: true,
      stash: { version: 1, servers: [] },
    });
  });

  it('refuses to enable over a server of the same name added since, or to disable that one (409), and keeps the disabled one', async () => {
    await seed('user', 'web', WEB);
    const admin = adminInWorld(world);
    await admin.disable({ name: 'web', scope: 'user' });
    await seed('user', 'web', { type: 'http', url: 'https://other.test/mcp' });
    const configBytes = readFileSync(world.configPath);

    await expect(admin.enable({ name: 'web', scope: 'user' })).rejects.toEqual(
      new McpCoreError(
        'CHANGED_SINCE',
        `A user-scope server "web" was added to ${world.configPath} since this one was disabled; the disabled entry stays in ${stashPath()}. Remove that server to enable this one.`,
      ),
    );
    // Disabling the new one would overwrite the disabled one in the stash.
    await expect(admin.disable({ name: 'web', scope: 'user' })).rejects.toEqual(
      new McpCoreError(
        'CHANGED_SINCE',
        `${stashPath()} already keeps a different disabled user-scope "web", which disabling this one would replace; remove this one to enable that one.`,
      ),
    );
    expect({ config: readFileSync(world.configPath).equals(configBytes), stash: stash().servers }).toEqual({
      config: true,
      stash: [{ scope: 'user', name: 'web', entry: WEB, disabledAt: anyTime }],
    });
  });

  it('lists a stashed server that is stored identically again once, as on (an enable finishing, or cut off)', async () => {
    await seed('user', 'web', WEB);
    mkdirSync(join(world.configDir, '.mcp-admin'), { mode: 0o700 });
    const changed = { ...WEB, url: 'https://other.test/mcp' };
    writeFileSync(
      stashPath(),
      JSON.stringify({
        version: 1,
        servers: [{ scope: 'user', name: 'web', entry: WEB, disabledAt: '2026-01-01T00:00:00.000Z' }],
      }),
    );
    const admin = adminInWorld(world);
    const listed = async () => (await admin.list()).servers.map(({ name, status }) => ({ name, status }));
    await expect(listed()).resolves.toEqual([{ name: 'web', status: 'active' }]);

    // A different entry of the same name is another server: both are listed.
    await runCliAsAnotherTerminal(world, world.projectDir, ['mcp', 'remove', '--scope', 'user', 'web']);
    await seed('user', 'web', changed);
    await expect(listed()).resolves.toEqual([
      { name: 'web', status: 'active' },
      { name: 'web', status: 'disabled' },
    ]);
  });

  it('settles the stash on start: a server stored identically again is dropped from it, the others stay', async () => {
    await seed('user', 'web', WEB);
    mkdirSync(join(world.configDir, '.mcp-admin'), { mode: 0o700 });
    const kept = { scope: 'user', name: 'files', entry: FILES, disabledAt: '2026-01-01T00:00:00.000Z' };
    writeFileSync(
      stashPath(),
      JSON.stringify({
        version: 1,
        servers: [{ scope: 'user', name: 'web', entry: WEB, disabledAt: '2026-01-01T00:00:00.000Z' }, kept],
      }),
    );
    const warnings: string[] = [];
    const admin = adminInWorld(world, undefined, undefined, {
      logWarning: (message) => warnings.push(message),
    });
    await admin.settleDisabled();

    const listed = (await admin.list()).servers.map(({ name, status }) => ({ name, status }));
    expect({ listed, stash: stash().servers, warnings }).toEqual({
      listed: [
        { name: 'files', status: 'disabled' },
        { name: 'web', status: 'active' },
      ],
      stash: [kept],
      warnings: [
        `user-scope "web" was both in ${world.configPath} and in ${stashPath()} (a change was cut off): it stays on and is no longer kept as disabled.`,
      ],
    });
  });
});

describe('disable and enable in project scope', () => {
  it('rejects through .claude/settings.local.json, keeping its other keys and mode, and never touches .mcp.json', async () => {
    await seed('project', 'files', FILES);
    const mcpJson = join(world.projectDir, '.mcp.json');
    const mcpJsonBytes = readFileSync(mcpJson);
    mkdirSync(join(world.projectDir, '.claude'));
    writeFileSync(
      localSettings(),
      '{"permissions":{"allow":["Bash(ls)"]},"enabledMcpjsonServers":["files","other"],"__proto__":{"kept":true}}',
    );
    chmodSync(localSettings(), 0o640);
    const admin = adminInWorld(world);

    await expect(admin.disable({ name: 'files', scope: 'project' })).resolves.toEqual({
      ok: true,
      message: `Put "files" in disabledMcpjsonServers of ${localSettings()}. Claude Code will not load it in this project: "files" is in disabledMcpjsonServers of ${localSettings()}.`,
    });
    expect({
      settings: readFileSync(localSettings(), 'utf8'),
      mode: statSync(localSettings()).mode & 0o777,
      mcpJson: readFileSync(mcpJson).equals(mcpJsonBytes),
      cli: await cliStatusLine(world, world.projectDir, 'files'),
    }).toEqual({
      settings: `${JSON.stringify(
        {
          permissions: { allow: ['Bash(ls)'] },
          enabledMcpjsonServers: ['other'],
          ['__proto__']: { kept: true },
          disabledMcpjsonServers: ['files'],
        },
        null,
        2,
      )}\n`,
      mode: 0o640,
      mcpJson: true,
      cli: '✘ Rejected (see disabledMcpjsonServers in settings)',
    });

    // The folder is not trusted: the approval is written but waits for the trust.
    await expect(admin.enable({ name: 'files', scope: 'project' })).resolves.toEqual({
      ok: true,
      message: `Put "files" in enabledMcpjsonServers of ${localSettings()}. The approval takes effect only once the folder is trusted: enabledMcpjsonServers of ${localSettings()} approves it, but only once the folder is trusted: projects[${JSON.stringify(world.projectDir)}].hasTrustDialogAccepted is not true in ${world.configPath}.`,
    });
    expect({
      settings: JSON.parse(readFileSync(localSettings(), 'utf8')) as unknown,
      mcpJson: readFileSync(mcpJson).equals(mcpJsonBytes),
      cli: await cliStatusLine(world, world.projectDir, 'files'),
    }).toEqual({
      settings: JSON.parse(
        '{"permissions":{"allow":["Bash(ls)"]},"enabledMcpjsonServers":["other","files"],"__proto__":{"kept":true},"disabledMcpjsonServers":[]}',
      ) as unknown,
      mcpJson: true,
      cli: '⏸ Pending approval (run `claude` to approve)',
    });
    const audit = readFileSync(join(world.configDir, '.mcp-admin', 'audit.jsonl'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(audit.map((line) => JSON.parse(line) as unknown)).toEqual([
      {
        time: anyTime,
        procedure: 'mcp.disable',
        argv: [],
        outcome: {
          ok: true,
          message: expect.stringContaining(
            `Put "files" in disabledMcpjsonServers of ${localSettings()}.`,
          ) as unknown,
        },
      },
      {
        time: anyTime,
        procedure: 'mcp.enable',
        argv: [],
        outcome: {
          ok: true,
          message: expect.stringContaining(
            `Put "files" in enabledMcpjsonServers of ${localSettings()}.`,
          ) as unknown,
        },
      },
    ]);
  });

  it("writes the project dir's own settings file, making .claude/, for a server of a parent's .mcp.json; trusted, it loads", async () => {
    await seed('project', 'files', FILES);
    const config = storedConfigOf(world);
    writeFileSync(
      world.configPath,
      JSON.stringify({ ...config, projects: { [world.projectDir]: { hasTrustDialogAccepted: true } } }),
    );
    const admin = adminInWorld(world);
    const settings = localSettings(world.nestedDir);

    await admin.disable({ name: 'files', scope: 'project', projectPath: world.nestedDir });
    await expect(
      admin.enable({ name: 'files', scope: 'project', projectPath: world.nestedDir }),
    ).resolves.toEqual({
      ok: true,
      message: `Put "files" in enabledMcpjsonServers of ${settings}. Claude Code will load it in this project ("files" is in enabledMcpjsonServers of ${settings}.)`,
    });
    expect(JSON.parse(readFileSync(settings, 'utf8'))).toEqual({
      disabledMcpjsonServers: [],
      enabledMcpjsonServers: ['files'],
    });
  });

  it('refuses a settings.local.json that is not a JSON object, naming it, and writes nothing', async () => {
    await seed('project', 'files', FILES);
    mkdirSync(join(world.projectDir, '.claude'));
    writeFileSync(localSettings(), '["not", "an object"]');
    await expect(adminInWorld(world).disable({ name: 'files', scope: 'project' })).rejects.toEqual(
      new McpCoreError('CONFIG_UNREADABLE', `${localSettings()} is not a JSON object; nothing was written.`),
    );
    expect(readFileSync(localSettings(), 'utf8')).toBe('["not", "an object"]');
  });

  it('resets the project choices with the CLI, keeping the other keys', async () => {
    mkdirSync(join(world.projectDir, '.claude'));
    writeFileSync(
      localSettings(),
      JSON.stringify({
        model: 'x',
        enabledMcpjsonServers: ['a'],
        disabledMcpjsonServers: ['b'],
        enableAllProjectMcpServers: true,
      }),
    );
    await expect(adminInWorld(world).resetChoices({})).resolves.toEqual({
      ok: true,
      message:
        'Project-scoped (.mcp.json) server approvals and rejections stored for this project have been reset.',
    });
    expect(JSON.parse(readFileSync(localSettings(), 'utf8'))).toEqual({ model: 'x' });
  });
});

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

  it('refuses disable and enable with a 500 naming a corrupt stash, while the list reports it as a problem', async () => {
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

  it('refuses to disable when .mcp-admin/ is read-only: the stash cannot be written, so nothing is removed', async () => {
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
        message: expect.stringMatching(
          new RegExp(`^Cannot write ${stashPath()}: E(ACCES|PERM): `),
        ) as unknown,
      });
    } finally {
      restore();
    }
    expect({
      spawned: existsSync(cliLog()),
      config: readFileSync(world.configPath).equals(configBytes),
    }).toEqual({
      spawned: false,
      config: true,
    });
  });
});
