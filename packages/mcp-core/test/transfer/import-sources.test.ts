/** Where imports come from: Claude Desktop's config and known projects' `.mcp.json`, read as untrusted files. */
import { createTestWorld, worldAdminOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REDACTED } from '../../src/config';
import { McpCoreError } from '../../src/errors';
import { createMcpAdmin } from '../../src/service/mcp-admin';
import { claudeDesktopConfigPath } from '../../src/transfer';
import { projectsToLookAt } from '../../src/transfer/import-sources';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

const DESKTOP_CONFIG = `{
  "globalShortcut": "Alt+Space",
  "mcpServers": {
    "desktop-files": { "command": "npx", "args": ["-y", "files"], "env": { "TOKEN": "desk-secret" } },
    "desktop-web": { "type": "sse", "url": "https://e.test/sse" }
  }
}
`;

/**
 * A throwaway home with Claude Desktop's config, and `.claude.json` knowing seven projects: one
 * with a good (and large) `.mcp.json`, and ones whose `.mcp.json` is a directory, a FIFO, a symlink to
 * /dev/zero, not JSON, too big, or absent.
 */
function worldWithSources() {
  const home = join(world.plainDir, 'home');
  const desktopConfig = join(home, '.config', 'Claude', 'claude_desktop_config.json');
  mkdirSync(join(home, '.config', 'Claude'), { recursive: true });
  writeFileSync(desktopConfig, DESKTOP_CONFIG);

  const project = (name: string) => join(world.plainDir, name);
  const mcpJson = (name: string) => join(project(name), '.mcp.json');
  const names = ['a-good', 'b-directory', 'c-fifo', 'd-zero', 'e-not-json', 'f-too-big', 'g-none'];
  for (const name of names) mkdirSync(project(name));
  // Padded past the first read buffer (64 KiB): only a whole read of it is valid JSON.
  writeFileSync(
    mcpJson('a-good'),
    `{"mcpServers": {"team-db": {"command": "db-server"}},${' '.repeat(300_000)}"other": true}`,
  );
  mkdirSync(mcpJson('b-directory'));
  execFileSync('mkfifo', [mcpJson('c-fifo')]);
  symlinkSync('/dev/zero', mcpJson('d-zero'));
  writeFileSync(mcpJson('e-not-json'), '{"mcpServers": }');
  writeFileSync(mcpJson('f-too-big'), ' '.repeat(2 * 1024 * 1024));
  writeFileSync(
    world.configPath,
    JSON.stringify({ projects: Object.fromEntries(names.map((name) => [project(name), {}])) }),
  );
  const admin = createMcpAdmin({ ...worldAdminOptions(world), homeDir: home });
  return { admin, desktopConfig, mcpJson };
}

describe('importSources', () => {
  it("lists Claude Desktop's config and every known project's .mcp.json; one that cannot be read says why", async () => {
    const { admin, desktopConfig, mcpJson } = worldWithSources();

    await expect(admin.importSources()).resolves.toEqual([
      {
        kind: 'desktop',
        label: 'Claude Desktop',
        path: desktopConfig,
        servers: ['desktop-files', 'desktop-web'],
      },
      { kind: 'project', label: 'Project a-good', path: mcpJson('a-good'), servers: ['team-db'] },
      {
        kind: 'project',
        label: 'Project b-directory',
        path: mcpJson('b-directory'),
        servers: [],
        error: `${mcpJson('b-directory')} is a directory, not a regular file`,
      },
      {
        kind: 'project',
        label: 'Project c-fifo',
        path: mcpJson('c-fifo'),
        servers: [],
        error: `${mcpJson('c-fifo')} is a FIFO, not a regular file`,
      },
      {
        kind: 'project',
        label: 'Project d-zero',
        path: mcpJson('d-zero'),
        servers: [],
        error: `${mcpJson('d-zero')} is a symbolic link: only a regular .mcp.json inside its project is read, never what a link leads to`,
      },
      {
        kind: 'project',
        label: 'Project e-not-json',
        path: mcpJson('e-not-json'),
        servers: [],
        error: `${mcpJson('e-not-json')} is not valid JSON: Unexpected character at line 1, column 16`,
      },
      {
        kind: 'project',
        label: 'Project f-too-big',
        path: mcpJson('f-too-big'),
        servers: [],
        error: `${mcpJson('f-too-big')} is 2 MiB, over the 1 MiB limit`,
      },
    ]);
  });

  it('lists nothing when there is no Claude Desktop config and no project', async () => {
    const admin = createMcpAdmin({
      ...worldAdminOptions(world),
      homeDir: join(world.plainDir, 'empty-home'),
    });
    await expect(admin.importSources()).resolves.toEqual([]);
  });
});

