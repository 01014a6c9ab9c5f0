/**
 * A file that is not JSON is told by where it breaks, never by what it holds: it may be a private
 * key or a token store a link led to (issue 16, finding 4). Every reader that reports a JSON error.
 */
import { createTestWorld } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { McpCoreError } from '../../src/errors';
import { adminInWorld } from '../support/world-admin';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

/** Not JSON from its first character; every part of it is secret. */
const PRIVATE_KEY =
  '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU\n-----END OPENSSH PRIVATE KEY-----\n';
/** JSON until the secret, which is where V8's message would quote it. */
const CUT_TOKEN_STORE = '{"auths": {"ghcr.io": {"auth": "Z2hwX3NlY3JldHRva2VuMTIzNDU2Nzg5MA==" x}}}';

describe('messages about a file that is not JSON', () => {
  it('name the file and the position, never a character of it: own files, settings, history, import sources', async () => {
    const adminDir = join(world.configDir, '.mcp-admin');
    mkdirSync(adminDir, { mode: 0o700 });
    writeFileSync(join(adminDir, 'disabled.json'), CUT_TOKEN_STORE);
    writeFileSync(join(adminDir, 'history.jsonl'), `${CUT_TOKEN_STORE}\n`);
    writeFileSync(join(world.configDir, 'settings.json'), PRIVATE_KEY);
    mkdirSync(join(world.projectDir, '.claude'));
    const localSettings = join(world.projectDir, '.claude', 'settings.local.json');
    writeFileSync(localSettings, CUT_TOKEN_STORE);
    writeFileSync(join(world.projectDir, '.mcp.json'), PRIVATE_KEY);
    writeFileSync(
      world.configPath,
      JSON.stringify({ projects: { [world.projectDir]: {} }, mcpServers: { a: { command: 'node' } } }),
    );
    const warnings: string[] = [];
    const admin = adminInWorld(world, undefined, {}, { logWarning: (message) => warnings.push(message) });

    const { problems } = await admin.list();
    // A journal line that is not JSON is skipped and reported by where it is (see history-file.test.ts).
    const history = await admin.history().catch((error: unknown) => error);
    const disable = await admin.disable({ name: 'a', scope: 'user' }).catch((error: unknown) => error);
    const sources = await admin.importSources();
    const source = await admin
      .importSource({ path: join(world.projectDir, '.mcp.json'), reveal: true })
      .catch((error: unknown) => error);

    const mcpJson = join(world.projectDir, '.mcp.json');
    const stash = join(adminDir, 'disabled.json');
    expect({ problems, history, disable, sources, source }).toEqual({
      problems: expect.arrayContaining([
        { file: mcpJson, message: `${mcpJson} is not valid JSON: Unexpected character at line 1, column 2` },
        {
          file: join(world.configDir, 'settings.json'),
          message: `${join(world.configDir, 'settings.json')} is not valid JSON: Unexpected character at line 1, column 2`,
        },
        {
          file: localSettings,
          message: `${localSettings} is not valid JSON: Unexpected character at line 1, column 71`,
        },
        {
          file: stash,
          message: `${stash} is not valid JSON: Unexpected character at line 1, column 71: MCP Admin cannot tell which servers it turned off.`,
        },
      ]) as unknown,
      history: [],
      disable: new McpCoreError(
        'CONFIG_UNREADABLE',
        `${stash} is not valid JSON: Unexpected character at line 1, column 71: MCP Admin cannot tell which servers it turned off.`,
      ),
      sources: [
        {
          kind: 'project',
          label: 'Project repo',
          path: mcpJson,
          servers: [],
          error: `${mcpJson} is not valid JSON: Unexpected character at line 1, column 1`,
        },
      ],
      source: new McpCoreError(
        'INVALID_INPUT',
        `${mcpJson} is not valid JSON: Unexpected character at line 1, column 1`,
      ),
    });
    expect(warnings).toContainEqual(
      `${join(adminDir, 'history.jsonl')}: the line at byte 0 is skipped: it is not JSON (cut off while it was written?).`,
    );
    const told = JSON.stringify({ problems, history, disable, sources, source, warnings });
    for (const secret of ['BEGIN', 'b3BlbnNz', 'Z2hw', '"auth"', 'ghcr']) expect(told).not.toContain(secret);
  });
});
