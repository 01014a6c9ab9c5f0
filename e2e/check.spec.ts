import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddServerInput } from '@mcp-admin/core';
import {
  livingGroupMembers,
  MCP_SERVER_SCRIPTS,
  startRemoteMcpServer,
  type RemoteMcpServer,
} from '@mcp-admin/core/testing';
import { expect, test as base } from './support/fixtures';
import { seedServer } from './support/seed';

const test = base.extend<{ remote: RemoteMcpServer }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  remote: async ({}, use) => {
    const remote = await startRemoteMcpServer();
    await use(remote);
    await remote.stop();
  },
});

/** A stdio server (the fixture script) whose tools are named by `toolNames`. */
function toolsServer(name: string, scope: AddServerInput['scope'], toolNames: string[]): AddServerInput {
  return {
    name,
    scope,
    command: process.execPath,
    args: [MCP_SERVER_SCRIPTS.toolsFromEnv],
    env: { TOOL_NAMES: toolNames.join(',') },
  };
}

test('Check <name> shows the status and tool count in the row, and the server and its tools in its sheet', async ({
  openPanel,
  world,
}) => {
  await seedServer(world, world.projectDir, toolsServer('files', 'user', ['read_file', 'write_file']));
  const panel = await openPanel();
  const row = panel.serverRow('files');

  await panel.checkButton('files').click();

  await expect(row).toContainText('Connected');
  await expect(row).toContainText('2 tools');
  // The server's sheet has the rest: the server, and its tools.
  const tools = await panel.openSheetTools('files');
  await expect(tools).toContainText('tools-from-env 1.2.3');
  // Each item goes on with the tool's permission (see permissions.spec.ts).
  await expect(tools.getByRole('list', { name: 'Tools' }).getByRole('listitem')).toHaveText([
    // Each with its definition's tokens: 96 and 98 characters of JSON (packages/mcp-core/test/check/tool-tokens.test.ts).
    /^read_file≈ 32 tokensTool read_file/,
    /^write_file≈ 33 tokensTool write_file/,
  ]);
  await panel.screenshot('check-one', { fullPage: false });
});

test('a check still waiting says for how long, and Cancel check <name> stops it and ends its server', async ({
  openPanel,
  world,
}) => {
  const startedFile = join(world.plainDir, 'started');
  await seedServer(world, world.projectDir, {
    name: 'slow',
    scope: 'user',
    command: process.execPath,
    args: [MCP_SERVER_SCRIPTS.answersAfterDelay],
    env: { DELAY_MS: '120000', STARTED_FILE: startedFile },
  });
  const panel = await openPanel();
  const row = panel.serverRow('slow');

  await panel.checkButton('slow').click();
  await expect(row).toContainText(/Checking… [1-9]\d* s/);
  await expect.poll(() => existsSync(startedFile)).toBe(true);
  // The server leads its own process group (the check's transport starts it so).
  const pid = Number(readFileSync(startedFile, 'utf8'));
  expect(livingGroupMembers(pid)).toContain(pid);
  await panel.cancelCheckButton('slow').click();

  await expect(row).toContainText('Not checked');
  await expect(panel.cancelCheckButton('slow')).toBeHidden();
  await expect.poll(() => livingGroupMembers(pid)).toEqual([]);
});

test("the sheet lists each tool's parameters with their types, the required ones marked", async ({
  openPanel,
  world,
}) => {
  await seedServer(world, world.projectDir, {
    name: 'caps',
    scope: 'user',
    command: process.execPath,
    args: [MCP_SERVER_SCRIPTS.byClientCapabilities],
  });
  const panel = await openPanel();

  await panel.checkButton('caps').click();
  await expect(panel.serverRow('caps')).toContainText('Connected');
  const tools = await panel.openSheetTools('caps');

  await expect(tools.getByRole('list', { name: 'Parameters of always' }).getByRole('listitem')).toHaveText([
    'path string required',
    'depth integer',
  ]);
  await expect(tools.getByRole('list', { name: 'Tools' })).toContainText('The always tool');
});

test('a long tool list starts folded and unfolds', async ({ openPanel, world }) => {
  const names = ['one', 'two', 'three', 'four', 'five', 'six', 'seven'];
  await seedServer(world, world.projectDir, toolsServer('many', 'user', names));
  const panel = await openPanel();

  await panel.checkButton('many').click();
  await expect(panel.serverRow('many')).toContainText('Connected');
  const sheet = await panel.openSheet('many');
  const tools = sheet.getByRole('list', { name: 'Tools' });
  await expect(sheet.getByText('7 tools', { exact: true })).toBeVisible();
  await expect(tools).toBeHidden();
  await sheet.getByText('7 tools', { exact: true }).click();

  await expect(tools.getByRole('listitem')).toHaveCount(7);
});

