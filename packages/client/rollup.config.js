/**
 * Bundles the package's declarations into one `dist/index.d.ts` in which the API's router
 * types (AppRouter and everything it names from this workspace) are inlined, so an app outside
 * the monorepo needs no `@mcp-admin/*` package; the types of the packages this one depends on
 * stay imports.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, join, posix, resolve } from 'node:path';
import { dts } from 'rollup-plugin-dts';

const readPackageJson = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));

/**
 * A `paths` entry for every export of every workspace package reachable from `packageDir`,
 * pointing at its source file. Reached through node_modules, TypeScript counts those files as
 * an external library and the plugin will not emit their declarations; as project source it does.
 */
function workspaceSourcePaths(packageDir, paths = {}) {
  const { dependencies = {}, devDependencies = {} } = readPackageJson(packageDir);
  for (const [name, version] of Object.entries({ ...dependencies, ...devDependencies })) {
    if (!version.startsWith('workspace:') || name in paths) continue;
    const dir = realpathSync(join(packageDir, 'node_modules', name));
    for (const [subpath, target] of Object.entries(readPackageJson(dir).exports)) {
      if (typeof target !== 'string')
        throw new Error(`${name}'s export "${subpath}" has conditions; only plain paths are read here`);
      paths[posix.join(name, subpath)] = [resolve(dir, target)];
    }
    workspaceSourcePaths(dir, paths);
  }
  return paths;
}

const packageDir = import.meta.dirname;
const sourcePaths = workspaceSourcePaths(packageDir);
const dependencyNames = Object.keys(readPackageJson(packageDir).dependencies);
const isDependency = (id) => dependencyNames.some((name) => id === name || id.startsWith(`${name}/`));

export default {
  input: 'src/index.ts',
  output: { file: 'dist/index.d.ts', format: 'es' },
  // Inline this package's and the workspace's modules; leave every package import as it is.
  external: (id) => !(id.startsWith('.') || isAbsolute(id) || id in sourcePaths),
  plugins: [
    dts({ tsconfig: 'tsconfig.build.json', respectExternal: true, compilerOptions: { paths: sourcePaths } }),
    {
      name: 'imports-only-dependencies',
      generateBundle(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          const undeclared = output.imports.filter((id) => !isDependency(id));
          if (undeclared.length)
            this.error(`the declarations import ${undeclared.join(', ')}, not among the dependencies`);
        }
      },
    },
  ],
};
