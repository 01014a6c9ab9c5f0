/** `mcp.export` on the fake CLI, and its document imported into another scope. */
import {
  createTestWorld,
  FAKE_CLAUDE,
  runCliAsAnotherTerminal,
  worldAdminOptions,
} from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addArgv, addJsonArgv } from '../../src/cli/argv';
import type { CliCommand } from '../../src/cli/runner';
import { REDACTED } from '../../src/config';
import { createMcpAdmin } from '../../src/service/mcp-admin';

let world: TestWorld;
// Our code is the subject: the fake CLI (core/cli/fake-claude-contract.test.ts) stores what the real one would.
beforeEach(() => {
  world = createTestWorld({ claudeBin: FAKE_CLAUDE });
});
afterEach(() => {
  world.remove();
});

function storedConfig(): { mcpServers?: unknown; projects?: Record<string, { mcpServers?: unknown }> } {
  return JSON.parse(readFileSync(world.configPath, 'utf8')) as ReturnType<typeof storedConfig>;
}

const withOauth = {
  type: 'http',
  url: 'https://e.test/oauth-mcp',
  oauth: { clientId: 'mcp-admin', callbackPort: 8765 },
  timeout: 15000,
  alwaysLoad: true,
};

/** Three user servers as the CLI stores them: one with an env secret, one with a header secret, one with neither. */
async function storeUserServers(): Promise<Record<string, unknown>> {
  const cli = (command: CliCommand) => runCliAsAnotherTerminal(world, world.projectDir, command);
  await cli(
    addArgv({ name: 'files', scope: 'user', command: 'npx', args: ['files'], env: { API_KEY: 's3cret' } }),
  );
  await cli(
    addArgv({
      name: 'web',
      scope: 'user',
      url: 'https://e.test/mcp',
      headers: { Authorization: 'Bearer t0ken' },
    }),
  );
  await cli(addJsonArgv('signed-in', 'user', withOauth));
  return {
    files: { type: 'stdio', command: 'npx', args: ['files'], env: { API_KEY: 's3cret' } },
    web: { type: 'http', url: 'https://e.test/mcp', headers: { Authorization: 'Bearer t0ken' } },
    'signed-in': withOauth,
  };
}

describe('export', () => {
  it("writes a scope's servers as a pretty-printed .mcp.json, secrets hidden unless revealed", async () => {
    const stored = await storeUserServers();
    const admin = createMcpAdmin(worldAdminOptions(world));

    const revealed = await admin.exportServers({ scope: 'user', reveal: true });
    const hidden = await admin.exportServers({ scope: 'user' });

    expect(revealed).toEqual({ json: `${JSON.stringify({ mcpServers: stored }, null, 2)}\n` });
    expect(JSON.parse(hidden.json)).toEqual({
      mcpServers: {
        ...stored,
        files: { type: 'stdio', command: 'npx', args: ['files'], env: { API_KEY: REDACTED } },
        web: { type: 'http', url: 'https://e.test/mcp', headers: { Authorization: REDACTED } },
      },
    });
    expect(hidden.json).not.toContain('s3cret');
    expect(hidden.json).not.toContain('t0ken');
  });

  it("exports local scope of the project's git root and project scope of its own .mcp.json", async () => {
    const admin = createMcpAdmin(worldAdminOptions(world));
    await admin.add({ name: 'mine', scope: 'local', command: 'node', projectPath: world.nestedDir });
    await admin.add({ name: 'shared', scope: 'project', command: 'node', projectPath: world.nestedDir });

    const local = await admin.exportServers({ scope: 'local', projectPath: world.nestedDir });
    const project = await admin.exportServers({ scope: 'project', projectPath: world.nestedDir });
    const empty = await admin.exportServers({ scope: 'project', projectPath: world.projectDir });

    expect(JSON.parse(local.json)).toEqual({
      mcpServers: { mine: { type: 'stdio', command: 'node', args: [], env: {} } },
    });
    expect(JSON.parse(project.json)).toEqual({
      mcpServers: { shared: { type: 'stdio', command: 'node', args: [], env: {} } },
    });
    expect(empty).toEqual({ json: '{\n  "mcpServers": {}\n}\n' });
  });

  it('round-trips: a revealed export imported into another scope stores identical entries', async () => {
    const stored = await storeUserServers();
    const admin = createMcpAdmin(worldAdminOptions(world));

    const { json } = await admin.exportServers({ scope: 'user', reveal: true });
    const results = await admin.importServers({ json, scope: 'local' });

    expect(results.map(({ name, outcome }) => ({ name, outcome }))).toEqual([
      { name: 'files', outcome: 'added' },
      { name: 'web', outcome: 'added' },
      { name: 'signed-in', outcome: 'added' },
    ]);
    expect(storedConfig().projects?.[world.projectDir]?.mcpServers).toEqual(stored);
    expect(storedConfig().mcpServers).toEqual(stored);
  });

  it('round-trips without reveal only the servers without secrets; the others are refused, not stored with the placeholder', async () => {
    const stored = await storeUserServers();
    const admin = createMcpAdmin(worldAdminOptions(world));

    const { json } = await admin.exportServers({ scope: 'user' });
    const results = await admin.importServers({ json, scope: 'local' });

    const placeholder = `"${REDACTED}" is the placeholder of a hidden secret, not its value (export with reveal to keep secrets)`;
    expect(results).toEqual([
      { name: 'files', outcome: 'invalid', message: `env.API_KEY: ${placeholder}` },
      { name: 'web', outcome: 'invalid', message: `headers.Authorization: ${placeholder}` },
      {
        name: 'signed-in',
        outcome: 'added',
        message: 'Added http MCP server signed-in to local config',
        shadows: { scope: 'user', source: world.configPath },
      },
    ]);
    expect(storedConfig().projects?.[world.projectDir]?.mcpServers).toEqual({
      'signed-in': stored['signed-in'],
    });
  });
});