test('Check all counts its progress and fills every row with its own result; after a reload the kept checks count the same: the failed server needs you, is under Not loading, its sheet says why and when, and a connected one lists its tools and permissions without a check', async ({
  openPanel,
  world,
  remote,
}) => {
  await seedServer(world, world.projectDir, toolsServer('alpha', 'user', ['alpha_tool']));
  await seedServer(world, world.projectDir, toolsServer('beta', 'local', ['beta_tool']));
  await seedServer(world, world.projectDir, {
    name: 'broken',
    scope: 'user',
    command: process.execPath,
    args: [MCP_SERVER_SCRIPTS.stderrThenExit],
    env: { API_TOKEN: 'tok-e2e-secret' },
  });
  await seedServer(world, world.projectDir, { name: 'remote', scope: 'user', url: `${remote.origin}/mcp` });
  const panel = await openPanel();

  await panel.checkAllButton.click();

  await expect(panel.page.getByRole('status').filter({ hasText: 'checked' })).toHaveText(
    '4 of 4 checked: 3 connected, 1 failed.',
  );
  // Each row's Connection column says it; the tools, errors and stderr are in its sheet.
  await expect(panel.serverRow('alpha')).toContainText('Connected');
  await expect(panel.serverRow('broken')).toContainText('Needs you');
  await expect(await panel.openSheetTools('alpha')).toContainText('alpha_tool');
  await panel.closeSheet();
  await expect(await panel.openSheetTools('beta')).toContainText('beta_tool');
  await panel.closeSheet();
  const remoteTools = await panel.openSheetTools('remote');
  await expect(remoteTools).toContainText('remote 2.0.0');
  await expect(remoteTools).toContainText('remote_search');
  await panel.closeSheet();
  await expect(panel.serverRow('broken')).toContainText('Failed');
  const broken = await panel.openSheetTools('broken');
  await expect(broken.getByRole('alert')).toHaveText(
    'The server exited with code 3 before it answered initialize.',
  );
  const stderr = broken.getByRole('region', { name: 'stderr of broken' });
  await expect(stderr).toContainText('fatal: token •••••• was refused');
  await expect(stderr).not.toContainText('tok-e2e-secret');
  await panel.closeSheet();
  await expect(panel.checkAllButton).toBeEnabled();
  await panel.screenshot('check-all');

  // After a reload, the kept checks count as checks made now: one truth per server.
  await panel.reload();
  await expect(panel.serverRow('broken')).toContainText('Needs you');
  await expect(panel.serverRow('broken')).not.toContainText('Loads');
  await expect(panel.notLoadingFilter).toHaveText('Not loading (1)');
  await panel.notLoadingFilter.click();
  await expect(panel.serverTable.getByRole('rowheader')).toHaveText(['broken']);
  await panel.page.getByRole('group', { name: 'Show' }).getByRole('button', { name: /^All/ }).click();
  const keptBroken = await panel.openSheetTools('broken');
  await expect(keptBroken).toContainText(/Last checked (just now|\d+ min ago), before this page opened/);
  await expect(keptBroken.getByRole('alert')).toHaveText(
    'The server exited with code 3 before it answered initialize.',
  );
  await expect(keptBroken.getByRole('region', { name: 'stderr of broken' })).toContainText(
    'fatal: token •••••• was refused',
  );
  await panel.closeSheet();
  const keptAlpha = await panel.openSheetTools('alpha');
  await expect(
    keptAlpha.getByRole('group', { name: 'Permission for alpha_tool', exact: true }).getByRole('radio', {
      name: 'Default',
    }),
  ).toBeChecked();
  await expect(keptAlpha.getByRole('button', { name: 'Check alpha' })).toHaveCount(0);
});

test('Check all shows the rows still waiting, and Cancel check all stops it, ends the waiting server and puts the row back', async ({
  openPanel,
  world,
}) => {
  const startedFile = join(world.plainDir, 'started');
  await seedServer(world, world.projectDir, toolsServer('quick', 'user', ['quick_tool']));
  await seedServer(world, world.projectDir, {
    name: 'slow',
    scope: 'user',
    command: process.execPath,
    args: [MCP_SERVER_SCRIPTS.answersAfterDelay],
    env: { DELAY_MS: '120000', STARTED_FILE: startedFile },
  });
  const panel = await openPanel();
  const slow = panel.serverRow('slow');

  await panel.checkAllButton.click();
  await expect(panel.serverRow('quick')).toContainText('Connected');
  await expect(slow).toContainText(/Checking… \d+ s/);
  await expect.poll(() => existsSync(startedFile)).toBe(true);
  const pid = Number(readFileSync(startedFile, 'utf8'));
  expect(livingGroupMembers(pid)).toContain(pid);
  await panel.cancelCheckAllButton.click();

  await expect(panel.page.getByRole('status').filter({ hasText: 'cancelled' })).toHaveText(
    'Check all cancelled: 1 of 2 checked: 1 connected.',
  );
  await expect(slow).toContainText('Not checked');
  await expect(panel.serverRow('quick')).toContainText('Connected');
  await expect(panel.cancelCheckAllButton).toBeHidden();
  await expect(panel.checkAllButton).toBeFocused();
  await expect.poll(() => livingGroupMembers(pid)).toEqual([]);
});

test('a project server nobody approved asks first, showing the exact command and arguments', async ({
  openPanel,
  world,
}) => {
  const marker = join(world.plainDir, 'started');
  await seedServer(world, world.projectDir, {
    name: 'repo-tool',
    scope: 'project',
    command: process.execPath,
    args: [MCP_SERVER_SCRIPTS.toolsFromEnv, '--flag with spaces'],
    env: { TOOL_NAMES: 'repo_tool', STARTED_FILE: marker },
  });
  const panel = await openPanel();
  await expect(panel.serverRow('repo-tool')).toContainText('Pending approval');

  await panel.checkButton('repo-tool').click();
  await expect(panel.dialog).toContainText('Check repo-tool?');
  await expect(panel.dialog.getByRole('definition').first()).toHaveText(process.execPath);
  await expect(panel.dialog.getByRole('listitem')).toHaveText([
    MCP_SERVER_SCRIPTS.toolsFromEnv,
    '--flag with spaces',
  ]);
  await panel.screenshot('check-confirm', { fullPage: false });
  await panel.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.dialog).toBeHidden();
  expect(existsSync(marker)).toBe(false);

  await panel.checkButton('repo-tool').click();
  await panel.dialog.getByRole('button', { name: 'Run and check' }).click();

  await expect(panel.serverRow('repo-tool')).toContainText('Connected');
  await expect(await panel.openSheet('repo-tool')).toContainText('repo_tool');
  expect(existsSync(marker)).toBe(true);
});
