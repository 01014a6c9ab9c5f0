/**
 * The client as another app gets it: packed into a tarball, installed with npm into a plain
 * Node ESM project outside this workspace, then used from JavaScript against a real server and
 * from strict TypeScript. The app is test/consumer-app.
 */
import { createTestWorld } from '@mcp-admin/core/testing';
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { serverIn } from './support';

const run = promisify(execFile);

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const workspaceRoot = resolve(packageDir, '../..');
const consumerApp = fileURLToPath(new URL('consumer-app', import.meta.url));

const isInside = (dir: string, path: string) => {
  const rest = relative(dir, path);
  return rest === '' || (!rest.startsWith('..') && !isAbsolute(rest));
};

/** What the workspace itself resolves `name` to, from `fromDir`. */
function workspaceVersionOf(name: string, fromDir = packageDir): string {
  const manifest = createRequire(join(fromDir, 'package.json'))(`${name}/package.json`) as {
    version: string;
  };
  return manifest.version;
}

/** The app's processes run with nothing that leads Node, npm or a binary back into this workspace. */
const appEnv: NodeJS.ProcessEnv = {
  ...Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !['NODE_PATH', 'NODE_OPTIONS'].includes(key) && !/^(npm|pnpm)_/i.test(key),
    ),
  ),
  PATH: (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !isInside(workspaceRoot, resolve(dir)))
    .join(delimiter),
};

/** Node and TypeScript look for packages in the node_modules of every parent: none may be this workspace's. */
function assertResolvesNothingFromTheWorkspace(app: string): void {
  const reachable: string[] = [];
  let dir = app;
  do {
    dir = dirname(dir);
    if (existsSync(join(dir, 'node_modules'))) reachable.push(dir);
  } while (dir !== dirname(dir));
  if (isInside(workspaceRoot, app) || reachable.length > 0) {
    throw new Error(`the app at ${app} would resolve packages from ${reachable.join(', ') || workspaceRoot}`);
  }
}

interface InstalledManifest {
  exports: unknown;
  dependencies: Record<string, string>;
}

