import { createTestWorld, worldReadOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readClaudeConfig } from '../../src/config/claude-config';
import { configPathFor } from '../../src/config/config-path';
import { REDACTED, findStoredEntries, listProjects, listServers, localProjectKey } from '../../src/config';
import { McpCoreError } from '../../src/errors';
import type { Server } from '../../src/config/types';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

function writeJson(path: string, value: unknown): void {
  writeFileSync(path, JSON.stringify(value, null, 2));
}

function writeConfig(value: unknown): void {
  writeJson(world.configPath, value);
}

function serversOf(projectPath: string, reveal = false): Promise<Server[]> {
  return listServers({ ...worldReadOptions(world), projectPath, reveal }).then((list) => list.servers);
}

/** The servers as stored, for tests of reading and normalizing: statuses are effective-view.test.ts's. */
async function storedShapesOf(projectPath: string, reveal = false) {
  return (await serversOf(projectPath, reveal)).map(
    ({ status: _status, statusReason: _reason, ...server }) => server,
  );
}

/** The verdict on an entry nothing stops: Claude Code loads it from `file`. */
const activeIn = (name: string, file: string) =>
  ({ status: 'active', statusReason: `${JSON.stringify(name)} is in mcpServers of ${file}.` }) as const;

describe('configPathFor', () => {
  it('is .claude.json in CLAUDE_CONFIG_DIR when set, else in the home directory', () => {
    expect(configPathFor('/srv/claude')).toBe('/srv/claude/.claude.json');
    expect(configPathFor(undefined)).toBe(join(homedir(), '.claude.json'));
  });
});

