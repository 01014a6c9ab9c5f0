/**
 * MCP Admin as a user gets it: `pnpm pack`ed, installed by npm into an empty folder outside this
 * workspace, and started as `mcp-admin` in a throwaway world, as `npm install --global` and `npx`
 * would run it. It brings no Claude CLI (issue 44): it drives the user's, here the pinned one
 * given as CLAUDE_BIN, and refuses to start without one.
 */
import {
  addArgv,
  createTestWorld,
  PINNED_CLAUDE_BIN,
  runCliAsAnotherTerminal,
  startTestKeychain,
  type TestWorld,
} from '@mcp-admin/core/testing';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';

const run = promisify(execFile);

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const workspaceRoot = resolve(packageDir, '../..');
const START_LINE = /^MCP Admin listening on (http:\/\/127\.0\.0\.1:(\d+))\/\?token=([A-Za-z0-9_-]+)\n$/;
const DEV_TOOLS = ['typescript', 'tsx', 'esbuild', 'vite', 'vitest', 'rollup'];

interface Manifest {
  bin: unknown;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

const PINNED_CLI_VERSION = (
  JSON.parse(readFileSync(join(workspaceRoot, 'packages/mcp-core/package.json'), 'utf8')) as Manifest
).devDependencies['@anthropic-ai/claude-code'];
/** What the installed package's start says when it finds no Claude CLI to drive. */
const NO_CLI =
  /^MCP Admin could not start: MCP Admin needs Claude Code \d+\.\d+\.\d+ or newer, and none could be run: .*To install it: `npm install -g @anthropic-ai\/claude-code`\.\n$/;
/** At most this many bytes of files, installed: the package and its dependencies, no Claude CLI among them. */
const INSTALLED_MAX_BYTES = 60 * 1024 * 1024;

const isInside = (dir: string, path: string) => {
  const rest = relative(dir, path);
  return rest === '' || (!rest.startsWith('..') && !isAbsolute(rest));
};

/** Nothing leads Node, npm or a `claude` on PATH back into this workspace or to another CLI. */
const outsideEnv: NodeJS.ProcessEnv = {
  ...Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) =>
        !['NODE_PATH', 'NODE_OPTIONS', 'INIT_CWD', 'CLAUDE_BIN', 'CLAUDE_CONFIG_DIR'].includes(key) &&
        !/^(npm|pnpm|MCP_ADMIN)_/i.test(key),
    ),
  ),
  PATH: (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !isInside(workspaceRoot, resolve(dir)) && !existsSync(join(dir, 'claude')))
    .join(delimiter),
};

/** The variables of docs/api.md's table of server settings. */
function documentedSettings(): string[] {
  const api = readFileSync(join(workspaceRoot, 'docs', 'api.md'), 'utf8');
  const table = api.slice(
    api.indexOf('## Server settings'),
    api.indexOf('\n## ', api.indexOf('## Server settings') + 1),
  );
  return [...table.matchAll(/^\| `([A-Z_]+)`/gm)].map(([, name]) => name ?? '');
}

