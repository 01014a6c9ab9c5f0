/**
 * `mcp.import`'s choices per server, on the fake CLI (the real one's `mcp get` judges): the preview
 * says which stored entry an import would shadow (or be shadowed by), `replace` puts the imported
 * entry in that one's place, and `renames` imports a server under another name (an invalid or taken
 * one, renamed in place).
 */
import {
  createTestWorld,
  FAKE_CLAUDE,
  PINNED_CLAUDE_BIN,
  runCliAsAnotherTerminal,
} from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addArgv } from '../../src/cli/argv';
import { McpCoreError } from '../../src/errors';
import { adminInWorld, fixture, storedConfigOf } from '../support/world-admin';

let world: TestWorld;
// Our code is the subject: the fake CLI (core/cli/fake-claude-contract.test.ts) stores what the real one would.
beforeEach(() => {
  world = createTestWorld({ claudeBin: FAKE_CLAUDE });
});
afterEach(() => {
  world.remove();
});

const mine = { type: 'stdio', command: 'node', args: ['mine.js'], env: {} };
/** As add-json stores the document's entry: as written. */
const theirs = { command: 'node', args: ['theirs.js'] };

const DOCUMENT = JSON.stringify({
  mcpServers: {
    github: { command: 'node', args: ['theirs.js'] },
    'puppeteer server': { command: 'npx', args: ['-y', 'puppeteer-mcp'] },
  },
});

/** The user's own `github`, in user scope, as another terminal added it. */
async function storeUserGithub(): Promise<void> {
  await runCliAsAnotherTerminal(
    world,
    world.projectDir,
    addArgv({ name: 'github', scope: 'user', command: 'node', args: ['mine.js'] }),
  );
}

function localServers(): unknown {
  return storedConfigOf(world).projects?.[world.projectDir]?.mcpServers;
}