describe('the packed client installed by npm in an app outside the workspace', () => {
  let root: string;
  let app: string;
  let installed: string;

  beforeAll(async () => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-admin-client-app-')));
    app = join(root, 'app');
    installed = join(app, 'node_modules', '@mcp-admin', 'client');
    cpSync(consumerApp, app, { recursive: true });
    assertResolvesNothingFromTheWorkspace(app);
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'mcp-admin-client-consumer', private: true, type: 'module' }),
    );
    const packed = join(root, 'pack');
    mkdirSync(packed);
    await run('pnpm', ['pack', '--pack-destination', packed], { cwd: packageDir });
    const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
      version: string;
    };
    await run(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--cache',
        join(root, 'npm-cache'),
        join(packed, `mcp-admin-client-${version}.tgz`),
        `typescript@${workspaceVersionOf('typescript')}`,
        `@types/node@${workspaceVersionOf('@types/node')}`,
      ],
      { cwd: app, env: appEnv },
    );
  }, 180_000);

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('installs compiled JavaScript and one declaration file that names no package of this workspace', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as InstalledManifest;
    const declarations = readFileSync(join(installed, 'dist', 'index.d.ts'), 'utf8');

    expect(readdirSync(installed, { recursive: true }).sort()).toEqual([
      'dist',
      'dist/index.d.ts',
      'dist/index.js',
      'package.json',
    ]);
    expect(manifest.exports).toEqual({ '.': { types: './dist/index.d.ts', import: './dist/index.js' } });
    expect(declarations).toContain('declare const appRouter');
    expect(declarations).not.toContain('@mcp-admin/');
  });

  it("pins its dependencies to the versions the workspace resolves, the server's included", () => {
    const { dependencies } = JSON.parse(
      readFileSync(join(installed, 'package.json'), 'utf8'),
    ) as InstalledManifest;
    // The inlined router types were made with the server's own @trpc/server and zod.
    const serverDir = realpathSync(join(packageDir, 'node_modules', '@mcp-admin', 'server'));

    expect(dependencies).toEqual(
      Object.fromEntries(Object.keys(dependencies).map((name) => [name, workspaceVersionOf(name)])),
    );
    expect([dependencies['@trpc/server'], dependencies.zod]).toEqual([
      workspaceVersionOf('@trpc/server', serverDir),
      workspaceVersionOf('zod', serverDir),
    ]);
  });

  it('calls every procedure from a plain Node script, following mcp.events, against a real server', async () => {
    const world = createTestWorld();
    const server = await serverIn(world);

    const { stdout } = await run(process.execPath, ['app.mjs'], {
      cwd: app,
      env: { ...appEnv, MCP_ADMIN_URL: server.url, MCP_ADMIN_TOKEN: server.token },
      timeout: 30_000,
    });

    const docs = {
      name: 'docs',
      scope: 'local',
      transport: 'stdio',
      command: 'node',
      args: ['server.js'],
      source: world.configPath,
      status: 'active',
      statusReason: `"docs" is in projects[${JSON.stringify(world.projectDir)}].mcpServers of ${world.configPath}.`,
    };
    expect(JSON.parse(stdout)).toEqual({
      info: {
        version: '0.1.0',
        configPath: world.configPath,
        defaultProject: world.projectDir,
        cli: {
          path: expect.stringMatching(/\/claude$/) as unknown,
          version: expect.stringMatching(/ \(Claude Code\)$/) as unknown,
        },
        managed: null,
        keychain: expect.objectContaining({ backend: 'Secret Service' }) as unknown,
      },
      added: {
        ok: true,
        changeId: expect.any(String) as unknown,
        message: 'Added stdio MCP server docs to local config',
      },
      event: { id: expect.any(String) as unknown, data: { file: world.configPath, exists: true } },
      projects: [{ path: world.projectDir, localCount: 1, hasMcpJson: false }],
      listed: {
        configPath: world.configPath,
        projectPath: world.projectDir,
        servers: [{ ...docs, env: { API_KEY: '••••••' } }],
        problems: [],
      },
      revealed: {
        configPath: world.configPath,
        projectPath: world.projectDir,
        servers: [{ ...docs, env: { API_KEY: 's3cret' } }],
        problems: [],
      },
      removed: {
        ok: true,
        changeId: expect.any(String) as unknown,
        message: `Removed MCP server docs from local config\nFile modified: ${world.configPath} [project: ${world.projectDir}]`,
      },
    });
  });

  it('type-checks a strict nodenext TypeScript app against the installed declarations, wrong calls being errors', async () => {
    const tsc = join(app, 'node_modules', 'typescript', 'bin', 'tsc');
    const { stdout } = await run(process.execPath, [tsc, '-p', app, '--listFiles'], {
      cwd: app,
      env: appEnv,
    }).catch((failure: unknown) => {
      // tsc exits non-zero when it reports errors: its output is the answer either way.
      if (failure instanceof Error && 'stdout' in failure && typeof failure.stdout === 'string') {
        return { stdout: failure.stdout };
      }
      throw failure;
    });

    const lines = stdout.split('\n').filter((line) => line !== '');
    const checkedFiles = lines.filter((line) => isAbsolute(line));
    // Declarations are checked too (no skipLibCheck), but tRPC's own WebSocket adapter imports
    // `ws` types that no @types/ws satisfies under nodenext; this client uses no WebSocket.
    const errors = lines.filter(
      (line) => !isAbsolute(line) && !line.startsWith('node_modules/@trpc/server/dist/adapters/ws.d.mts('),
    );
    expect(checkedFiles).toEqual(
      expect.arrayContaining([join(app, 'typed-consumer.ts'), join(installed, 'dist', 'index.d.ts')]),
    );
    expect(checkedFiles.filter((file) => isInside(workspaceRoot, file))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
