/** Claude Code's per-project off (`/mcp`) through the typed client, against the real server and CLI. */
import { createTestWorld, projectEntry } from '@mcp-admin/core/testing';
import { TRPCClientError } from '@trpc/client';
import { writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';

import type { AppRouter } from '../src';
import { createMcpAdminClient } from '../src';
import { serverIn } from './support';

function errorOf(error: unknown) {
  if (!(error instanceof TRPCClientError)) throw error;
  const { data } = error as TRPCClientError<AppRouter>;
  return { message: error.message, code: data?.code, httpStatus: data?.httpStatus };
}

it('disableInProject turns a user-scope server off in the project only, the list says disabled-in-project, enableInProject turns it back on; a local-scope name is a 400 naming the field', async () => {
  const world = createTestWorld();
  // As `claude mcp add -- true` stores them in user and local scope: adding is not the subject.
  const entry = { type: 'stdio', command: 'true', args: [], env: {} };
  writeFileSync(
    world.configPath,
    JSON.stringify({
      mcpServers: { docs: entry },
      projects: {
        [world.projectDir]: projectEntry({ mine: entry }),
      },
    }),
  );
  const server = await serverIn(world, {
    HOME: world.configDir,
    ANTHROPIC_API_KEY: 'sk-ant-dummy-for-tests',
  });
  const client = createMcpAdminClient({ url: server.url, token: server.token });
  const statusOf = async (name: string) =>
    (await client.mcp.list.query()).servers.find((listed) => listed.name === name)?.status;

  await expect(client.mcp.disableInProject.mutate({ name: 'docs' })).resolves.toEqual({
    ok: true,
    changeId: expect.any(String) as unknown,
    message: `"docs" is off in this project only (${world.projectDir}), as Claude Code's /mcp turns it off.`,
  });
  expect(await statusOf('docs')).toBe('disabled-in-project');
  await client.mcp.enableInProject.mutate({ name: 'docs' });
  expect(await statusOf('docs')).toBe('active');

  await expect(client.mcp.disableInProject.mutate({ name: 'mine' }).catch(errorOf)).resolves.toEqual({
    message: `name: "mine" is a local-scope server in ${world.projectDir}: the per-project toggle is for user-scope and read-only (plugin, managed) servers; turn it off with its Enabled switch`,
    code: 'BAD_REQUEST',
    httpStatus: 400,
  });
});
