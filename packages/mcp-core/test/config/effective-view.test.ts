/**
 * The effective view's verdicts and reasons, read from files written here. The CLI agreeing with
 * each rule is effective-view-cli.test.ts's.
 */
import { createTestWorld, worldReadOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listServers } from '../../src/config';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(value));
}

const userSettingsPath = () => join(world.configDir, 'settings.json');
const localSettingsPath = (dir = world.projectDir) => join(dir, '.claude', 'settings.local.json');
const mcpJsonPath = () => join(world.projectDir, '.mcp.json');
const key = () => JSON.stringify(world.projectDir);

async function verdicts(projectPath = world.projectDir, env: NodeJS.ProcessEnv = {}) {
  const list = await listServers({ ...worldReadOptions(world), env, projectPath });
  return {
    servers: list.servers.map(
      ({ name, scope, status, statusReason, shadowedBy, missingEnv, readOnly, awaitsTrust, rejectedBy }) => ({
        name,
        scope,
        status,
        statusReason,
        ...(awaitsTrust && { awaitsTrust }),
        ...(rejectedBy && { rejectedBy }),
        ...(shadowedBy && { shadowedBy }),
        ...(missingEnv && { missingEnv }),
        ...(readOnly && { readOnly }),
      }),
    ),
    problems: list.problems,
  };
}

describe('approvals', () => {
  it('names the untrusted approval and the trust key, and says it awaits trust, when a project file approves a pending server', async () => {
    writeJson(mcpJsonPath(), { mcpServers: { named: { command: 'x' }, other: { command: 'x' } } });
    writeJson(localSettingsPath(), { enabledMcpjsonServers: ['named'] });

    await expect(verdicts()).resolves.toEqual({
      servers: [
        {
          name: 'named',
          scope: 'project',
          status: 'pending',
          awaitsTrust: true,
          statusReason: `enabledMcpjsonServers of ${localSettingsPath()} approves it, but only once the folder is trusted: projects[${key()}].hasTrustDialogAccepted is not true in ${world.configPath}.`,
        },
        {
          name: 'other',
          scope: 'project',
          status: 'pending',
          statusReason:
            '"other" is in no enabledMcpjsonServers or disabledMcpjsonServers of the settings files: run claude in the project to approve it.',
        },
      ],
      problems: [],
    });
  });

  it("reads a nested project's settings from its own dir and its git root's settings.local.json, not the root's settings.json (as the CLI does), trusted by the root's key", async () => {
    writeJson(join(world.nestedDir, '.mcp.json'), {
      mcpServers: { here: { command: 'x' }, root: { command: 'x' }, other: { command: 'x' } },
    });
    writeJson(localSettingsPath(world.nestedDir), { enabledMcpjsonServers: ['here'] });
    // Checked with the CLI in test/permissions/rule-matching-cli.test.ts: from below the root, its
    // shared file is not read (its disabledMcpjsonServers neither, a session still connects that server).
    writeJson(join(world.projectDir, '.claude', 'settings.json'), { disabledMcpjsonServers: ['root'] });
    writeJson(localSettingsPath(world.projectDir), { disabledMcpjsonServers: ['other'] });
    writeJson(world.configPath, { projects: { [world.projectDir]: { hasTrustDialogAccepted: true } } });

    await expect(verdicts(world.nestedDir)).resolves.toEqual({
      servers: [
        {
          name: 'here',
          scope: 'project',
          status: 'active',
          statusReason: `"here" is in enabledMcpjsonServers of ${localSettingsPath(world.nestedDir)}.`,
        },
        {
          name: 'other',
          scope: 'project',
          status: 'rejected',
          statusReason: `"other" is in disabledMcpjsonServers of ${localSettingsPath(world.projectDir)}.`,
          rejectedBy: 'local',
        },
        {
          name: 'root',
          scope: 'project',
          status: 'pending',
          statusReason:
            '"root" is in no enabledMcpjsonServers or disabledMcpjsonServers of the settings files: run claude in the project to approve it.',
        },
      ],
      problems: [],
    });
  });

  it("names whose settings file rejects a project server: the personal, the team's, the user's or the organization's", async () => {
    writeJson(mcpJsonPath(), {
      mcpServers: {
        mine: { command: 'x' },
        team: { command: 'x' },
        yours: { command: 'x' },
        org: { command: 'x' },
      },
    });
    writeJson(localSettingsPath(), { disabledMcpjsonServers: ['mine'] });
    writeJson(join(world.projectDir, '.claude', 'settings.json'), { disabledMcpjsonServers: ['team'] });
    writeJson(join(world.configDir, 'settings.json'), { disabledMcpjsonServers: ['yours'] });
    writeJson(join(world.managedDir, 'managed-settings.json'), { disabledMcpjsonServers: ['org'] });

    const { servers } = await verdicts();

    expect(servers.map(({ name, status, rejectedBy }) => ({ name, status, rejectedBy }))).toEqual([
      { name: 'mine', status: 'rejected', rejectedBy: 'local' },
      { name: 'org', status: 'rejected', rejectedBy: 'managed' },
      { name: 'team', status: 'rejected', rejectedBy: 'project' },
      { name: 'yours', status: 'rejected', rejectedBy: 'user' },
    ]);
  });

  it('no longer reads approvals from .claude.json, where Claude Code 2.1 does not keep them', async () => {
    writeJson(mcpJsonPath(), { mcpServers: { legacy: { command: 'x' } } });
    writeJson(world.configPath, {
      projects: { [world.projectDir]: { hasTrustDialogAccepted: true, enabledMcpjsonServers: ['legacy'] } },
    });

    const { servers } = await verdicts();
    expect(servers.map(({ status }) => status)).toEqual(['pending']);
  });
});

