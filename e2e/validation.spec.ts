import { expect, test } from './support/fixtures';
import { seedServer } from './support/seed';

test('a name starting with "-" is refused in the browser before anything is sent', async ({
  panel,
  page,
}) => {
  const addRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.includes('mcp.add')) addRequests.push(request.url());
  });
  const form = await panel.openAddForm();
  await form.fillStdio({ name: '-rf', scope: 'User', command: 'node', args: ['server.js'] });
  await form.submit.click();

  await expect(form.name).toHaveAttribute('aria-invalid', 'true');
  await expect(form.name).toHaveAccessibleDescription(
    /It cannot start with “-”: Claude Code would read it as an option\./,
  );
  await expect(form.name).toBeFocused();

  await form.name.fill('rf');
  await expect(form.name).not.toHaveAttribute('aria-invalid');
  await form.submit.click();
  await expect(panel.serverRow('rf')).toBeVisible();
  // The valid submit's request has arrived, so one sent for "-rf" before it would be here too.
  expect(addRequests).toHaveLength(1);
});

test('every field is checked inline with the core rules', async ({ panel }) => {
  const form = await panel.openAddForm();
  await form.name.fill('remote');
  await form.transport('HTTP').check();
  await form.url.fill('ftp://example.com/mcp');
  await form.addHeader('X Api Key', ' padded ');
  await form.submit.click();

  await expect(form.url).toHaveAccessibleDescription(
    /Enter a full address starting with http:\/\/ or https:\/\/\./,
  );
  await expect(form.headerNames.first()).toHaveAccessibleDescription(
    /A header name has no spaces or “:” \(like Authorization or X-Api-Key\)\./,
  );
  await expect(form.headerValues.first()).toHaveAccessibleDescription(
    /Remove the spaces at the start or end: Claude Code would drop them\./,
  );
  await expect(form.url).toBeFocused();
});

test("a duplicate the panel has not listed yet shows the CLI's own message in an alert", async ({
  panel,
  world,
}) => {
  // A name taken in the listed servers is flagged as typed (flow.spec.ts); one another terminal added
  // a moment ago, before the list is read again, is refused by the CLI itself.
  await panel.page.route(
    (url) => url.pathname.includes('mcp.list'),
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        body: (await response.text()).replaceAll('"name":"dup"', '"name":"not-yet-seen"'),
      });
    },
  );
  await seedServer(world, world.projectDir, { name: 'dup', scope: 'user', command: 'node' });

  await panel.openAddForm();
  await panel.addForm.fillStdio({ name: 'dup', scope: 'User', command: 'python3' });
  await panel.addForm.submit.click();

  await expect(panel.addForm.alert).toBeVisible();
  await panel.screenshot('error-alert');
  await expect(panel.addForm.alert).toHaveText('MCP server dup already exists in user config');
  await expect(panel.addForm.name).toHaveValue('dup');
});
