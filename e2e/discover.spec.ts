/**
 * Issue 30's Discover view against a stand-in MCP registry on 127.0.0.1 (the server started with
 * MCP_ADMIN_REGISTRY_URL pointing at it): search, page, and add a found server through the
 * prefilled add form, which then shows in the list as Claude Code stored it. Issue 44: the form
 * labels the arguments the registry adds, and a hostile entry is refused with its reason. Issue 43:
 * each input the entry declares is a field of the form, and Add waits for the required ones.
 */
import { startRegistryFixture, type RemoteMcpServer } from '@mcp-admin/core/testing';
import { existsSync } from 'node:fs';
import { readJson } from './support/config-files';
import { holdRequests } from './support/held-requests';
import { expect, test as base } from './support/fixtures';

// Test-scoped, as the one test using it: a worker-scoped fixture would put it in a worker of its
// own, which Playwright starts (a browser with it) for this test alone.
const test = base.extend<{ registry: RemoteMcpServer }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  registry: async ({}, use) => {
    const registry = await startRegistryFixture();
    await use(registry);
    await registry.stop();
  },
  serverEnv: async ({ registry }, use) => {
    await use({ MCP_ADMIN_REGISTRY_URL: registry.origin });
  },
});

test('lists the registry on open, searches as you type (one request once typing pauses), pages, refuses a hostile entry, says what a result needs and links it, adds a found server through the prefilled add form, its registry arguments labelled and each input a field of its own name (a required one left empty runs nothing and says so; a ${VAR} typed in is kept and the message says to set it), and then says Added, Add pressed while the typed value was still being applied included', async ({
  panel,
  page,
  world,
}) => {
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('mcp.registrySearch')) searches.push(decodeURIComponent(request.url()));
  });
  await panel.showView('Discover');
  const discover = panel.viewRegion('Discover');
  const results = discover.getByRole('list', { name: 'Registry servers' }).getByRole('listitem');
  const searchBox = discover.getByRole('searchbox', { name: 'Search the MCP registry' });
  // The registry's first page, with nothing typed (one of its 20 deleted in the registry).
  await expect(results).toHaveCount(19);
  await expect(discover.getByRole('button', { name: 'Search', exact: true })).toHaveCount(0);

  searches.length = 0;
  await searchBox.pressSequentially('tool', { delay: 30 });
  await expect.poll(() => searches.filter((url) => url.includes('"query":"tool"')).length).toBe(1);
  // 20 a page, one of them deleted in the registry.
  await expect(results).toHaveCount(19);
  expect(searches.filter((url) => /"query":"(t|to|too)"/.test(url))).toEqual([]);
  await expect(discover.getByRole('button', { name: 'Add io.github.fixture/tool-01' })).toBeVisible();
  await expect(discover.getByRole('button', { name: 'Add io.github.fixture/tool-07' })).toHaveCount(0);
  await discover.getByRole('button', { name: 'Next page' }).click();
  await expect(discover.getByRole('button', { name: 'Add io.github.fixture/tool-21' })).toBeVisible();
  await expect(discover.getByRole('button', { name: 'Add io.github.fixture/tool-01' })).toHaveCount(0);
  await discover.getByRole('button', { name: 'Previous page' }).click();
  await expect(discover.getByRole('button', { name: 'Add io.github.fixture/tool-01' })).toBeVisible();

  // Issue 44: runner options in a package's place are refused with why; Add is not offered.
  await searchBox.fill('hostile');
  await expect(results).toHaveCount(4);
  await expect(results.filter({ hasText: 'io.github.hostile/npx-call' })).toContainText(
    'Refused: npm package "--call=touch pwned": its identifier starts with "-", which its runner would read as an option',
  );
  await expect(results.filter({ hasText: 'io.github.hostile/runtime-call' })).toContainText(
    "Refused: npx's --call runs a shell command instead of the package",
  );
  for (const name of ['npx-call', 'npx-package', 'oci-privileged', 'runtime-call']) {
    await expect(discover.getByRole('button', { name: `Add io.github.hostile/${name}` })).toBeDisabled();
  }
  await expect(panel.addForm.root).toBeHidden();

  await searchBox.fill('example');
  await expect(results).toHaveCount(3);
  const tickets = results.filter({ hasText: 'com.example/tickets' });
  await expect(tickets).toContainText('Deprecated: Use version 3');
  await expect(tickets).toContainText('HTTP, SSE');
  await expect(tickets).toContainText('Needs inputs');
  await expect(tickets).toContainText('Needs a secret');
  await expect(tickets.getByRole('link', { name: 'Website' })).toHaveAttribute(
    'href',
    'https://example.com/mcp',
  );
  const weather = results.filter({ hasText: 'io.github.example/weather' });
  await expect(weather).toContainText('Weather forecasts via OpenWeatherMap');
  await expect(weather).toContainText('stdio');
  await expect(weather).toContainText('Needs a secret');
  await expect(weather).not.toContainText('Needs inputs');
  await expect(weather).not.toContainText('Added');
  await expect(weather.getByRole('link', { name: 'Repository' })).toHaveAttribute(
    'href',
    'https://github.com/example/weather-mcp',
  );

  await discover.getByRole('button', { name: 'Add io.github.example/weather' }).click();
  const form = panel.addForm;
  await expect(form.root).toBeVisible();
  await expect(form.name).toHaveValue('weather');
  await expect(form.command).toHaveValue('npx');
  // Issue 43: each input of the entry is a field labelled by its own name, its description its hint,
  // a password box for the secret, a choice list for choices, defaults filled; focus on the required one.
  const apiKey = form.input('OWM_API_KEY');
  await expect(apiKey).toBeFocused();
  await expect(apiKey).toHaveAttribute('type', 'password');
  await expect(apiKey).toHaveAccessibleDescription('OpenWeatherMap API key');
  const units = form.root.getByRole('combobox', { name: 'units', exact: true });
  await expect(units).toHaveValue('metric');
  await expect(units.getByRole('option')).toHaveText(['None', 'metric', 'imperial']);
  await expect(form.input('LOG_LEVEL')).toHaveValue('info');
  await expect(form.variableValues.first()).toHaveValue('${OWM_API_KEY}');
  await expect(form.root.getByRole('list', { name: 'Arguments from the registry' })).toHaveText(
    'Arguments to the server, from the registry: --units metric',
  );
  // Nothing was added by choosing it.
  await expect(panel.serverRow('weather')).toHaveCount(0);

  // The required secret left empty: Add runs nothing, and its field says what is missing.
  await form.scope('User').check();
  await form.submit.click();
  await expect(apiKey).toHaveAttribute('aria-invalid', 'true');
  await expect(apiKey).toHaveAccessibleDescription(
    'OpenWeatherMap API key OWM_API_KEY is required: the server cannot start without it. Type its value, or ${OWM_API_KEY} to have Claude Code take it from its environment.',
  );
  await expect(apiKey).toBeFocused();
  await panel.screenshot('discover-inputs', { fullPage: false });
  // Nothing stored: the config file is not even written.
  expect(existsSync(world.configPath)).toBe(false);

  // A choice moves the entry with it; a ${VAR} reference typed in is kept, and the message says to set it.
  await units.selectOption('imperial');
  await expect(form.root.getByRole('list', { name: 'Arguments from the registry' })).toHaveText(
    'Arguments to the server, from the registry: --units imperial',
  );
  // Add pressed before the typed value is applied: the entry made with it is still on its way when
  // the form's own refill (300 ms after typing) asks for it again. Add goes on with that entry; it
  // was once dropped as superseded by the refill, and the click did nothing. No page event tells
  // when the refill's timer fired: the wait outlasts it.
  const releaseEntry = await holdRequests(page, (url) => url.pathname.includes('mcp.registryServer'));
  await apiKey.fill('${OWM_API_KEY}');
  await expect(apiKey).not.toHaveAttribute('aria-invalid');
  await form.submit.click();
  await page.waitForTimeout(1000);
  releaseEntry();
  await expect(page.getByRole('status').filter({ hasText: 'Added weather' })).toHaveText(
    /Added weather \(User\), but it cannot start until OWM_API_KEY is set in the environment Claude Code starts from: set it, then restart Claude Code\./,
  );
  await panel.showView('Servers');
  await expect(panel.serverRow('weather')).toBeVisible();
  await expect(panel.serverRow('weather')).toContainText(
    'npx -y @example/weather-mcp@1.2.0 --units imperial',
  );
  const config = (await readJson(world.configPath)) as { mcpServers?: unknown };
  expect(config.mcpServers).toEqual({
    weather: {
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@example/weather-mcp@1.2.0', '--units', 'imperial'],
      env: { OWM_API_KEY: '${OWM_API_KEY}', LOG_LEVEL: 'info' },
    },
  });
  await panel.showView('Discover');
  await expect(weather).toContainText('Added');
  await expect(tickets).not.toContainText('Added');
});
