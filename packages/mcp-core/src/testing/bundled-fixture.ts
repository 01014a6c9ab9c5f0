/**
 * A fixture server that imports the MCP SDK, run from one bundled file: Node then reads one file
 * at each start instead of resolving and compiling the SDK's hundreds of modules (measured: 0.5 s
 * of CPU per start down to 0.25 s; the tests start a few hundred). Built once per content and
 * kept in the temp folder under its hash, so every test process of a run shares it.
 */
import { buildSync } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
// The SDK's own version is part of the key: an upgrade builds anew.
const sdkVersion = (
  JSON.parse(readFileSync(require.resolve('@modelcontextprotocol/sdk/package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** Each script's bundle, once found or built in this process (a test reads the path many times). */
const bundles = new Map<string, string>();

/** The bundled copy of `script` (an ES module under test/fixtures), built if this content has none yet. */
export function bundledFixture(script: string): string {
  const known = bundles.get(script);
  if (known !== undefined) return known;
  const bundled = bundleOf(script);
  bundles.set(script, bundled);
  return bundled;
}

function bundleOf(script: string): string {
  const hash = createHash('sha256')
    .update(readFileSync(script))
    .update(`\0${sdkVersion}`)
    .digest('hex')
    .slice(0, 16);
  const folder = join(tmpdir(), 'mcp-admin-fixture-bundles');
  const bundled = join(folder, `${hash}.mjs`);
  if (existsSync(bundled)) return bundled;
  mkdirSync(folder, { recursive: true });
  // Written beside and renamed: two test processes building at once each leave a whole file.
  const partial = `${bundled}.${String(process.pid)}.partial`;
  buildSync({
    entryPoints: [script],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // The SDK's CommonJS dependencies call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire as fixtureRequire } from 'node:module'; const require = fixtureRequire(import.meta.url);",
    },
  });
  renameSync(partial, bundled);
  return bundled;
}
