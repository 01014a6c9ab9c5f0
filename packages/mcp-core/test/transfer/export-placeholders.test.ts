/**
 * `mcp.export { placeholders: true }`: a document to share that holds no secret and imports back,
 * each secret a `${VAR}` that Claude Code stores as written and expands when it starts the server.
 */
import {
  createTestWorld,
  FAKE_CLAUDE,
  PINNED_CLAUDE_BIN,
  runCliAsAnotherTerminal,
  worldAdminOptions,
} from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addJsonArgv } from '../../src/cli/argv';
import { createMcpAdmin } from '../../src/service/mcp-admin';
import { exportDocument } from '../../src/transfer/export-document';

let world: TestWorld;
// Our code is the subject: the fake CLI (core/cli/fake-claude-contract.test.ts) stores what the real one would.
beforeEach(() => {
  world = createTestWorld({ claudeBin: FAKE_CLAUDE });
});
afterEach(() => {
  world.remove();
});

const files = {
  type: 'stdio',
  command: 'npx',
  args: ['files'],
  env: { API_KEY: 's3cret', MODE: '${MODE:-ro}' },
};
const web = { type: 'http', url: 'https://e.test/mcp', headers: { Authorization: 'Bearer t0ken' } };
const db = {
  type: 'stdio',
  command: 'pg-mcp',
  args: ['postgresql://app:hunter2@db/x', '--token', 'tok3n'],
  env: {},
};

