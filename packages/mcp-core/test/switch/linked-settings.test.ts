/**
 * A project's settings file reached through a link is never read or written (issue 16, finding 4):
 * a repository can link `.claude/settings.local.json`, or `.claude/` itself, to a file of the user's.
 */
import { createTestWorld, FAKE_CLAUDE, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import {
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addJsonArgv } from '../../src/cli/argv';
import { McpCoreError } from '../../src/errors';
import { adminInWorld } from '../support/world-admin';
import { cliStatusLine } from '../support/cli-view';

let world: TestWorld;
// Our code is the subject: the fake CLI (core/cli/fake-claude-contract.test.ts) stores what the real one would.
beforeEach(() => {
  world = createTestWorld({ claudeBin: FAKE_CLAUDE });
});
afterEach(() => {
  world.remove();
});

const claudeDir = () => join(world.projectDir, '.claude');
const localSettings = () => join(claudeDir(), 'settings.local.json');
/** A file of the user's, outside the project, that must never land in it. */
const USER_SECRET = '{"auths": {"ghcr.io": {"auth": "Z2hwX3NlY3JldHRva2Vu"}}}\n';
const REFUSAL_END =
  ": MCP Admin neither reads nor writes a project's settings through a link, which would copy what it leads to into the project; nothing was written.";

async function seedProjectServer() {
  await runCliAsAnotherTerminal(
    world,
    world.projectDir,
    addJsonArgv('files', 'project', { type: 'stdio', command: 'node', args: ['files.js'] }),
  );
}

function userFile(name: string, text = USER_SECRET) {
  const dir = join(world.plainDir, 'home', '.docker');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('a settings file reached through a link', () => {
  it('refuses disable and enable (LINKED_FILE naming the link) when settings.local.json links to a user file, which stays untouched', async () => {
    await seedProjectServer();
    const secret = userFile('config.json');
    mkdirSync(claudeDir());
    symlinkSync(secret, localSettings());
    const admin = adminInWorld(world);

    const refusal = new McpCoreError(
      'LINKED_FILE',
      `${localSettings()} is a symbolic link (to ${secret})${REFUSAL_END}`,
    );
    await expect(admin.disable({ name: 'files', scope: 'project' })).rejects.toEqual(refusal);
    await expect(admin.enable({ name: 'files', scope: 'project' })).rejects.toEqual(refusal);
    expect({
      link: lstatSync(localSettings()).isSymbolicLink() && readlinkSync(localSettings()),
      target: readFileSync(secret, 'utf8'),
      folder: readdirSync(claudeDir()),
      cli: await cliStatusLine(world, world.projectDir, 'files'),
    }).toEqual({
      link: secret,
      target: USER_SECRET,
      folder: ['settings.local.json'],
      cli: '⏸ Pending approval (run `claude` to approve)',
    });
  });

  it('refuses when .claude/ itself links out of the project, writing nothing there or here', async () => {
    await seedProjectServer();
    const secret = userFile(
      'settings.local.json',
      '{"disabledMcpjsonServers": ["other"], "token": "s3cret"}\n',
    );
    const outside = join(world.plainDir, 'home', '.docker');
    symlinkSync(outside, claudeDir());
    const admin = adminInWorld(world);

    await expect(admin.disable({ name: 'files', scope: 'project' })).rejects.toEqual(
      new McpCoreError(
        'LINKED_FILE',
        `${localSettings()} is under ${claudeDir()}, a link leading out of the project (to ${outside})${REFUSAL_END}`,
      ),
    );
    expect({
      link: readlinkSync(claudeDir()),
      files: readdirSync(outside),
      target: readFileSync(secret, 'utf8'),
    }).toEqual({
      link: outside,
      files: ['settings.local.json'],
      target: '{"disabledMcpjsonServers": ["other"], "token": "s3cret"}\n',
    });
  });

  it('refuses a settings.local.json that is a hard link of a user file', async () => {
    await seedProjectServer();
    const secret = userFile('config.json');
    mkdirSync(claudeDir());
    linkSync(secret, localSettings());

    await expect(adminInWorld(world).disable({ name: 'files', scope: 'project' })).rejects.toEqual(
      new McpCoreError(
        'LINKED_FILE',
        `${localSettings()} is a hard link (one of 2 names of the same file)${REFUSAL_END}`,
      ),
    );
    expect(readFileSync(secret, 'utf8')).toBe(USER_SECRET);
    expect(readFileSync(localSettings(), 'utf8')).toBe(USER_SECRET);
  });

  it('writes through a .claude/ that links to a folder inside the project, as Claude Code reads it', async () => {
    await seedProjectServer();
    const shared = join(world.projectDir, 'config', 'claude');
    mkdirSync(shared, { recursive: true });
    symlinkSync(shared, claudeDir());

    await expect(adminInWorld(world).disable({ name: 'files', scope: 'project' })).resolves.toMatchObject({
      ok: true,
    });
    expect({
      settings: JSON.parse(readFileSync(join(shared, 'settings.local.json'), 'utf8')) as unknown,
      cli: await cliStatusLine(world, world.projectDir, 'files'),
    }).toEqual({
      settings: { disabledMcpjsonServers: ['files'] },
      cli: '✘ Rejected (see disabledMcpjsonServers in settings)',
    });
  });

  it('refuses the undo of a switch once the settings file became a link, leaving the link and its target as they are', async () => {
    await seedProjectServer();
    const admin = adminInWorld(world);
    await admin.disable({ name: 'files', scope: 'project' });
    const [disabled] = await admin.history();
    const secret = userFile('config.json');
    renameSync(localSettings(), join(world.plainDir, 'moved-away.json'));
    symlinkSync(secret, localSettings());

    await expect(admin.undo({ id: disabled?.id ?? '' })).rejects.toEqual(
      new McpCoreError('LINKED_FILE', `${localSettings()} is a symbolic link (to ${secret})${REFUSAL_END}`),
    );
    expect({ link: readlinkSync(localSettings()), target: readFileSync(secret, 'utf8') }).toEqual({
      link: secret,
      target: USER_SECRET,
    });
  });
});