describe('listServers', () => {
  it('lists nothing when .claude.json does not exist', async () => {
    await expect(listServers({ ...worldReadOptions(world), projectPath: world.projectDir })).resolves.toEqual(
      {
        configPath: world.configPath,
        projectPath: world.projectDir,
        servers: [],
        problems: [],
      },
    );
  });

  it('normalizes every stored shape, keeping unknown ones and other fields', async () => {
    writeConfig({
      mcpServers: {
        'a-untyped': { command: 'node', args: ['server.js'], env: { K: 'v' } },
        'b-stdio': { type: 'stdio', command: 'npx' },
        'c-streamable': { type: 'streamable-http', url: 'https://c.example/mcp', headers: { A: '1' } },
        'd-sse': { type: 'sse', url: 'https://d.example/sse' },
        'e-ws': { type: 'ws', url: 'ws://e.example' },
        'f-http-without-url': { type: 'http' },
        'g-without-command': { args: ['x'] },
        'h-string': 'node server.js',
        'i-null': null,
        'j-extra': {
          type: 'http',
          url: 'https://j.example/mcp',
          oauth: { clientId: 'id', callbackPort: 8080 },
          headersHelper: '/usr/local/bin/headers',
          timeout: 30000,
          alwaysLoad: true,
        },
        'k-malformed': { command: 'x', args: '--flag', env: ['K=V'] },
      },
    });
    const user = { scope: 'user', source: world.configPath } as const;

    await expect(storedShapesOf(world.plainDir, true)).resolves.toEqual([
      {
        name: 'a-untyped',
        ...user,
        transport: 'stdio',
        command: 'node',
        args: ['server.js'],
        env: { K: 'v' },
      },
      { name: 'b-stdio', ...user, transport: 'stdio', command: 'npx' },
      { name: 'c-streamable', ...user, transport: 'http', url: 'https://c.example/mcp', headers: { A: '1' } },
      { name: 'd-sse', ...user, transport: 'sse', url: 'https://d.example/sse' },
      { name: 'e-ws', ...user, transport: 'unknown', url: 'ws://e.example', extra: { type: 'ws' } },
      { name: 'f-http-without-url', ...user, transport: 'unknown', extra: { type: 'http' } },
      { name: 'g-without-command', ...user, transport: 'unknown', args: ['x'] },
      { name: 'h-string', ...user, transport: 'unknown' },
      { name: 'i-null', ...user, transport: 'unknown' },
      {
        name: 'j-extra',
        ...user,
        transport: 'http',
        url: 'https://j.example/mcp',
        extra: {
          oauth: { clientId: 'id', callbackPort: 8080 },
          headersHelper: '/usr/local/bin/headers',
          timeout: 30000,
          alwaysLoad: true,
        },
      },
      {
        name: 'k-malformed',
        ...user,
        transport: 'stdio',
        command: 'x',
        extra: { args: '--flag', env: ['K=V'] },
      },
    ]);
  });

  it('redacts env and header values, keys kept, unless revealed; a malformed map is in extra either way', async () => {
    const stored = {
      headed: { type: 'http', url: 'https://h.example/mcp', headers: { Authorization: 'Bearer t0k3n' } },
      malformed: { command: 'x', env: 'TOKEN=secret' },
      'not-strings': { type: 'sse', url: 'https://n.example/sse', headers: { A: 1, B: 'b' } },
      stdio: { command: 'node', env: { TOKEN: 'secret', EMPTY: '' } },
    };
    writeConfig({ mcpServers: stored });
    const user = { scope: 'user', source: world.configPath } as const;

    await expect(storedShapesOf(world.plainDir)).resolves.toEqual([
      {
        name: 'headed',
        ...user,
        transport: 'http',
        url: stored.headed.url,
        headers: { Authorization: REDACTED },
      },
      { name: 'malformed', ...user, transport: 'stdio', command: 'x', extra: { env: REDACTED } },
      {
        name: 'not-strings',
        ...user,
        transport: 'sse',
        url: stored['not-strings'].url,
        extra: { headers: { A: REDACTED, B: REDACTED } },
      },
      {
        name: 'stdio',
        ...user,
        transport: 'stdio',
        command: 'node',
        env: { TOKEN: REDACTED, EMPTY: REDACTED },
      },
    ]);
    await expect(storedShapesOf(world.plainDir, true)).resolves.toEqual([
      { name: 'headed', ...user, transport: 'http', url: stored.headed.url, headers: stored.headed.headers },
      { name: 'malformed', ...user, transport: 'stdio', command: 'x', extra: { env: 'TOKEN=secret' } },
      {
        name: 'not-strings',
        ...user,
        transport: 'sse',
        url: stored['not-strings'].url,
        extra: { headers: { A: 1, B: 'b' } },
      },
      { name: 'stdio', ...user, transport: 'stdio', command: 'node', env: stored.stdio.env },
    ]);
    expect(REDACTED).toBe('••••••');
  });

  it('treats __proto__ and constructor as plain names and keys', async () => {
    writeFileSync(
      world.configPath,
      '{"mcpServers": {"__proto__": {"command": "a", "env": {"__proto__": "x"}}, "constructor": {"command": "b"}}}',
    );
    const user = { scope: 'user', source: world.configPath, transport: 'stdio' } as const;

    await expect(storedShapesOf(world.plainDir, true)).resolves.toEqual([
      { name: '__proto__', ...user, command: 'a', env: Object.fromEntries([['__proto__', 'x']]) },
      { name: 'constructor', ...user, command: 'b' },
    ]);
    await expect(
      findStoredEntries({ configPath: world.configPath, projectPath: world.plainDir, name: '__proto__' }),
    ).resolves.toEqual([
      {
        scope: 'user',
        source: world.configPath,
        entry: { command: 'a', env: Object.fromEntries([['__proto__', 'x']]) },
      },
    ]);
    expect(({} as Record<string, unknown>).command).toBeUndefined();
  });

  it('ranks local over project over user, naming the winning scope on each shadowed entry', async () => {
    writeConfig({
      mcpServers: { a: { command: 'user-a' }, b: { command: 'user-b' }, c: { command: 'user-c' } },
      projects: { [world.projectDir]: { mcpServers: { a: { command: 'local-a' } } } },
    });
    const mcpJson = join(world.projectDir, '.mcp.json');
    writeJson(mcpJson, { mcpServers: { b: { command: 'project-b' }, a: { command: 'project-a' } } });
    writeJson(join(world.configDir, 'settings.json'), { enableAllProjectMcpServers: true });
    const local = { scope: 'local', source: world.configPath, transport: 'stdio' } as const;
    const project = { scope: 'project', source: mcpJson, transport: 'stdio', approval: 'approved' } as const;
    const user = { scope: 'user', source: world.configPath, transport: 'stdio' } as const;
    const shadowedBy = (scope: string, source: string) => ({
      status: 'shadowed',
      shadowedBy: scope,
      statusReason: `The ${scope}-scope entry of the same name in ${source} wins (local > project > user).`,
    });

    await expect(serversOf(world.projectDir)).resolves.toEqual([
      {
        name: 'a',
        ...local,
        command: 'local-a',
        status: 'active',
        statusReason: `"a" is in projects[${JSON.stringify(world.projectDir)}].mcpServers of ${world.configPath}.`,
      },
      { name: 'a', ...project, command: 'project-a', ...shadowedBy('local', world.configPath) },
      {
        name: 'b',
        ...project,
        command: 'project-b',
        status: 'active',
        statusReason: `enableAllProjectMcpServers is true in ${join(world.configDir, 'settings.json')}.`,
      },
      { name: 'a', ...user, command: 'user-a', ...shadowedBy('local', world.configPath) },
      { name: 'b', ...user, command: 'user-b', ...shadowedBy('project', mcpJson) },
      { name: 'c', ...user, command: 'user-c', ...activeIn('c', world.configPath) },
    ]);
  });

  it('lists every .mcp.json from the root down to the project, the closest winning', async () => {
    const far = join(world.projectDir, '.mcp.json');
    const near = join(world.projectDir, 'sub', '.mcp.json');
    const own = join(world.nestedDir, '.mcp.json');
    writeJson(far, { mcpServers: { x: { command: 'far-x' }, y: { command: 'far-y' } } });
    writeJson(near, { mcpServers: { x: { command: 'near-x' } } });
    writeJson(own, { mcpServers: { z: { command: 'own-z' } } });
    writeJson(join(world.configDir, 'settings.json'), { enabledMcpjsonServers: ['x', 'y', 'z'] });
    const project = { scope: 'project', transport: 'stdio', approval: 'approved', status: 'active' } as const;
    const approvedBy = (name: string) => ({
      statusReason: `"${name}" is in enabledMcpjsonServers of ${join(world.configDir, 'settings.json')}.`,
    });

    await expect(serversOf(world.nestedDir)).resolves.toEqual([
      { name: 'x', ...project, source: near, command: 'near-x', ...approvedBy('x') },
      {
        name: 'x',
        ...project,
        source: far,
        command: 'far-x',
        status: 'shadowed',
        shadowedBy: 'project',
        statusReason: `The project-scope entry of the same name in ${near} wins (local > project > user).`,
      },
      { name: 'y', ...project, source: far, command: 'far-y', ...approvedBy('y') },
      { name: 'z', ...project, source: own, command: 'own-z', ...approvedBy('z') },
    ]);
  });

  it('keys local scope of a dir inside a repository by the repository root, like the CLI', async () => {
    writeConfig({
      projects: {
        [world.projectDir]: { mcpServers: { 'root-local': { command: 'r' } } },
        [world.nestedDir]: { mcpServers: { 'never-used': { command: 'n' } } },
      },
    });

    await expect(localProjectKey(world.nestedDir)).resolves.toBe(world.projectDir);
    await expect(storedShapesOf(world.nestedDir)).resolves.toEqual([
      { name: 'root-local', scope: 'local', source: world.configPath, transport: 'stdio', command: 'r' },
    ]);
  });

  it('keys local scope of a dir outside any repository by the dir itself', async () => {
    writeConfig({ projects: { [world.plainDir]: { mcpServers: { 'plain-local': { command: 'p' } } } } });

    await expect(localProjectKey(world.plainDir)).resolves.toBe(world.plainDir);
    await expect(storedShapesOf(world.plainDir)).resolves.toEqual([
      { name: 'plain-local', scope: 'local', source: world.configPath, transport: 'stdio', command: 'p' },
    ]);
  });

  it('takes a .git file (a worktree or submodule) as a repository root too', async () => {
    const worktree = join(world.plainDir, 'worktree');
    mkdirSync(join(worktree, 'inner'), { recursive: true });
    writeFileSync(join(worktree, '.git'), 'gitdir: /elsewhere/.git/worktrees/w\n');

    await expect(localProjectKey(join(worktree, 'inner'))).resolves.toBe(worktree);
  });

  it('resolves a symlinked project dir to the real path the CLI runs in', async () => {
    const link = join(world.plainDir, 'link');
    symlinkSync(world.projectDir, link);
    writeConfig({ projects: { [world.projectDir]: { mcpServers: { l: { command: 'l' } } } } });
    writeJson(join(world.nestedDir, '.mcp.json'), { mcpServers: { p: { command: 'p' } } });

    await expect(localProjectKey(join(link, 'sub', 'deeper'))).resolves.toBe(world.projectDir);
    await expect(storedShapesOf(join(link, 'sub', 'deeper'))).resolves.toEqual([
      { name: 'l', scope: 'local', source: world.configPath, transport: 'stdio', command: 'l' },
      {
        name: 'p',
        scope: 'project',
        source: join(world.nestedDir, '.mcp.json'),
        transport: 'stdio',
        command: 'p',
        approval: 'pending',
      },
    ]);
  });

  it('still lists the local servers of a project dir that no longer exists', async () => {
    const gone = join(world.plainDir, 'deleted-project');
    writeConfig({ projects: { [gone]: { mcpServers: { kept: { command: 'k' } } } } });

    await expect(storedShapesOf(gone)).resolves.toEqual([
      { name: 'kept', scope: 'local', source: world.configPath, transport: 'stdio', command: 'k' },
    ]);
  });

  it('reports an invalid .claude.json with its path and the line and column of the error', async () => {
    writeFileSync(world.configPath, '{\n  "mcpServers": {\n    "a": { "command": "x", }\n  }\n}\n');

    await expect(serversOf(world.plainDir)).rejects.toEqual(
      new McpCoreError(
        'CONFIG_UNREADABLE',
        `${world.configPath} is not valid JSON: Unexpected character at line 3, column 28`,
      ),
    );
  });

  it('reports a truncated .claude.json at its end', async () => {
    writeFileSync(world.configPath, '{"mcpServers": {"a": {"command": "x"');

    await expect(listProjects(world.configPath)).rejects.toEqual(
      new McpCoreError(
        'CONFIG_UNREADABLE',
        `${world.configPath} is not valid JSON: Unexpected end of JSON input at line 1, column 37`,
      ),
    );
  });

  it("lists an invalid .mcp.json as a problem with the error's line and column, and the other files' servers", async () => {
    const broken = join(world.projectDir, '.mcp.json');
    writeFileSync(broken, '{"mcpServers": {"a": {"command": "x"}}');
    const own = join(world.nestedDir, '.mcp.json');
    writeJson(own, { mcpServers: { b: { command: 'own-b' } } });
    writeConfig({ mcpServers: { c: { command: 'user-c' } } });

    await expect(listServers({ ...worldReadOptions(world), projectPath: world.nestedDir })).resolves.toEqual({
      configPath: world.configPath,
      projectPath: world.nestedDir,
      servers: [
        {
          name: 'b',
          scope: 'project',
          source: own,
          transport: 'stdio',
          command: 'own-b',
          approval: 'pending',
          status: 'pending',
          statusReason:
            '"b" is in no enabledMcpjsonServers or disabledMcpjsonServers of the settings files: run claude in the project to approve it.',
        },
        {
          name: 'c',
          scope: 'user',
          source: world.configPath,
          transport: 'stdio',
          command: 'user-c',
          status: 'active',
          statusReason: `"c" is in mcpServers of ${world.configPath}.`,
        },
      ],
      problems: [
        {
          file: broken,
          message: `${broken} is not valid JSON: Unexpected end of JSON input at line 1, column 39`,
        },
      ],
    });
  });

  it('reports a .claude.json that cannot be read', async () => {
    mkdirSync(world.configPath);

    await expect(serversOf(world.plainDir)).rejects.toEqual(
      new McpCoreError('CONFIG_UNREADABLE', `${world.configPath} is a directory, not a regular file`),
    );
  });

  it('parses .claude.json once per version of the file', async () => {
    writeConfig({ mcpServers: { first: { command: 'a' } } });
    const [first, concurrent] = await Promise.all([
      readClaudeConfig(world.configPath),
      readClaudeConfig(world.configPath),
    ]);
    expect(concurrent).toBe(first);
    expect(await readClaudeConfig(world.configPath)).toBe(first);

    writeConfig({ mcpServers: { second: { command: 'a longer command' } } });
    await expect(serversOf(world.plainDir)).resolves.toEqual([
      {
        name: 'second',
        scope: 'user',
        source: world.configPath,
        transport: 'stdio',
        command: 'a longer command',
        ...activeIn('second', world.configPath),
      },
    ]);

    // Same size, replaced by rename as editors and atomic writers do: a new inode.
    const replacement = `${world.configPath}.tmp`;
    writeJson(replacement, { mcpServers: { third_: { command: 'a longer command' } } });
    renameSync(replacement, world.configPath);
    await expect(serversOf(world.plainDir)).resolves.toEqual([
      {
        name: 'third_',
        scope: 'user',
        source: world.configPath,
        transport: 'stdio',
        command: 'a longer command',
        ...activeIn('third_', world.configPath),
      },
    ]);
  });
});

