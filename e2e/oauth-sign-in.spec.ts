/** Signing in to a remote MCP server that wants OAuth (a local authorization server), and out again. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { credentialKey, startRemoteMcpServer, type RemoteMcpServer } from '@mcp-admin/core/testing';
import { expect, test as base } from './support/fixtures';
import { seedServer } from './support/seed';

const test = base.extend<{ remote: RemoteMcpServer }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  remote: async ({}, use) => {
    const remote = await startRemoteMcpServer({ oauth: {} });
    await use(remote);
    await remote.stop();
  },
});

// Signing in and out is Claude Code's own `claude mcp login` / `logout`: the real CLI.
test.use({ claudeCli: 'real' });

test('Sign in <name> opens the authorization page in a new tab, the row ends signed in with its tools, and Sign out undoes it', async ({
  openPanel,
  world,
  remote,
  context,
}) => {
  await seedServer(world, world.projectDir, { name: 'guarded', scope: 'user', url: `${remote.origin}/mcp` });
  const panel = await openPanel();
  const row = panel.serverRow('guarded');
  await expect(row).toContainText('Not signed in');

  const opened = context.waitForEvent('page');
  await (await panel.rowMenuItem('guarded', 'Sign in guarded')).click();
  const tab = await opened;
  // The authorization server redirects at once: the tab ends on the CLI's own callback page.
  await tab.waitForURL(/^http:\/\/localhost:\d+\/callback\?code=/);

  // On a line of its own under the row it signs in.
  const signIn = row.getByRole('region', { name: 'Sign in to guarded' });
  await expect(signIn.getByRole('status')).toHaveText('Signed in to guarded.');
  // The fixture's tokens live an hour: the row says when the sign-in expires, and marks it (within a day).
  await expect(row.getByText('Signed in · expires in 1 h', { exact: true })).toHaveClass(/warn/);
  await expect(row).toContainText('Connected');
  await panel.screenshot('oauth-signed-in', { fullPage: false });
  // The tools the new sign-in reached are in the server's sheet, each with its permission (see permissions.spec.ts).
  const sheet = await panel.openSheet('guarded');
  await expect(sheet.getByRole('list', { name: 'Tools' }).getByRole('listitem')).toHaveText([
    /^remote_search≈ \d+ tokensSearches the remote/,
    /^remote_fetch≈ \d+ tokens/,
  ]);
  await panel.closeSheet();

  await (await panel.rowMenuItem('guarded', 'Sign out guarded')).click();
  await expect(row).toContainText('Not signed in');
  await expect(await panel.rowMenuItem('guarded', 'Sign in guarded')).toBeVisible();
});

test('a redirect that cannot load (a browser on another machine) is pasted into the sign-in and completes it', async ({
  openPanel,
  world,
  remote,
  context,
}) => {
  await seedServer(world, world.projectDir, { name: 'guarded', scope: 'user', url: `${remote.origin}/mcp` });
  // As on another machine: the authorization server's redirect to localhost goes nowhere there.
  let callback: string | undefined;
  await context.route(`${remote.origin}/authorize?**`, async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    callback = response.headers().location;
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'This site can’t be reached' });
  });
  const panel = await openPanel();
  const row = panel.serverRow('guarded');
  const opened = context.waitForEvent('page');
  await (await panel.rowMenuItem('guarded', 'Sign in guarded')).click();
  await opened;
  await expect.poll(() => callback).toMatch(/^http:\/\/localhost:\d+\/callback\?code=/);

  const signIn = panel.page.getByRole('region', { name: 'Sign in to guarded' });
  await expect(signIn.getByRole('status')).toHaveText(
    'Waiting for you to sign in on the authorization page…',
  );
  const pasteBox = signIn.getByRole('textbox', { name: 'Redirect URL from another machine' });
  const send = signIn.getByRole('button', { name: 'Send redirect URL' });
  await pasteBox.fill('https://auth.example/callback?code=x');
  await send.click();
  await expect(pasteBox).toHaveAccessibleDescription(
    /redirectUrl must be a http:\/\/localhost:PORT\/callback\?… address/,
  );

  await pasteBox.fill(callback ?? '');
  await send.click();
  await expect(signIn.getByRole('status')).toHaveText('Signed in to guarded.');
  await expect(row).toContainText('Signed in');
});

test('a sign-in the CLI cannot complete shows its words in an alert and closes the blank tab', async ({
  openPanel,
  world,
  remote,
  context,
}) => {
  await seedServer(world, world.projectDir, { name: 'guarded', scope: 'user', url: `${remote.origin}/mcp` });
  // Nothing answers at the server's address any more: the CLI finds no authorization server.
  await remote.stop();
  const panel = await openPanel();
  const opened = context.waitForEvent('page');
  await (await panel.rowMenuItem('guarded', 'Sign in guarded')).click();
  const tab = await opened;

  const signIn = panel.page.getByRole('region', { name: 'Sign in to guarded' });
  await expect(signIn.getByRole('status')).toHaveText('Sign-in did not complete.');
  await expect(signIn.getByRole('alert')).toHaveText(
    'Couldn\'t complete authentication for "guarded": SDK auth failed: ECONNREFUSED: Unable to connect. Is the computer able to access the url?',
  );
  await expect.poll(() => tab.isClosed()).toBe(true);
  await signIn.getByRole('button', { name: 'Close' }).click();
  await expect(signIn).toBeHidden();
});

test('a sign-in that expired without a refresh token says so and offers Sign in again; one Claude Code renews does not', async ({
  openPanel,
  world,
  remote,
}) => {
  const url = `${remote.origin}/mcp`;
  await seedServer(world, world.projectDir, { name: 'stale', scope: 'user', url });
  await seedServer(world, world.projectDir, { name: 'renews', scope: 'user', url: `${url}?r=1` });
  // Claude Code's token store as it keeps it (see packages/mcp-core/test/login/sign-in-expiry.test.ts).
  const expiredAt = Date.now() - 3_600_000;
  const entry = (name: string, serverUrl: string) => ({
    serverName: name,
    serverUrl,
    accessToken: `at-${name}`,
    expiresAt: expiredAt,
  });
  writeFileSync(
    join(world.configDir, '.credentials.json'),
    JSON.stringify({
      mcpOAuth: {
        [credentialKey({ name: 'stale', transport: 'http', url })]: entry('stale', url),
        [credentialKey({ name: 'renews', transport: 'http', url: `${url}?r=1` })]: {
          ...entry('renews', `${url}?r=1`),
          refreshToken: 'rt-renews',
        },
      },
    }),
  );
  const panel = await openPanel();

  const stale = panel.serverRow('stale');
  await expect(stale.getByText('Sign-in expired', { exact: true })).toBeVisible();
  await expect(await panel.rowMenuItem('stale', 'Sign in stale')).toBeVisible();
  const renews = panel.serverRow('renews');
  await expect(
    renews.getByText('Token expired · renewed when Claude Code connects', { exact: true }),
  ).toBeVisible();
  await expect(await panel.rowMenuItem('renews', 'Sign in renews')).toHaveCount(0);
  await expect(panel.page.locator('body')).not.toContainText('at-stale');
});
