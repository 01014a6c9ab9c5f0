/**
 * `pnpm --filter @mcp-admin/server build`: the server as plain JavaScript, `dist/main.mjs` and the
 * chunks it imports (`dist/chunks/`), which `pnpm start` runs with plain `node`. Running the TypeScript through tsx
 * costs the process about 70 MiB more resident memory (tsx's loader thread and compiler; see
 * bench/README.md), which matters next to a `.claude.json` of 100 MB.
 *
 * Everything is bundled, the packages from node_modules too: Node then resolves, reads and compiles
 * a few files at start instead of some hundreds, which took half of a start's CPU (to the listening
 * line: 0.52-0.58 s bundled against 0.96-1.06 s, three starts each, the pinned CLI as CLAUDE_BIN).
 * `import.meta.url` in a bundled workspace file is that source file's URL, so whatever is resolved
 * relative to a source file (the panel's `dist/`, the pinned Claude CLI) is found exactly as when the
 * sources run. The installed package (apps/mcp-admin/scripts/build.ts) bundles its own way.
 */
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
export const BUILT_MAIN = `${SERVER_DIR}dist/main.mjs`;

export async function buildServer(): Promise<string> {
  // Chunk names carry a hash: the last build's would stay beside this one's.
  await rm(`${SERVER_DIR}dist`, { recursive: true, force: true });
  await build({
    ...NODE_BUNDLE,
    entryPoints: { main: `${SERVER_DIR}src/main.ts` },
    outdir: `${SERVER_DIR}dist`,
    plugins: [sourceFileUrls],
    // The CommonJS packages bundled (fastify, proper-lockfile, ...) `require` Node's built-ins.
    banner: {
      js: "import { createRequire as createRequireOfBundle } from 'node:module';\nconst require = createRequireOfBundle(import.meta.url);",
    },
  });
  return BUILT_MAIN;
}

/** How the server is bundled, here and in the installed package (apps/mcp-admin/scripts/build.ts). */
export const NODE_BUNDLE: BuildOptions = {
  outExtension: { '.js': '.mjs' },
  // A module imported with `import()` (the check, with the MCP SDK) goes into a chunk of its own,
  // loaded when first used: bundled into main.mjs, its imports would load at start.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // As Node resolves: no `module` condition, `main` only.
  conditions: [],
  mainFields: ['main'],
  logLevel: 'warning',
};

const sourceFileUrls: Plugin = {
  name: 'source-file-urls',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const source = await readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`built ${await buildServer()}\n`);
}