describe('listProjects', () => {
  it('lists the projects .claude.json knows, by path, with local counts and .mcp.json presence', async () => {
    writeConfig({
      projects: {
        [world.projectDir]: { mcpServers: { a: { command: 'a' }, b: { url: 'https://b.example' } } },
        [world.plainDir]: { history: [] },
        '/gone/project': { mcpServers: { c: { command: 'c' } } },
      },
    });
    writeJson(join(world.projectDir, '.mcp.json'), { mcpServers: {} });

    await expect(listProjects(world.configPath)).resolves.toEqual([
      { path: '/gone/project', localCount: 1, hasMcpJson: false },
      { path: world.plainDir, localCount: 0, hasMcpJson: false },
      { path: world.projectDir, localCount: 2, hasMcpJson: true },
    ]);
  });

  it("looks at each project's .mcp.json once per version of .claude.json, and else says what the reader saw last", async () => {
    writeConfig({ projects: { [world.projectDir]: {}, [world.plainDir]: {} } });
    const inProject = join(world.projectDir, '.mcp.json');
    const inPlain = join(world.plainDir, '.mcp.json');
    writeJson(inProject, { mcpServers: {} });
    const projects = (project: boolean, plain: boolean) => [
      { path: world.plainDir, localCount: 0, hasMcpJson: plain },
      { path: world.projectDir, localCount: 0, hasMcpJson: project },
    ];
    await expect(listProjects(world.configPath)).resolves.toEqual(projects(true, false));

    // Changed behind the reader's back, while .claude.json stays the same: not looked at again.
    rmSync(inProject);
    writeJson(inPlain, { mcpServers: {} });
    await expect(listProjects(world.configPath)).resolves.toEqual(projects(true, false));

    // Listing a project reads its .mcp.json: the project list then tells what that read saw.
    await serversOf(world.plainDir);
    await expect(listProjects(world.configPath)).resolves.toEqual(projects(true, true));

    // A new version of .claude.json: every project's .mcp.json is looked at again.
    writeConfig({ projects: { [world.projectDir]: {}, [world.plainDir]: {} }, numStartups: 2 });
    await expect(listProjects(world.configPath)).resolves.toEqual(projects(false, true));
  });

  it('lists no projects when .claude.json does not exist', async () => {
    await expect(listProjects(world.configPath)).resolves.toEqual([]);
  });
});

