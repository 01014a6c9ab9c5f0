/** Issue 20 through the typed client: tool permissions and what each server costs in context. */
import { createTestWorld, MCP_SERVER_SCRIPTS } from '@mcp-admin/core/testing';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../src';
import { createMcpAdminClient } from '../src';
import { serverIn } from './support';

function errorOf(error: unknown) {
  if (!(error instanceof TRPCClientError)) throw error;
  const { data } = error as TRPCClientError<AppRouter>;
  return { message: error.message, code: data?.code, httpStatus: data?.httpStatus };
}

describe('tool permissions through the typed client', () => {
  it("denies a tool in the project's personal settings, lists the rule, and undoes it from the history", async () => {
    const world = createTestWorld();
    const server = await serverIn(world);
    const client = createMcpAdminClient({ url: server.url, token: server.token });
    const settings = join(world.projectDir, '.claude', 'settings.local.json');

    await expect(
      client.mcp.setPermission.mutate({ server: 'db', tool: 'query', kind: 'deny', file: 'project-local' }),
    ).resolves.toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Denied mcp__db__query in ${settings}.`,
    });
    await expect(client.mcp.permissions.query()).resolves.toEqual({
      projectPath: world.projectDir,
      rules: [
        {
          rule: 'mcp__db__query',
          kind: 'deny',
          source: 'project-local',
          file: settings,
          server: 'db',
          tool: 'query',
        },
      ],
      problems: [],
    });

    const [change] = await client.mcp.history.query();
    expect(change).toMatchObject({
      procedure: 'mcp.setPermission',
      name: 'db',
      undoable: true,
      files: [settings],
    });
    await client.mcp.undo.mutate({ id: change?.id ?? '' });
    await expect(client.mcp.permissions.query()).resolves.toMatchObject({ rules: [] });
  });

  it('refuses a tool name that is not one with a 400 naming the field', async () => {
    const server = await serverIn(createTestWorld());
    const client = createMcpAdminClient({ url: server.url, token: server.token });

    await expect(
      client.mcp.setPermission
        .mutate({ server: 'db', tool: 'a b', kind: 'deny', file: 'user' })
        .catch(errorOf),
    ).resolves.toEqual({
      message: 'tool: tool may only contain letters, digits and "_", "-", ".", "/"',
      code: 'BAD_REQUEST',
      httpStatus: 400,
    });
  });
});

describe('context cost through the typed client', () => {
  it('mcp.contextCost ranks a checked server by its tools’ tokens, the same figure the check gave, and counts it in the total', async () => {
    const world = createTestWorld();
    const server = await serverIn(world);
    const client = createMcpAdminClient({ url: server.url, token: server.token });
    writeFileSync(
      world.configPath,
      JSON.stringify({
        mcpServers: {
          costs: {
            command: process.execPath,
            args: [MCP_SERVER_SCRIPTS.toolsFromEnv],
            env: { TOOL_NAMES: 'alpha,beta' },
          },
          unchecked: { command: process.execPath, args: [MCP_SERVER_SCRIPTS.toolsFromEnv] },
        },
      }),
    );

    const checked = await client.mcp.check.mutate({ name: 'costs', scope: 'user' });
    const cost = await client.mcp.contextCost.query({ projectPath: world.projectDir });

    // "Tool alpha" on server costs: 88 characters of JSON, 30 tokens; "Tool beta": 86, 29.
    expect(checked.tools?.map(({ name, tokens }) => ({ name, tokens }))).toEqual([
      { name: 'alpha', tokens: 30 },
      { name: 'beta', tokens: 29 },
    ]);
    expect(cost).toEqual({
      servers: [
        {
          name: 'costs',
          scope: 'user',
          source: world.configPath,
          tokens: 59,
          tools: 2,
          loads: true,
          checkedAt: expect.any(Number) as unknown as number,
          checkStatus: 'ok',
        },
        {
          name: 'unchecked',
          scope: 'user',
          source: world.configPath,
          tokens: null,
          tools: null,
          loads: true,
          checkedAt: null,
          checkStatus: null,
        },
      ],
      total: 59,
      method: 'estimate',
    });
  });
});
