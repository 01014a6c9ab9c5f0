/**
 * Credentials in arguments and URLs are hidden wherever env values are without `reveal`: the list,
 * the history answers, the audit log, export and import sources (issue 18, point 9), against the
 * real CLI. An import of what was hidden is refused, never stored as the secret.
 */
import { createTestWorld, FAKE_CLAUDE } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REDACTED } from '../../../src/config';
import { adminInWorld, storedConfigOf } from '../../support/world-admin';

let world: TestWorld;
// Our code is the subject: the fake CLI (core/cli/fake-claude-contract.test.ts) stores what the real one would.
beforeEach(() => {
  world = createTestWorld({ claudeBin: FAKE_CLAUDE });
});
afterEach(() => {
  world.remove();
});

const R = REDACTED;
const SECRETS = ['hunter2', 'tok-value-1', 'pass-word-2', 'key-value-3'];
const DB = {
  command: 'psql',
  args: ['postgresql://app:hunter2@db.internal/app', '--token', 'tok-value-1'],
};
const WEB_URL = 'https://user:pass-word-2@e.test/mcp?api_key=key-value-3';
const MASKED_DB_ARGS = [`postgresql://app:${R}@db.internal/app`, '--token', R];
const MASKED_WEB_URL = `https://user:${R}@e.test/mcp?api_key=${R}`;

async function seededAdmin() {
  const admin = adminInWorld(world);
  await admin.add({ name: 'db', scope: 'user', ...DB });
  await admin.add({ name: 'web', scope: 'project', url: WEB_URL });
  // A project Claude Code knows: its .mcp.json is an import source.
  writeFileSync(
    world.configPath,
    JSON.stringify({ ...storedConfigOf(world), projects: { [world.projectDir]: {} } }),
  );
  return admin;
}

const leaks = (text: string) => SECRETS.filter((secret) => text.includes(secret));

describe('credentials in arguments and URLs', () => {
  it('are hidden in the list and shown with reveal', async () => {
    const admin = await seededAdmin();
    const shown = (servers: { name: string; args?: string[]; url?: string }[]) =>
      servers
        .map(({ name, args, url }) => ({ name, args, url }))
        .sort((a, b) => a.name.localeCompare(b.name));

    expect(shown((await admin.list()).servers)).toEqual([
      { name: 'db', args: MASKED_DB_ARGS, url: undefined },
      { name: 'web', args: undefined, url: MASKED_WEB_URL },
    ]);
    expect(shown((await admin.list({ reveal: true })).servers)).toEqual([
      { name: 'db', args: DB.args, url: undefined },
      { name: 'web', args: undefined, url: WEB_URL },
    ]);
  });

  it('are hidden in the history answers and the audit log, which the CLI reports quote', async () => {
    const admin = await seededAdmin();
    const history = await admin.history();
    const audit = readFileSync(join(world.configDir, '.mcp-admin', 'audit.jsonl'), 'utf8');

    expect({
      messages: history.map(({ name, message }) => ({ name, message })),
      historyLeaks: leaks(JSON.stringify(history)),
      auditLeaks: leaks(audit),
      // The history file itself keeps them: undo needs the whole entry.
      journalKeeps: leaks(readFileSync(join(world.configDir, '.mcp-admin', 'history.jsonl'), 'utf8')),
    }).toEqual({
      messages: [
        // add-json's report names the server and the scope, not its command or URL.
        { name: 'web', message: 'Added http MCP server web to project config' },
        { name: 'db', message: 'Added stdio MCP server db to user config' },
      ],
      historyLeaks: [],
      auditLeaks: [],
      journalKeeps: SECRETS,
    });
  });

  it('are hidden in an export and an import source without reveal, and an import of what was hidden is refused', async () => {
    const admin = await seededAdmin();
    const exported = await admin.exportServers({ scope: 'user' });
    const source = await admin.importSource({ path: join(world.projectDir, '.mcp.json') });

    expect({
      exported: JSON.parse(exported.json) as unknown,
      source: JSON.parse(source.json) as unknown,
      revealed: leaks((await admin.exportServers({ scope: 'user', reveal: true })).json),
    }).toEqual({
      exported: { mcpServers: { db: { type: 'stdio', ...DB, args: MASKED_DB_ARGS, env: {} } } },
      source: { mcpServers: { web: { type: 'http', url: MASKED_WEB_URL } } },
      revealed: ['hunter2', 'tok-value-1'],
    });
    const placeholder = `"${R}" is the placeholder of a hidden secret, not its value (export with reveal to keep secrets)`;
    await expect(admin.importServers({ json: exported.json, scope: 'local' })).resolves.toEqual([
      { name: 'db', outcome: 'invalid', message: `args.0: ${placeholder}; args.2: ${placeholder}` },
    ]);
  });
});