describe('the packed mcp-admin package installed by npm in an empty folder', () => {
  let root: string;
  let app: string;
  let installed: string;
  let bin: string;
  let installOutput: string;

  beforeAll(async () => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-admin-package-')));
    app = join(root, 'app');
    installed = join(app, 'node_modules', 'mcp-admin');
    bin = join(app, 'node_modules', '.bin', 'mcp-admin');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'empty', private: true }));
    const packed = join(root, 'pack');
    await run('pnpm', ['pack', '--pack-destination', packed], { cwd: packageDir });
    const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
      version: string;
    };
    // The user's npm cache: the pinned CLI's ~100 MB download is fetched once per machine.
    const { stdout, stderr } = await run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefer-offline', join(packed, `mcp-admin-${version}.tgz`)],
      { cwd: app, env: outsideEnv },
    );
    installOutput = stdout + stderr;
  }, 600_000);

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('declares a bin named mcp-admin and exact versions of published packages, no Claude CLI among them; no workspace link, no dev tool installed', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Manifest;

    expect(manifest.bin).toEqual({ 'mcp-admin': 'dist/cli.mjs' });
    expect(Object.keys(manifest.dependencies)).not.toContain('@anthropic-ai/claude-code');
    expect(existsSync(join(app, 'node_modules', '@anthropic-ai'))).toBe(false);
    expect(
      Object.entries(manifest.dependencies).filter(([, version]) => !/^\d+\.\d+\.\d+$/.test(version)),
    ).toEqual([]);
    expect(Object.keys(manifest.dependencies).filter((name) => name.startsWith('@mcp-admin/'))).toEqual([]);
    expect(JSON.stringify(manifest)).not.toContain('workspace:');
    expect(existsSync(join(app, 'node_modules', '@mcp-admin'))).toBe(false);
    expect(DEV_TOOLS.filter((name) => existsSync(join(app, 'node_modules', name)))).toEqual([]);
  });

  it(`installs in at most ${INSTALLED_MAX_BYTES / 1024 / 1024} MB, with no engine warning on this Node (${process.version})`, () => {
    const bytes = readdirSync(join(app, 'node_modules'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .reduce((sum, entry) => sum + lstatSync(join(entry.parentPath, entry.name)).size, 0);

    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(INSTALLED_MAX_BYTES);
    expect(installOutput).not.toMatch(/EBADENGINE|Unsupported engine/);
  });

  it('refuses to start without a Claude CLI on PATH or in CLAUDE_BIN, saying what to install, and exits 1', async () => {
    const failure = (await run(bin, [], { env: { ...outsideEnv, MCP_ADMIN_PORT: '0' } }).catch(
      (error: unknown) => error,
    )) as { code: number; stdout: string; stderr: string };

    expect({ code: failure.code, stdout: failure.stdout }).toEqual({ code: 1, stdout: '' });
    expect(failure.stderr).toMatch(NO_CLI);
  });

  it('names every server setting of docs/api.md in --help', async () => {
    const settings = documentedSettings();
    const { stdout } = await run(bin, ['--help'], { env: outsideEnv });

    expect(settings).toContain('MCP_ADMIN_PORT');
    expect(settings.filter((name) => !stdout.includes(`  ${name} `))).toEqual([]);
    expect(stdout).toContain('MCP Admin listening on http://HOST:PORT/?token=TOKEN');
  });

  it('refuses an unknown argument with exit code 2, naming it', async () => {
    const failure = (await run(bin, ['--bogus'], { env: outsideEnv }).catch((error: unknown) => error)) as {
      code: number;
      stderr: string;
    };

    expect([failure.code, failure.stderr.split('\n')[0]]).toEqual([
      2,
      'mcp-admin: unknown argument "--bogus"',
    ]);
  });

  it("starts in a throwaway world: the start line, /healthz, the panel and mcp.list with the token, the user's CLI from CLAUDE_BIN, a keychain through its own launcher", async () => {
    const world: TestWorld = createTestWorld();
    const keychain = startTestKeychain();
    onTestFinished(() => {
      world.remove();
      keychain.stop();
    });
    await runCliAsAnotherTerminal(
      world,
      world.projectDir,
      addArgv({ name: 'docs', scope: 'user', command: 'node' }),
    );
    // Started from the project, as a user types `mcp-admin` there: it is the default project.
    const child = spawn(bin, [], {
      cwd: world.projectDir,
      env: {
        ...outsideEnv,
        HOME: world.configDir,
        CLAUDE_CONFIG_DIR: world.configDir,
        MCP_ADMIN_PORT: '0',
        CLAUDE_BIN: PINNED_CLAUDE_BIN,
        DBUS_SESSION_BUS_ADDRESS: keychain.busAddress,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onTestFinished(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await expect.poll(() => stdout.includes('\n') || child.exitCode !== null, { timeout: 30_000 }).toBe(true);

    const [, url = '', , token = ''] = START_LINE.exec(stdout) ?? [];
    expect({ stdout, stderr }).toEqual({ stdout: expect.stringMatching(START_LINE) as unknown, stderr: '' });
    const authorization = `Bearer ${token}`;
    const health = await fetch(`${url}/healthz`);
    const signIn = await fetch(`${url}/?token=${token}`, { redirect: 'manual' });
    const shell = await fetch(`${url}/`);
    const shellHtml = await shell.text();
    // The user's own page, signed in: it comes with the panel drawn by the server, its row in it.
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const drawnHtml = await (
      await fetch(`${url}/`, { headers: { cookie, 'sec-fetch-site': 'none' } })
    ).text();
    const script = /<script type="module"[^>]* src="([^"]+)"/.exec(shellHtml)?.[1] ?? '';
    const scriptAnswer = await fetch(`${url}${script}`);
    const list = await fetch(`${url}/trpc/mcp.list`, { headers: { authorization } });
    const info = await fetch(`${url}/trpc/system.info`, { headers: { authorization } });
    const unauthorized = await fetch(`${url}/trpc/mcp.list`);

    expect({ status: health.status, body: await health.text() }).toEqual({ status: 200, body: 'ok' });
    expect([signIn.status, signIn.headers.get('location')]).toEqual([302, '/']);
    expect([shell.status, shell.headers.get('content-type'), shellHtml]).toEqual([
      200,
      'text/html; charset=utf-8',
      expect.stringContaining('<div id="root">') as unknown,
    ]);
    expect(/<div id="root">.*<th scope="row"[^>]*><a [^>]*>docs<\/a>/s.exec(drawnHtml)).not.toBeNull();
    expect([scriptAnswer.status, scriptAnswer.headers.get('content-type')]).toEqual([
      200,
      'application/javascript; charset=utf-8',
    ]);
    expect(unauthorized.status).toBe(401);
    expect(await list.json()).toMatchObject({
      result: {
        data: {
          configPath: world.configPath,
          projectPath: world.projectDir,
          servers: [{ name: 'docs', scope: 'user', command: 'node', status: 'active' }],
          problems: [],
        },
      },
    });
    const { cli, keychain: keychainStatus } = (
      (await info.json()) as {
        result: { data: { cli: { path: string; version: string }; keychain: Record<string, unknown> } };
      }
    ).result.data;
    expect(cli.path).toBe(PINNED_CLAUDE_BIN);
    expect(cli.version).toBe(`${PINNED_CLI_VERSION ?? ''} (Claude Code)`);
    // The package's own launcher (where a kept server's entry will name it) and @napi-rs/keyring reached it.
    expect(keychainStatus).toEqual({ available: true, backend: 'Secret Service' });
    expect(existsSync(join(installed, 'dist', 'keychain', 'keychain-launcher.mjs'))).toBe(true);

    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    // Nothing went wrong on the way, drawing the panel included.
    expect(stderr).toBe('');
  });
});