describe('importSource', () => {
  it("hands out a listed source's servers, never its text: secrets with reveal, hidden without, no other key", async () => {
    const { admin, desktopConfig } = worldWithSources();

    const revealed = await admin.importSource({ path: desktopConfig, reveal: true });
    expect({ ...revealed, json: JSON.parse(revealed.json) as unknown }).toEqual({
      kind: 'desktop',
      label: 'Claude Desktop',
      path: desktopConfig,
      json: { mcpServers: (JSON.parse(DESKTOP_CONFIG) as { mcpServers: unknown }).mcpServers },
    });
    const hidden = await admin.importSource({ path: desktopConfig });
    expect(hidden).toEqual({
      kind: 'desktop',
      label: 'Claude Desktop',
      path: desktopConfig,
      json: expect.any(String) as unknown,
    });
    expect(JSON.parse(hidden.json)).toEqual({
      mcpServers: {
        'desktop-files': { command: 'npx', args: ['-y', 'files'], env: { TOKEN: REDACTED } },
        'desktop-web': { type: 'sse', url: 'https://e.test/sse' },
      },
    });
  });

  it("never reads what a known project's .mcp.json links to, even a valid document; Claude Desktop's config may be the user's link", async () => {
    const home = join(world.plainDir, 'home');
    mkdirSync(join(home, '.ssh'), { recursive: true });
    mkdirSync(join(home, 'dotfiles'));
    const privateKey = join(home, '.ssh', 'id_ed25519');
    writeFileSync(
      privateKey,
      '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE\n-----END OPENSSH PRIVATE KEY-----\n',
    );
    const userDocument = join(home, 'servers.json');
    writeFileSync(
      userDocument,
      '{"mcpServers": {"mine": {"command": "node", "env": {"TOKEN": "users-own"}}}}',
    );
    const desktopConfig = join(home, '.config', 'Claude', 'claude_desktop_config.json');
    mkdirSync(join(home, '.config', 'Claude'), { recursive: true });
    writeFileSync(join(home, 'dotfiles', 'desktop.json'), DESKTOP_CONFIG);
    symlinkSync(join(home, 'dotfiles', 'desktop.json'), desktopConfig);
    const toKey = join(world.plainDir, 'to-key');
    const toDocument = join(world.plainDir, 'to-document');
    for (const [dir, target] of [
      [toKey, privateKey],
      [toDocument, userDocument],
    ] as const) {
      mkdirSync(dir);
      symlinkSync(target, join(dir, '.mcp.json'));
    }
    writeFileSync(world.configPath, JSON.stringify({ projects: { [toKey]: {}, [toDocument]: {} } }));
    const admin = createMcpAdmin({ ...worldAdminOptions(world), homeDir: home });
    const linkError = (dir: string) =>
      `${join(dir, '.mcp.json')} is a symbolic link: only a regular .mcp.json inside its project is read, never what a link leads to`;

    const answers = {
      sources: await admin.importSources(),
      key: await admin
        .importSource({ path: join(toKey, '.mcp.json'), reveal: true })
        .catch((error: unknown) => error),
      document: await admin
        .importSource({ path: join(toDocument, '.mcp.json'), reveal: true })
        .catch((error: unknown) => error),
      desktop: (await admin.importSource({ path: desktopConfig, reveal: true })).json,
    };
    expect(answers).toEqual({
      sources: [
        {
          kind: 'desktop',
          label: 'Claude Desktop',
          path: desktopConfig,
          servers: ['desktop-files', 'desktop-web'],
        },
        {
          kind: 'project',
          label: 'Project to-document',
          path: join(toDocument, '.mcp.json'),
          servers: [],
          error: linkError(toDocument),
        },
        {
          kind: 'project',
          label: 'Project to-key',
          path: join(toKey, '.mcp.json'),
          servers: [],
          error: linkError(toKey),
        },
      ],
      key: new McpCoreError('INVALID_INPUT', linkError(toKey)),
      document: new McpCoreError('INVALID_INPUT', linkError(toDocument)),
      desktop: expect.stringContaining('desk-secret') as unknown,
    });
    expect(JSON.stringify(answers)).not.toMatch(/PRIVATE|b3Bl|users-own/);
  });

  it("refuses a path that is neither Claude Desktop's config nor a known project's .mcp.json, whatever the file", async () => {
    const { admin } = worldWithSources();
    const unknownProject = join(world.plainDir, 'unknown');
    mkdirSync(unknownProject);
    writeFileSync(join(unknownProject, '.mcp.json'), '{"mcpServers": {}}');

    for (const path of [world.configPath, '/etc/passwd', join(unknownProject, '.mcp.json')]) {
      await expect(admin.importSource({ path, reveal: true })).rejects.toEqual(
        new McpCoreError(
          'INVALID_INPUT',
          `path "${path}" is not an import source: only Claude Desktop's config and known projects' .mcp.json are read`,
        ),
      );
    }
  });

  it('refuses a source that cannot be read, without waiting on a FIFO, and one that is not there', async () => {
    const { admin, mcpJson } = worldWithSources();

    await expect(admin.importSource({ path: mcpJson('c-fifo'), reveal: true })).rejects.toEqual(
      new McpCoreError('INVALID_INPUT', `${mcpJson('c-fifo')} is a FIFO, not a regular file`),
    );
    await expect(admin.importSource({ path: mcpJson('g-none'), reveal: true })).rejects.toEqual(
      new McpCoreError('INVALID_INPUT', `${mcpJson('g-none')} does not exist`),
    );
  });
});