describe('policy and /mcp', () => {
  it('names the file and the entry that block, the allow lists that leave out, and the /mcp key', async () => {
    writeJson(world.configPath, {
      mcpServers: { denied: { command: 'x' }, unlisted: { command: 'y' }, off: { command: 'z' } },
      projects: { [world.projectDir]: { disabledMcpServers: ['off'] } },
    });
    writeJson(userSettingsPath(), {
      deniedMcpServers: [{ serverName: 'denied' }],
      allowedMcpServers: [{ serverName: 'denied' }, { serverName: 'off' }],
    });
    writeJson(localSettingsPath(), { allowedMcpServers: [{ serverName: 'also-listed' }] });

    await expect(verdicts()).resolves.toEqual({
      servers: [
        {
          name: 'denied',
          scope: 'user',
          status: 'blocked',
          statusReason: `deniedMcpServers of ${userSettingsPath()} has {"serverName":"denied"}.`,
        },
        {
          name: 'off',
          scope: 'user',
          status: 'disabled-in-project',
          statusReason: `"off" is in projects[${key()}].disabledMcpServers of ${world.configPath} (turned off with /mcp).`,
        },
        {
          name: 'unlisted',
          scope: 'user',
          status: 'blocked',
          statusReason: `allowedMcpServers of ${userSettingsPath()} and ${localSettingsPath()} does not list it.`,
        },
      ],
      problems: [],
    });
  });
});

describe('managed config', () => {
  it('lists the managed servers read-only and overrides every other entry', async () => {
    const managedMcp = join(world.managedDir, 'managed-mcp.json');
    writeJson(managedMcp, {
      mcpServers: {
        company: { command: 'company-server' },
        denied: { command: 'd' },
        kept: { command: 'k' },
      },
    });
    // The user's deny list applies to managed servers, a project's own does not.
    writeJson(userSettingsPath(), { deniedMcpServers: [{ serverName: 'denied' }] });
    writeJson(localSettingsPath(), { deniedMcpServers: [{ serverName: 'kept' }] });
    writeJson(world.configPath, { mcpServers: { mine: { command: 'mine' } } });

    await expect(verdicts()).resolves.toEqual({
      servers: [
        {
          name: 'company',
          scope: 'managed',
          status: 'active',
          statusReason: `"company" is in mcpServers of ${managedMcp}.`,
          readOnly: true,
        },
        {
          name: 'denied',
          scope: 'managed',
          status: 'blocked',
          statusReason: `deniedMcpServers of ${userSettingsPath()} has {"serverName":"denied"}.`,
          readOnly: true,
        },
        {
          name: 'kept',
          scope: 'managed',
          status: 'active',
          statusReason: `"kept" is in mcpServers of ${managedMcp}.`,
          readOnly: true,
        },
        {
          name: 'mine',
          scope: 'user',
          status: 'overridden',
          statusReason: `${managedMcp} exists, so Claude Code loads only the servers in its mcpServers.`,
        },
      ],
      problems: [],
    });
  });

  it('takes control even when managed-mcp.json cannot be parsed, and says so in problems', async () => {
    const managedMcp = join(world.managedDir, 'managed-mcp.json');
    mkdirSync(world.managedDir);
    writeFileSync(managedMcp, '{ not json');
    writeJson(world.configPath, { mcpServers: { mine: { command: 'mine' } } });

    const { servers, problems } = await verdicts();
    expect({ statuses: servers.map(({ status }) => status), problems }).toEqual({
      statuses: ['overridden'],
      problems: [
        { file: managedMcp, message: expect.stringMatching(`^${managedMcp} is not valid JSON: `) as unknown },
      ],
    });
  });
});

