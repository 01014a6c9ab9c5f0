/**
 * `pnpm start`'s build: the panel (apps/web/dist) and the server (apps/server/dist) are each built
 * only when what they are built from changed since their last build, so a second start spends a
 * fraction of a second here instead of several seconds.
 *
 * Plain JavaScript, run by plain `node`: loading tsx alone takes longer than the whole check.
 * "What they are built from" is the content of every file of the packages bundled into them (tests
 * and outputs aside), the lockfile (which fixes every other package) and the shared TypeScript
 * settings, hashed. The hash of the last build is kept in node_modules/.cache with the output's
 * modification time, so an output that another build replaced since is built again.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SHARED_INPUTS = ['pnpm-lock.yaml', 'tsconfig.base.json'];
const NOT_INPUTS = new Set(['node_modules', 'dist', 'test']);

/** What `pnpm start` builds: each target's inputs, relative to the workspace root. */
export const START_TARGETS = [
  {
    name: 'panel',
    inputs: ['apps/web', 'packages/mcp-core', 'packages/api', ...SHARED_INPUTS],
    output: 'apps/web/dist/index.html',
    command: ['pnpm', ['--filter', '@mcp-admin/web', 'build']],
  },
  {
    name: 'server',
    inputs: ['apps/server', 'packages/mcp-core', 'packages/api', ...SHARED_INPUTS],
    output: 'apps/server/dist/main.mjs',
    command: [process.execPath, ['--import', 'tsx', 'apps/server/scripts/build.ts']],
  },
];

/** `path` if it is a file, else every regular file under it, sorted, outputs and tests left out. */
function filesUnder(path) {
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !NOT_INPUTS.has(entry.name))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      const child = join(path, entry.name);
      if (entry.isDirectory()) return filesUnder(child);
      return entry.isFile() ? [child] : [];
    });
}

function inputsHash(root, target) {
  const hash = createHash('sha256');
  for (const file of target.inputs.flatMap((input) => filesUnder(join(root, input)))) {
    hash
      .update(`${relative(root, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  }
  return hash.digest('hex');
}

/** The inputs' hash and the output as the build left it. */
const stampOf = (output, hash) => `${hash} ${String(statSync(output).mtimeMs)}`;

/**
 * Builds each target whose inputs changed since its last build (or whose output is gone or was
 * replaced since), running its command in `root`; returns the names of those built.
 */
export function buildChanged(root = ROOT, targets = START_TARGETS) {
  const stamps = join(root, 'node_modules', '.cache', 'mcp-admin-build');
  mkdirSync(stamps, { recursive: true });
  const built = [];
  for (const target of targets) {
    const stamp = join(stamps, `${target.name}.stamp`);
    const output = join(root, target.output);
    const hash = inputsHash(root, target);
    const last = existsSync(stamp) ? readFileSync(stamp, 'utf8') : undefined;
    if (existsSync(output) && last === stampOf(output, hash)) continue;
    const [command, args] = target.command;
    execFileSync(command, args, { cwd: root, stdio: 'inherit' });
    writeFileSync(stamp, stampOf(output, hash));
    built.push(target.name);
  }
  return built;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const began = performance.now();
  const built = buildChanged();
  const took = `${Math.round(performance.now() - began)} ms`;
  process.stdout.write(
    built.length === 0 ? `build: nothing changed (${took})\n` : `built ${built.join(' and ')} (${took})\n`,
  );
}