describe('claudeDesktopConfigPath', () => {
  it.each([
    ['linux', '/home/me/.config/Claude/claude_desktop_config.json'],
    ['darwin', '/home/me/Library/Application Support/Claude/claude_desktop_config.json'],
  ] as const)('on %s, under the home directory', (platform, path) => {
    expect(claudeDesktopConfigPath({ platform, homeDir: '/home/me', appData: undefined })).toBe(path);
  });

  it('on Windows, under %APPDATA%, and nowhere without it', () => {
    const appData = 'C:\\Users\\me\\AppData\\Roaming';
    expect(claudeDesktopConfigPath({ platform: 'win32', homeDir: 'C:\\Users\\me', appData })).toBe(
      'C:\\Users\\me\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
    );
    expect(claudeDesktopConfigPath({ platform: 'win32', homeDir: 'C:\\Users\\me', appData: undefined })).toBe(
      undefined,
    );
  });
});

describe('projectsToLookAt', () => {
  const project = (index: number, hasMcpJson: boolean) => ({
    path: `/p/${String(index).padStart(6, '0')}`,
    localCount: 0,
    hasMcpJson,
  });

  it('looks at every project of a config that knows up to 10,000', () => {
    const projects = Array.from({ length: 10_000 }, (_, index) => project(index, index % 2 === 0));
    expect(projectsToLookAt(projects)).toEqual(projects);
  });

  it('of more, looks at 10,000 in path order: every one last seen with a .mcp.json, then the first others', () => {
    const projects = Array.from({ length: 20_000 }, (_, index) => project(index, index >= 15_000));
    const looked = projectsToLookAt(projects);
    expect(looked).toHaveLength(10_000);
    expect(looked.slice(0, 5_000)).toEqual(projects.slice(0, 5_000));
    expect(looked.slice(5_000)).toEqual(projects.slice(15_000));
  });
});