describe('findStoredEntries', () => {
  it("returns the raw entries of a name in local scope, the project dir's own .mcp.json and user scope", async () => {
    const userEntry = {
      type: 'http',
      url: 'https://u.example',
      headers: { A: 'secret' },
      oauth: { clientId: 'c' },
    };
    const localEntry = {
      type: 'stdio',
      command: 'node',
      env: { K: 'secret' },
      timeout: 5000,
      unknownField: 1,
    };
    const projectEntry = { command: 'npx', args: ['-y', 'pkg'], alwaysLoad: true };
    writeConfig({
      mcpServers: { s: userEntry, other: { command: 'o' } },
      projects: { [world.projectDir]: { mcpServers: { s: localEntry } } },
    });
    const own = join(world.nestedDir, '.mcp.json');
    writeJson(own, { mcpServers: { s: projectEntry } });
    writeJson(join(world.projectDir, '.mcp.json'), {
      mcpServers: { s: { command: 'ancestor, not written by the CLI' } },
    });

    const find = () =>
      findStoredEntries({ configPath: world.configPath, projectPath: world.nestedDir, name: 's' });
    const expected = [
      { scope: 'local', source: world.configPath, entry: localEntry },
      { scope: 'project', source: own, entry: projectEntry },
      { scope: 'user', source: world.configPath, entry: userEntry },
    ];

    const entries = await find();
    expect(entries).toEqual(expected);
    // The entries are the caller's own: changing them changes nothing the reader holds.
    for (const { entry } of entries) delete entry.command;
    await expect(find()).resolves.toEqual(expected);
  });

  it('returns nothing for a name stored nowhere', async () => {
    writeConfig({ mcpServers: { a: { command: 'a' } } });

    await expect(
      findStoredEntries({ configPath: world.configPath, projectPath: world.projectDir, name: 'b' }),
    ).resolves.toEqual([]);
  });
});
