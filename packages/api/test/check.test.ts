/** `mcp.checkAll` through `createCaller`: a result per server as each finishes, and its end when the server closes. */
import { livingGroupMembers, MCP_SERVER_SCRIPTS } from '@mcp-admin/core/testing';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

import { callerFor, PATIENTLY, useTestWorld } from './support';

const anyLatency = expect.any(Number) as unknown as number;

function toolsServer(toolNames: string, env: Record<string, string> = {}) {
  return {
    command: process.execPath,
    args: [MCP_SERVER_SCRIPTS.toolsFromEnv],
    env: { TOOL_NAMES: toolNames, ...env },
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

describe('mcp.checkAll through createCaller', () => {
  it('yields one result per active server as each finishes, then ends', async () => {
    const world = useTestWorld();
    const api = callerFor(world);
    await api.mcp.add({ name: 'first', scope: 'user', ...toolsServer('first_tool') });
    await api.mcp.add({ name: 'second', scope: 'local', ...toolsServer('second_tool') });

    const events = [];
    for await (const event of await api.mcp.checkAll({ projectPath: world.projectDir })) events.push(event);

    events.sort((a, b) => a.name.localeCompare(b.name));
    expect(events).toEqual([
      { name: 'first', scope: 'user', source: world.configPath, total: 2, result: toolsResult('first_tool') },
      {
        name: 'second',
        scope: 'local',
        source: world.configPath,
        total: 2,
        result: toolsResult('second_tool'),
      },
    ]);
  });

  it('ends when the server starts to close, stopping the check that runs', async () => {
    const world = useTestWorld();
    const pidFile = join(world.plainDir, 'pids');
    const silent = {
      command: process.execPath,
      args: [MCP_SERVER_SCRIPTS.hangsWithGrandchild],
      env: { PID_FILE: pidFile },
    };
    writeFileSync(world.configPath, JSON.stringify({ mcpServers: { silent } }));
    const closing = new AbortController();
    const api = callerFor(world, { closing: closing.signal });

    const events = (await api.mcp.checkAll())[Symbol.asyncIterator]();
    const next = events.next();
    const leader = await leaderOnceStarted(pidFile);
    closing.abort();

    await expect(next).resolves.toEqual({ done: true, value: undefined });
    await vi.waitFor(() => {
      expect(livingGroupMembers(leader)).toEqual([]);
    }, PATIENTLY);
  });

  it('ends when its client unsubscribes (Cancel check all), stopping the check that waits and its process group', async () => {
    const world = useTestWorld();
    const pidFile = join(world.plainDir, 'pids');
    const silent = {
      command: process.execPath,
      args: [MCP_SERVER_SCRIPTS.hangsWithGrandchild],
      env: { PID_FILE: pidFile },
    };
    writeFileSync(world.configPath, JSON.stringify({ mcpServers: { silent } }));
    // What the HTTP adapter aborts when the panel's subscription ends (its request closes).
    const client = new AbortController();
    const api = callerFor(world, { signal: client.signal });

    const events = (await api.mcp.checkAll())[Symbol.asyncIterator]();
    const next = events.next();
    const leader = await leaderOnceStarted(pidFile);
    client.abort();

    await expect(next).resolves.toEqual({ done: true, value: undefined });
    await vi.waitFor(() => {
      expect(livingGroupMembers(leader)).toEqual([]);
    }, PATIENTLY);
  });
});
