/** `mcp.check` over HTTP: its result, its 412, and a check stopped when its client goes away. */
import { livingGroupMembers, MCP_SERVER_SCRIPTS } from '@mcp-admin/core/testing';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

import {
  PATIENTLY,
  bearer,
  expectStillServing,
  json,
  procedureErrorBody,
  trpcMutation,
  useServer,
  useTestWorld,
} from './support';

const anyLatency = expect.any(Number) as unknown as number;

function toolsServer(toolNames: string, env: Record<string, string> = {}) {
  return {
    command: process.execPath,
    args: [MCP_SERVER_SCRIPTS.toolsFromEnv],
    env: { TOOL_NAMES: toolNames, ...env },
  };
}

/** The fixture that never answers; it writes "<pid> <child pid>" to `pidFile` once both run. */
function silentServer(pidFile: string) {
  return {
    command: process.execPath,
    args: [MCP_SERVER_SCRIPTS.hangsWithGrandchild],
    env: { PID_FILE: pidFile },
  };
}

/** The pid (and process group) of the silent server, once it and its child run. */
async function leaderOnceStarted(pidFile: string): Promise<number> {
  await vi.waitFor(() => {
    expect(existsSync(pidFile) && readFileSync(pidFile, 'utf8').includes(' ')).toBe(true);
  }, PATIENTLY);
  return Number(readFileSync(pidFile, 'utf8').split(' ')[0]);
}

const toolsResult = (name: string) => ({
  status: 'ok',
  latencyMs: anyLatency,
  serverInfo: { name: 'tools-from-env', version: '1.2.3' },
  // Its tokens: packages/mcp-core/test/check/tool-tokens.test.ts; its permission in the project: no rule here.
  tools: [
    {
      name,
      description: `Tool ${name}`,
      inputSchema: { type: 'object' },
      tokens: expect.any(Number) as unknown as number,
      permission: { kind: 'default' },
    },
  ],
  tokens: expect.any(Number) as unknown as number,
});

describe('mcp.check over HTTP', () => {
  it("200: the check's result", async () => {
    const world = useTestWorld();
    writeFileSync(world.configPath, JSON.stringify({ mcpServers: { greeter: toolsServer('hello') } }));
    const server = await useServer(world);

    const result = await trpcMutation(server, 'mcp.check', { name: 'greeter', scope: 'user' });

    expect({ status: result.status, body: json(result) }).toEqual({
      status: 200,
      body: { result: { data: toolsResult('hello') } },
    });
  });

  it('412: an unapproved project server without confirm, naming its command; nothing is started', async () => {
    const world = useTestWorld();
    const marker = join(world.plainDir, 'started');
    const mcpJson = join(world.projectDir, '.mcp.json');
    writeFileSync(
      mcpJson,
      JSON.stringify({ mcpServers: { repo: toolsServer('x', { STARTED_FILE: marker }) } }),
    );
    const server = await useServer(world);

    const result = await trpcMutation(server, 'mcp.check', { name: 'repo', scope: 'project' });

    expect({ status: result.status, body: json(result) }).toEqual({
      status: 412,
      body: procedureErrorBody(
        'PRECONDITION_FAILED',
        412,
        'mcp.check',
        `Project server "repo" from ${mcpJson} is not approved yet: checking it runs \`${process.execPath} ${MCP_SERVER_SCRIPTS.toolsFromEnv}\`. Check again with confirm: true to run it.`,
        { coreCode: 'NEEDS_CONFIRMATION' },
      ),
    });
    expect(existsSync(marker)).toBe(false);
    await expectStillServing(server);
  });

  it('stops a check whose client went away, leaving no process of the server behind', async () => {
    const world = useTestWorld();
    const pidFile = join(world.plainDir, 'pids');
    writeFileSync(world.configPath, JSON.stringify({ mcpServers: { silent: silentServer(pidFile) } }));
    const server = await useServer(world);
    const client = new AbortController();

    const request = fetch(`${server.url}/trpc/mcp.check`, {
      method: 'POST',
      headers: { ...bearer(server), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'silent', scope: 'user', timeoutMs: 60_000 }),
      signal: client.signal,
    });
    const leader = await leaderOnceStarted(pidFile);
    client.abort();

    await expect(request).rejects.toThrow();
    await vi.waitFor(() => {
      expect(livingGroupMembers(leader)).toEqual([]);
    }, PATIENTLY);
  });
});