describe('missingEnv and problems', () => {
  it('lists each ${VAR} without a default that the environment does not set, once, in order', async () => {
    writeJson(world.configPath, {
      mcpServers: {
        remote: {
          type: 'http',
          url: 'https://${HOST}/mcp?team=${TEAM:-core}',
          headers: { Authorization: 'Bearer ${TOKEN}' },
        },
        local: {
          command: '${BIN_DIR}/server',
          args: ['--home=${HOME}', '${BIN_DIR}'],
          env: { KEY: '${KEY}' },
        },
        plain: { command: 'node' },
      },
    });

    const { servers } = await verdicts(world.projectDir, { HOME: '/home/me', KEY: '' });
    expect(servers.map(({ name, missingEnv }) => ({ name, missingEnv }))).toEqual([
      { name: 'local', missingEnv: ['BIN_DIR'] },
      { name: 'plain', missingEnv: undefined },
      { name: 'remote', missingEnv: ['HOST', 'TOKEN'] },
    ]);
  });

  it('reports a settings file that is not JSON or cannot be read as a problem, and lists the rest', async () => {
    writeFileSync(join(world.configDir, 'settings.json'), '{"enabledMcpjsonServers": [');
    mkdirSync(localSettingsPath(), { recursive: true });
    writeJson(mcpJsonPath(), { mcpServers: { shared: { command: 'x' } } });

    await expect(verdicts()).resolves.toEqual({
      servers: [
        {
          name: 'shared',
          scope: 'project',
          status: 'pending',
          statusReason:
            '"shared" is in no enabledMcpjsonServers or disabledMcpjsonServers of the settings files: run claude in the project to approve it.',
        },
      ],
      problems: [
        {
          file: userSettingsPath(),
          message: expect.stringMatching(`^${userSettingsPath()} is not valid JSON: `) as unknown,
        },
        {
          file: localSettingsPath(),
          message: `${localSettingsPath()} is a directory, not a regular file`,
        },
      ],
    });
  });
});

describe('plugins', () => {
  it('takes installPath outside a directory marketplace, and the most specific enabledPlugins', async () => {
    const installPath = join(world.configDir, 'plugins', 'cache', 'remote-market', 'tools', '2.0.0');
    const otherPath = join(world.configDir, 'plugins', 'cache', 'remote-market', 'off', '1.0.0');
    writeJson(join(world.configDir, 'plugins', 'installed_plugins.json'), {
      version: 2,
      plugins: {
        'tools@remote-market': [{ scope: 'user', installPath }],
        'off@remote-market': [{ scope: 'user', installPath: otherPath }],
        'never-installed@remote-market': [],
      },
    });
    writeJson(join(installPath, '.mcp.json'), {
      mcpServers: {
        api: { type: 'http', url: 'https://${HOST}/mcp', headers: { 'X-Root': '${CLAUDE_PLUGIN_ROOT}' } },
      },
    });
    writeJson(join(otherPath, '.mcp.json'), { mcpServers: { hidden: { command: 'x' } } });
    writeJson(userSettingsPath(), {
      enabledPlugins: {
        'tools@remote-market': false,
        'off@remote-market': true,
        'never-installed@remote-market': true,
      },
    });
    writeJson(localSettingsPath(), {
      enabledPlugins: { 'tools@remote-market': true, 'off@remote-market': false },
    });

    const list = await listServers({
      ...worldReadOptions(world),
      projectPath: world.projectDir,
      reveal: true,
    });
    expect(list).toEqual({
      configPath: world.configPath,
      projectPath: world.projectDir,
      servers: [
        {
          name: 'plugin:tools:api',
          scope: 'plugin',
          transport: 'http',
          url: 'https://${HOST}/mcp',
          headers: { 'X-Root': installPath },
          source: join(installPath, '.mcp.json'),
          status: 'active',
          statusReason: `Plugin tools@remote-market is on in enabledPlugins of ${localSettingsPath()}.`,
          missingEnv: ['HOST'],
          readOnly: true,
          plugin: 'tools@remote-market',
        },
      ],
      problems: [],
    });
  });
});
