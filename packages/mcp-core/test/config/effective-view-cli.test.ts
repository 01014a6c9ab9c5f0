/**
 * The effective view against the real CLI: in worlds that put servers in each state, every
 * server's `status` must be what `claude mcp get <name>` run in the project reports.
 */
import {
  createTestWorld,
  FAKE_CLAUDE,
  runCliAsAnotherTerminal,
  worldReadOptions,
} from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { listServers } from '../../src/config';
import { statusesAgreeingWithCli } from '../support/cli-view';
import { installLocalPlugin } from '../support/local-plugin';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(value, null, 2));
}

const mcpJson = (servers: Record<string, unknown>) => {
  writeJson(join(world.projectDir, '.mcp.json'), { mcpServers: servers });
};
const userSettings = (settings: unknown) => {
  writeJson(join(world.configDir, 'settings.json'), settings);
};
const localSettings = (settings: unknown) => {
  writeJson(join(world.projectDir, '.claude', 'settings.local.json'), settings);
};

/** Sets fields of the project's entry in `.claude.json`, as Claude Code's trust dialog and `/mcp` do. */
function setProjectFields(fields: Record<string, unknown>): void {
  const config = JSON.parse(readFileSync(world.configPath, 'utf8')) as { projects?: Record<string, object> };
  const projects = config.projects ?? {};
  projects[world.projectDir] = { ...projects[world.projectDir], ...fields };
  writeJson(world.configPath, { ...config, projects });
}

// Seeded by the fake CLI, which stores what the real one does (core/cli/fake-claude-contract.test.ts):
// the subject here is what the real CLI reads, `claude mcp get`.
const addUser = (name: string, ...target: string[]) =>
  runCliAsAnotherTerminal(world, world.projectDir, ['mcp', 'add', '--scope', 'user', name, ...target], {
    bin: FAKE_CLAUDE,
  });
const addLocal = (name: string, ...target: string[]) =>
  runCliAsAnotherTerminal(world, world.projectDir, ['mcp', 'add', '--scope', 'local', name, ...target], {
    bin: FAKE_CLAUDE,
  });

const stdio = { command: 'absent-mcp-server' };

it('a .mcp.json server nobody approved is pending', async () => {
  mcpJson({ fresh: stdio });
  await expect(statusesAgreeingWithCli(world, worldReadOptions(world))).resolves.toEqual({
    'fresh@.mcp.json': 'pending',
  });
});

it('a rejection in .claude/settings.local.json wins over an approval in the user settings', async () => {
  mcpJson({ refused: stdio });
  userSettings({ enabledMcpjsonServers: ['refused'] });
  localSettings({ disabledMcpjsonServers: ['refused'] });
  await expect(statusesAgreeingWithCli(world, worldReadOptions(world))).resolves.toEqual({
    'refused@.mcp.json': 'rejected',
  });
});

it('an approval in .claude/settings.local.json counts only once the folder is trusted', async () => {
  mcpJson({ named: stdio, other: stdio });
  localSettings({ enabledMcpjsonServers: ['named'] });
  await addUser('unrelated', '--', 'absent-mcp-server');
  await expect(statusesAgreeingWithCli(world, worldReadOptions(world))).resolves.toEqual({
    'named@.mcp.json': 'pending',
    'other@.mcp.json': 'pending',
    'unrelated@user': 'active',
  });
  setProjectFields({ hasTrustDialogAccepted: true });
  await expect(statusesAgreeingWithCli(world, worldReadOptions(world))).resolves.toEqual({
    'named@.mcp.json': 'active',
    'other@.mcp.json': 'pending',
    'unrelated@user': 'active',
  });
});

it('an approval in the user settings.json counts in an untrusted folder', async () => {
  mcpJson({ named: stdio, other: stdio });
  userSettings({ enabledMcpjsonServers: ['named'] });
  await expect(statusesAgreeingWithCli(world, worldReadOptions(world))).resolves.toEqual({
    'named@.mcp.json': 'active',
    'other@.mcp.json': 'pending',
  });
});

it('a server turned off with /mcp is disabled in this project, whatever its scope', async () => {
  mcpJson({ shared: stdio });
  userSettings({ enableAllProjectMcpServers: true });
  await addUser('mine', '--', 'absent-mcp-server');
  await addLocal('kept', '--', 'absent-mcp-server');
  setProjectFields({ disabledMcpServers: ['shared', 'mine'] });
  await expect(statusesAgreeingWithCli(world, worldReadOptions(world))).resolves.toEqual({
    'kept@local': 'active',
    'shared@.mcp.json': 'disabled-in-project',
    'mine@user': 'disabled-in-project',
  });
});

