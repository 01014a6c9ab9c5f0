/**
 * `pnpm --filter mcp-admin build` (and `pnpm pack`'s prepack): the installable package's dist/.
 * - dist/cli.mjs and its chunks: the server with this workspace's packages bundled in; every other
 *   package (but BUNDLED) stays an import by name, which Node resolves from the installed package's node_modules.
 *   Each must be a dependency in package.json, at the exact version the workspace runs it with.
 *   Claude Code is none of them: the package drives the user's own (packages/mcp-core/src/cli/binary.ts).
 * - dist/keychain/keychain-launcher.mjs: the keychain launcher (packages/mcp-core/src/keychain/), at one
 *   path whichever file of dist/ the code naming it lands in: kept servers' entries in .claude.json name
 *   it, so it stays where an update of the package puts it again. Its @napi-rs/keyring is a dependency.
 * - dist/panel: a copy of the panel's apps/web/dist, built first only when its inputs changed since
 *   its last build (`pnpm test` builds it before the tests, so packing in a test builds nothing twice).
 */
import { NODE_BUNDLE } from '@mcp-admin/server/build';
import { buildChanged, START_TARGETS } from '@mcp-admin/server/build-changed';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(PACKAGE_DIR, 'dist');
const WORKSPACE_PACKAGE = /^@mcp-admin\//;
/**
 * Bundled although published: @trpc/server's peer dependency on TypeScript (for its types only)
 * would make npm install a compiler beside the server; @fastify/static's content-disposition 3
 * declares Node 22, and npm on Node 20 warns of it at install (it runs on Node 20: the workspace
 * serves the panel with it), so the two go into dist/ and @fastify/static's other dependencies
 * become the package's own.
 */
const BUNDLED = new Set([
  '@trpc/server',
  '@fastify/static',
  'content-disposition',
  'fastify',
  'light-my-request',
  'cookie',
]);
const RESOLVING = Symbol('resolving');
const CORE_SOURCE = join(PACKAGE_DIR, '..', '..', 'packages', 'mcp-core', 'src');
/** The module naming the launcher (KEYCHAIN_LAUNCHER), by `import.meta.url`. */
const KEPT_SECRETS = join(CORE_SOURCE, 'kept-secrets.ts');
/** dist/ from any of its files: dist/cli.mjs or a chunk in dist/chunks/. */
const DIST_URL = "new URL(/\\/chunks\\/[^/]+$/.test(import.meta.url) ? '../' : './', import.meta.url).href";

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
}

const readManifest = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Manifest;

/** `@scope/name/sub/path` → `@scope/name`. */
function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** The version of the installed package that holds `file`. */
function versionHolding(file: string, name: string): string {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const manifest = readManifest(join(dir, 'package.json'));
      if (manifest.name === name) return manifest.version;
    } catch {
      // No package.json here: look further up.
    }
  }
  throw new Error(`no package.json of ${name} above ${file}`);
}

/** Bundles the workspace's own packages; records every other package imported, with its version. */
function importsByName(imported: Map<string, string>): Plugin {
  return {
    name: 'imports-by-name',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === RESOLVING || args.kind === 'entry-point') return undefined;
        if (WORKSPACE_PACKAGE.test(args.path) || args.path.startsWith('node:')) return undefined;
        if (BUNDLED.has(packageNameOf(args.path))) return undefined;
        const resolved = await esbuild.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: RESOLVING,
        });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        // A Node built-in (`fs`) stays as it is.
        if (resolved.external) return undefined;
        const name = packageNameOf(args.path);
        imported.set(name, versionHolding(resolved.path, name));
        return { path: args.path, external: true };
      });
    },
  };
}

/** The launcher's path as dist/ holds it: KEYCHAIN_LAUNCHER resolves from dist/, not from its chunk. */
const launcherFromDist: Plugin = {
  name: 'launcher-from-dist',
  setup(esbuild) {
    esbuild.onLoad({ filter: /kept-secrets\.ts$/ }, (args) => {
      if (args.path !== KEPT_SECRETS) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url'))
        throw new Error(`${KEPT_SECRETS} no longer names import.meta.url`);
      return { contents: source.replaceAll('import.meta.url', () => DIST_URL), loader: 'ts' };
    });
  },
};

/** Throws unless package.json's dependencies are exactly `needed`, name for name and version for version. */
function checkDependencies(needed: Map<string, string>): void {
  const declared = readManifest(join(PACKAGE_DIR, 'package.json')).dependencies ?? {};
  const wrong = [
    ...[...needed]
      .filter(([name, version]) => declared[name] !== version)
      .map(([name, v]) => `"${name}": "${v}"`),
    ...Object.keys(declared)
      .filter((name) => !needed.has(name))
      .map((name) => `"${name}" (not used)`),
  ];
  if (wrong.length > 0) {
    throw new Error(
      `apps/mcp-admin/package.json's dependencies must be exactly what dist/ runs with: ${wrong.join(', ')}`,
    );
  }
}

export async function buildPackage(): Promise<void> {
  rmSync(DIST, { recursive: true, force: true });
  const imported = new Map<string, string>();
  await build({
    ...NODE_BUNDLE,
    entryPoints: {
      cli: join(PACKAGE_DIR, 'src', 'cli.ts'),
      // Its own entry, so its imports are checked as the server's are.
      'keychain/keychain-launcher': join(CORE_SOURCE, 'keychain', 'keychain-launcher.mjs'),
    },
    outdir: DIST,
    // The bundled CommonJS packages (fastify, @fastify/static) require their dependencies by name:
    // in an ES module that needs a require of its own, resolving from dist/ as Node would.
    banner: {
      js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
    },
    plugins: [importsByName(imported), launcherFromDist],
  });
  // The user's Claude Code is not among them: the package drives the one on PATH or CLAUDE_BIN.
  checkDependencies(imported);
  buildChanged(
    undefined,
    START_TARGETS.filter(({ name }) => name === 'panel'),
  );
  cpSync(join(PACKAGE_DIR, '..', 'web', 'dist'), join(DIST, 'panel'), { recursive: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildPackage();
  process.stdout.write(`built ${DIST}\n`);
}