describe('import choices', () => {
  it('previews that an import into local scope will shadow the user-scope entry of that name, naming it', async () => {
    await storeUserGithub();
    const admin = adminInWorld(world);

    const preview = await admin.importServers({
      json: DOCUMENT,
      scope: 'local',
      dryRun: true,
      only: ['github'],
    });

    expect(preview).toEqual([
      {
        name: 'github',
        outcome: 'would-add',
        message: `Would be added to local scope. It will shadow User › github (${world.configPath}): Claude Code will use the imported one.`,
        shadows: { scope: 'user', source: world.configPath },
      },
    ]);
  });

  it('previews that an import into user scope will be shadowed by the local entry of that name', async () => {
    await runCliAsAnotherTerminal(
      world,
      world.projectDir,
      addArgv({ name: 'github', scope: 'local', command: 'node', args: ['mine.js'] }),
    );
    const admin = adminInWorld(world);

    const [github] = await admin.importServers({
      json: DOCUMENT,
      scope: 'user',
      dryRun: true,
      only: ['github'],
    });

    expect(github).toEqual({
      name: 'github',
      outcome: 'would-add',
      message: `Would be added to user scope. Local › github (${world.configPath}) will shadow it: Claude Code keeps using that one.`,
      shadowedBy: { scope: 'local', source: world.configPath },
    });
  });

  it('with replace, puts the imported entry in place of the one it would shadow, in that scope, and undo brings the old one back', async () => {
    await storeUserGithub();
    const admin = adminInWorld(world);

    const [preview] = await admin.importServers({
      json: DOCUMENT,
      scope: 'local',
      dryRun: true,
      only: ['github'],
      replace: ['github'],
    });
    const [imported] = await admin.importServers({
      json: DOCUMENT,
      scope: 'local',
      only: ['github'],
      replace: ['github'],
    });

    expect(preview).toEqual({
      name: 'github',
      outcome: 'would-add',
      message: `Will replace User › github (${world.configPath}).`,
      replaces: { scope: 'user', source: world.configPath },
    });
    expect(imported).toMatchObject({ name: 'github', outcome: 'added', replaces: { scope: 'user' } });
    expect(storedConfigOf(world).mcpServers).toEqual({ github: theirs });
    expect(localServers()).toBeUndefined();
    // Claude Code itself sees the imported entry.
    const shown = await runCliAsAnotherTerminal(world, world.projectDir, ['mcp', 'get', 'github'], {
      bin: PINNED_CLAUDE_BIN,
    });
    expect(shown).toContain('theirs.js');

    const [change] = await admin.history();
    expect(change).toMatchObject({ procedure: 'mcp.import', name: 'github', scope: 'user' });
    await admin.undo({ id: change?.id ?? '' });
    expect(storedConfigOf(world).mcpServers).toEqual({ github: mine });
  });

  it('without replace, reports a same-scope entry as there, offering replace or rename, and changes nothing', async () => {
    await storeUserGithub();
    const admin = adminInWorld(world);
    const before = readFileSync(world.configPath, 'utf8');

    const [github] = await admin.importServers({ json: DOCUMENT, scope: 'user', only: ['github'] });

    expect(github).toEqual({
      name: 'github',
      outcome: 'exists',
      message: `Already in user scope (${world.configPath}), different in args; replace it or rename this one.`,
    });
    expect(readFileSync(world.configPath, 'utf8')).toBe(before);
  });

  it('with renames, imports a server whose name breaks the rules under the name given, and a taken name beside the stored one', async () => {
    await storeUserGithub();
    const admin = adminInWorld(world);
    const renames = { 'puppeteer server': 'puppeteer', github: 'github-theirs' };

    const before = await admin.importServers({ json: DOCUMENT, scope: 'user', dryRun: true });
    const imported = await admin.importServers({ json: DOCUMENT, scope: 'user', renames });

    expect(before[1]).toMatchObject({ name: 'puppeteer server', outcome: 'invalid' });
    expect(imported).toEqual([
      {
        name: 'github',
        importedAs: 'github-theirs',
        outcome: 'added',
        message: 'Added stdio MCP server github-theirs to user config',
      },
      {
        name: 'puppeteer server',
        importedAs: 'puppeteer',
        outcome: 'added',
        message: 'Added stdio MCP server puppeteer to user config',
      },
    ]);
    expect(storedConfigOf(world).mcpServers).toEqual({
      github: mine,
      'github-theirs': theirs,
      puppeteer: { command: 'npx', args: ['-y', 'puppeteer-mcp'] },
    });
  });

  it('refuses a rename onto the name another server of the document is imported as', async () => {
    const admin = adminInWorld(world);

    const preview = await admin.importServers({
      json: DOCUMENT,
      scope: 'user',
      dryRun: true,
      renames: { 'puppeteer server': 'github' },
    });

    expect(preview[1]).toEqual({
      name: 'puppeteer server',
      importedAs: 'github',
      outcome: 'invalid',
      message: 'name: "github" is also the name another server of this document is imported as',
    });
  });

  it("with replace into project scope, finds the same name in a parent directory's .mcp.json, names it in the preview and replaces it there", async () => {
    const parentMcpJson = join(world.projectDir, '.mcp.json');
    writeFileSync(parentMcpJson, `${JSON.stringify({ mcpServers: { github: mine } }, null, 2)}\n`);
    const admin = adminInWorld(world);
    const choice = {
      json: DOCUMENT,
      scope: 'project' as const,
      projectPath: world.nestedDir,
      only: ['github'],
      replace: ['github'],
    };

    const [preview] = await admin.importServers({ ...choice, dryRun: true });
    const [imported] = await admin.importServers(choice);

    expect(preview).toEqual({
      name: 'github',
      outcome: 'would-add',
      message: `Will replace Project › github (${parentMcpJson}).`,
      replaces: { scope: 'project', source: parentMcpJson },
    });
    expect(imported).toMatchObject({
      outcome: 'added',
      replaces: { scope: 'project', source: parentMcpJson },
    });
    expect(existsSync(join(world.nestedDir, '.mcp.json'))).toBe(false);
    expect(JSON.parse(readFileSync(parentMcpJson, 'utf8'))).toEqual({ mcpServers: { github: theirs } });
    // Claude Code, run in the project, loads the replaced entry.
    const shown = await runCliAsAnotherTerminal(world, world.nestedDir, ['mcp', 'get', 'github'], {
      bin: PINNED_CLAUDE_BIN,
    });
    expect(shown).toContain('theirs.js');
    expect(shown).not.toContain('mine.js');
  });

  it('refuses renames and replace naming servers the document lacks, and an invalid new name, before any spawn', async () => {
    await storeUserGithub();
    const cliLog = join(world.plainDir, 'cli.log');
    const admin = adminInWorld(world, fixture('start-end-logging-claude.sh'), { CLI_LOG: cliLog });
    const before = readFileSync(world.configPath, 'utf8');

    await expect(
      admin.importServers({ json: DOCUMENT, scope: 'user', renames: { nope: 'other' } }),
    ).rejects.toEqual(new McpCoreError('INVALID_INPUT', 'renames: "nope" not in the document'));
    await expect(admin.importServers({ json: DOCUMENT, scope: 'user', replace: ['nope'] })).rejects.toEqual(
      new McpCoreError('INVALID_INPUT', 'replace: "nope" not in the document'),
    );
    await expect(
      admin.importServers({ json: DOCUMENT, scope: 'user', renames: { github: 'has space' } }),
    ).rejects.toMatchObject({
      issues: [
        { path: ['renames', 'github'], message: 'name may only contain letters, digits, "_" and "-"' },
      ],
    });
    expect(existsSync(cliLog)).toBe(false);
    expect(readFileSync(world.configPath, 'utf8')).toBe(before);
  });
});