it('the deny list blocks by name, by exact command and by URL pattern, in any settings file', async () => {
  await addUser('by-name', '--', 'absent-mcp-server');
  await addUser('by-command', '--', 'absent-mcp-server', '--flag');
  await addUser('by-url', '--transport', 'http', 'https://mcp.example.com/v1?team=a');
  await addUser('other-url', '--transport', 'http', 'https://mcp.example.org/v1');
  await addUser('other-args', '--', 'absent-mcp-server', '--other');
  userSettings({
    deniedMcpServers: [{ serverName: 'by-name' }, { serverCommand: ['absent-mcp-server', '--flag'] }],
  });
  // Claude Code also honours a project's own list, even in an untrusted folder.
  localSettings({ deniedMcpServers: [{ serverUrl: 'https://*.example.com/*' }] });
  await expect(statusesAgreeingWithCli(world, worldReadOptions(world))).resolves.toEqual({
    'by-command@user': 'blocked',
    'by-name@user': 'blocked',
    'by-url@user': 'blocked',
    'other-args@user': 'active',
    'other-url@user': 'active',
  });
});

it('with an allow list, a stdio server must match a serverCommand entry when there is one, others their name', async () => {
  await addUser('listed', '--', 'absent-mcp-server');
  await addUser('unlisted', '--', 'absent-mcp-server');
  await addUser('remote-listed', '--transport', 'http', 'https://mcp.example.com/');
  await addUser('remote-unlisted', '--transport', 'sse', 'https://mcp.example.com/sse');
  userSettings({
    allowedMcpServers: [{ serverName: 'remote-listed' }, { serverCommand: ['absent-mcp-server'] }],
  });
  await expect(statusesAgreeingWithCli(world, worldReadOptions(world))).resolves.toEqual({
    'listed@user': 'active',
    'unlisted@user': 'active',
    'remote-listed@user': 'active',
    'remote-unlisted@user': 'blocked',
  });
  userSettings({ allowedMcpServers: [{ serverName: 'listed' }] });
  await expect(statusesAgreeingWithCli(world, worldReadOptions(world))).resolves.toEqual({
    'listed@user': 'active',
    'unlisted@user': 'blocked',
    'remote-listed@user': 'blocked',
    'remote-unlisted@user': 'blocked',
  });
});

it('a closer entry shadows the same name, but an unapproved .mcp.json entry shadows nothing', async () => {
  mcpJson({ everywhere: stdio, waiting: stdio });
  userSettings({ enabledMcpjsonServers: ['everywhere'] });
  await addUser('everywhere', '--', 'absent-mcp-server');
  await addLocal('everywhere', '--', 'absent-mcp-server');
  await addUser('waiting', '--', 'absent-mcp-server');
  await expect(statusesAgreeingWithCli(world, worldReadOptions(world))).resolves.toEqual({
    'everywhere@local': 'active',
    'everywhere@.mcp.json': 'shadowed',
    'waiting@.mcp.json': 'pending',
    'everywhere@user': 'shadowed',
    'waiting@user': 'active',
  });
});

it('the closest .mcp.json wins its name approved or not, and a local entry shadows an unapproved one', async () => {
  mcpJson({ twice: stdio, mine: stdio });
  writeJson(join(world.nestedDir, '.mcp.json'), { mcpServers: { twice: stdio } });
  await addLocal('mine', '--', 'absent-mcp-server');
  await expect(statusesAgreeingWithCli(world, worldReadOptions(world), world.nestedDir)).resolves.toEqual({
    'mine@local': 'active',
    'mine@.mcp.json': 'shadowed',
    'twice@sub/deeper/.mcp.json': 'pending',
    'twice@.mcp.json': 'shadowed',
  });
});

it('a blocked local entry still shadows the user entry of its name', async () => {
  await addUser('twice', '--', 'absent-mcp-server', 'user');
  await addLocal('twice', '--', 'absent-mcp-server', 'local');
  userSettings({ deniedMcpServers: [{ serverCommand: ['absent-mcp-server', 'local'] }] });
  await expect(statusesAgreeingWithCli(world, worldReadOptions(world))).resolves.toEqual({
    'twice@local': 'blocked',
    'twice@user': 'shadowed',
  });
});

it('the servers of a plugin installed offline from a directory marketplace load as plugin:<plugin>:<server>', async () => {
  const pluginDir = await installLocalPlugin(world);

  await expect(statusesAgreeingWithCli(world, worldReadOptions(world))).resolves.toEqual({
    'plugin:tools:search@plugin': 'active',
    'plugin:tools:inline@plugin': 'active',
  });
  const { servers } = await listServers({ ...worldReadOptions(world), projectPath: world.projectDir });
  const plugin = {
    scope: 'plugin',
    transport: 'stdio',
    status: 'active',
    statusReason: `Plugin tools@local-market is on in enabledPlugins of ${join(world.configDir, 'settings.json')}.`,
    readOnly: true,
    plugin: 'tools@local-market',
  };
  // Sorted by name within the scope, as every scope is.
  expect(servers).toEqual([
    {
      ...plugin,
      name: 'plugin:tools:inline',
      source: join(pluginDir, '.claude-plugin', 'plugin.json'),
      command: join(pluginDir, 'bin', 'inline'),
    },
    {
      ...plugin,
      name: 'plugin:tools:search',
      source: join(pluginDir, '.mcp.json'),
      command: join(pluginDir, 'bin', 'search'),
      args: ['--data=${CLAUDE_PLUGIN_DATA}'],
    },
  ]);
});
