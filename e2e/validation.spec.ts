import { expect, test } from './support/fixtures';
import { addWithCli } from './support/claude-cli';

test('a name starting with "-" is refused in the browser before anything is sent', async ({
  panel,
  page,
}) => {
  const addRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.includes('mcp.add')) addRequests.push(request.url());
  });
  const form = panel.addForm;
  await form.fillStdio({ name: '-rf', scope: 'User', command: 'node', args: ['server.js'] });
  await form.submit.click();

  await expect(form.name).toHaveAttribute('aria-invalid', 'true');
  await expect(form.name).toHaveAccessibleDescription(/name may not start with "-"/);
  await expect(form.name).toBeFocused();

  await form.name.fill('rf');
  await expect(form.name).not.toHaveAttribute('aria-invalid');
  await form.submit.click();
  await expect(panel.serverRow('rf')).toBeVisible();
  // The valid submit's request has arrived, so one sent for "-rf" before it would be here too.
  expect(addRequests).toHaveLength(1);
});

test('every field is checked inline with the core rules', async ({ panel }) => {
  const form = panel.addForm;
  await form.name.fill('remote');
  await form.transport('HTTP').check();
  await form.url.fill('ftp://example.com/mcp');
  await form.addHeader('X Api Key', ' padded ');
  await form.submit.click();

  await expect(form.url).toHaveAccessibleDescription(/url must be an absolute http\(s\) URL/);
  await expect(form.headerNames.first()).toHaveAccessibleDescription(/header name may only contain/);
  await expect(form.headerValues.first()).toHaveAccessibleDescription(
    /header value may not start or end with whitespace/,
  );
  await expect(form.url).toBeFocused();
});

test("a duplicate name shows the CLI's own message in an alert", async ({ panel, world }) => {
  await addWithCli(world, world.projectDir, { name: 'dup', scope: 'user', command: 'node' });
  await panel.reload();
  await expect(panel.serverRow('dup')).toBeVisible();

  await panel.addForm.fillStdio({ name: 'dup', scope: 'User', command: 'python3' });
  await panel.addForm.submit.click();

  await expect(panel.addForm.alert).toBeVisible();
  await panel.screenshot('error-alert');
  await expect(panel.addForm.alert).toHaveText('MCP server dup already exists in user config');
  await expect(panel.addForm.name).toHaveValue('dup');
});