describe('export with placeholders', () => {
  it('writes each secret as a ${VAR} and lists the variables; imported into local scope, Claude Code stores the placeholders', async () => {
    for (const [name, entry] of Object.entries({ files, web, db })) {
      const { argv, stdin } = addJsonArgv(name, 'user', entry);
      await runCliAsAnotherTerminal(world, world.projectDir, { argv, stdin });
    }
    const admin = createMcpAdmin(worldAdminOptions(world));

    const exported = await admin.exportServers({ scope: 'user', placeholders: true });
    const results = await admin.importServers({ json: exported.json, scope: 'local' });

    expect(JSON.parse(exported.json)).toEqual({
      mcpServers: {
        files: { ...files, env: { API_KEY: '${API_KEY}', MODE: '${MODE}' } },
        web: { ...web, headers: { Authorization: '${WEB_AUTHORIZATION}' } },
        db: { ...db, args: ['postgresql://app:${DB_ARGS}@db/x', '--token', '${DB_ARGS_2}'] },
      },
    });
    expect(exported.placeholders).toEqual([
      { variable: 'API_KEY', server: 'files', field: 'env.API_KEY' },
      { variable: 'MODE', server: 'files', field: 'env.MODE' },
      { variable: 'WEB_AUTHORIZATION', server: 'web', field: 'headers.Authorization' },
      { variable: 'DB_ARGS', server: 'db', field: 'args' },
      { variable: 'DB_ARGS_2', server: 'db', field: 'args' },
    ]);
    for (const secret of ['s3cret', 't0ken', 'hunter2', 'tok3n']) expect(exported.json).not.toContain(secret);
    expect(results.map(({ name, outcome }) => ({ name, outcome }))).toEqual([
      { name: 'files', outcome: 'added' },
      { name: 'web', outcome: 'added' },
      { name: 'db', outcome: 'added' },
    ]);
    const stored = JSON.parse(readFileSync(world.configPath, 'utf8')) as {
      projects: Record<string, { mcpServers: Record<string, unknown> }>;
    };
    expect(stored.projects[world.projectDir]?.mcpServers.files).toEqual({
      ...files,
      env: { API_KEY: '${API_KEY}', MODE: '${MODE}' },
    });
    // The oracle: Claude Code shows the placeholder it will expand, not a value.
    const shown = await runCliAsAnotherTerminal(world, world.projectDir, ['mcp', 'get', 'web'], {
      bin: PINNED_CLAUDE_BIN,
    });
    expect(shown).toContain('${WEB_AUTHORIZATION}');
  });

  it('refuses placeholders together with reveal, naming the field', async () => {
    const admin = createMcpAdmin(worldAdminOptions(world));

    await expect(
      admin.exportServers({ scope: 'user', reveal: true, placeholders: true }),
    ).rejects.toMatchObject({
      issues: [
        {
          path: ['placeholders'],
          message:
            'placeholders and reveal exclude each other: a document holds the secrets or their placeholders',
        },
      ],
    });
  });

  it('gives two servers one variable for the same value of one key, and the second its own for another value', () => {
    const servers = new Map<string, Record<string, unknown>>([
      ['a', { command: 'x', env: { API_KEY: 'one' } }],
      ['b', { command: 'x', env: { API_KEY: 'one' } }],
      ['c-2', { command: 'x', env: { API_KEY: 'two' } }],
    ]);

    const { json, placeholders } = exportDocument(servers, 'placeholders');

    expect(JSON.parse(json)).toEqual({
      mcpServers: {
        a: { command: 'x', env: { API_KEY: '${API_KEY}' } },
        b: { command: 'x', env: { API_KEY: '${API_KEY}' } },
        'c-2': { command: 'x', env: { API_KEY: '${C_2_API_KEY}' } },
      },
    });
    expect(placeholders).toEqual([
      { variable: 'API_KEY', server: 'a', field: 'env.API_KEY' },
      { variable: 'C_2_API_KEY', server: 'c-2', field: 'env.API_KEY' },
    ]);
  });

  it('drops the default of a kept ${VAR:-default} env or header value (a secret) and lists VAR to be set', () => {
    const servers = new Map<string, Record<string, unknown>>([
      [
        'api',
        {
          type: 'http',
          url: 'https://e.test/mcp',
          headers: { Authorization: '${API_AUTH:-Bearer d3fault-t0ken}' },
        },
      ],
      ['files', { command: 'x', env: { API_KEY: '${API_KEY:-sk-live-d3fault-0001}', PLAIN: '${PLAIN}' } }],
    ]);

    const { json, placeholders } = exportDocument(servers, 'placeholders');

    expect(JSON.parse(json)).toEqual({
      mcpServers: {
        api: { type: 'http', url: 'https://e.test/mcp', headers: { Authorization: '${API_AUTH}' } },
        files: { command: 'x', env: { API_KEY: '${API_KEY}', PLAIN: '${PLAIN}' } },
      },
    });
    expect(placeholders).toEqual([
      { variable: 'API_AUTH', server: 'api', field: 'headers.Authorization' },
      { variable: 'API_KEY', server: 'files', field: 'env.API_KEY' },
    ]);
    for (const secret of ['d3fault-t0ken', 'sk-live-d3fault-0001']) expect(json).not.toContain(secret);
  });

  it('writes values that are not strings (a number, an object, a secret-named number) as placeholders, never in clear', () => {
    const servers = new Map<string, Record<string, unknown>>([
      [
        'odd',
        {
          command: 'x',
          env: { PIN: 48151623, NESTED: { inner: 'n3sted-s3cret' } },
          headers: { 'X-Key': 99887766 },
          oauth: { clientId: 'app', clientSecret: 55443322 },
        },
      ],
    ]);

    const { json, placeholders } = exportDocument(servers, 'placeholders');

    expect(JSON.parse(json)).toEqual({
      mcpServers: {
        odd: {
          command: 'x',
          env: { PIN: '${PIN}', NESTED: '${NESTED}' },
          headers: { 'X-Key': '${ODD_X_KEY}' },
          oauth: { clientId: 'app', clientSecret: '${ODD_CLIENTSECRET}' },
        },
      },
    });
    expect(placeholders?.map((each) => each.variable)).toEqual([
      'PIN',
      'NESTED',
      'ODD_X_KEY',
      'ODD_CLIENTSECRET',
    ]);
    for (const secret of ['48151623', 'n3sted-s3cret', '99887766', '55443322'])
      expect(json).not.toContain(secret);
  });

  it('never gives a secret the name of a variable a kept ${VAR} reference uses, whichever server comes first', () => {
    const servers = new Map<string, Record<string, unknown>>([
      ['a', { command: 'x', env: { API_KEY: 'literal-of-a' } }],
      ['b', { command: 'x', env: { TOKEN: '${API_KEY}' }, args: ['--from', '${MODE:-ro}'] }],
      ['c', { command: 'x', env: { MODE: 'literal-of-c' } }],
    ]);

    const { json, placeholders } = exportDocument(servers, 'placeholders');

    expect(JSON.parse(json)).toEqual({
      mcpServers: {
        a: { command: 'x', env: { API_KEY: '${A_API_KEY}' } },
        b: { command: 'x', env: { TOKEN: '${API_KEY}' }, args: ['--from', '${MODE:-ro}'] },
        c: { command: 'x', env: { MODE: '${C_MODE}' } },
      },
    });
    expect(placeholders).toEqual([
      { variable: 'A_API_KEY', server: 'a', field: 'env.API_KEY' },
      { variable: 'C_MODE', server: 'c', field: 'env.MODE' },
    ]);
  });
});
