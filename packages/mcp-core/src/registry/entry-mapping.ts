/**
 * A registry entry as a Claude Code entry: a remote first (`streamable-http` is Claude Code's
 * `http`), else the first package whose runner is on this machine (`npx` for npm, `uvx` for pypi,
 * `docker run -i --rm` for oci), with its runtime and package arguments and its inputs filled.
 */
import { InputCollector } from './input-values';
import { packageRefusal, runtimeArgumentsRefusal } from './package-rules';
import type { RegistryInput } from './input-values';
import type {
  RegistryArgument,
  RegistryKeyValueInput,
  RegistryPackage,
  RegistryRemote,
  RegistryServer,
} from './registry-answers';

export type RegistryEntry =
  | { transport: 'stdio'; command: string; args: string[]; env?: Record<string, string> }
  | { transport: 'http' | 'sse'; url: string; headers?: Record<string, string> };

/** Where the entry came from: which remote or package of the registry entry. */
export type RegistrySource =
  | { kind: 'remote'; type: string; url: string }
  | { kind: 'package'; registryType: string; identifier: string; version?: string };

/** The arguments the registry entry adds to its runner's argv, shown as the registry's in the add preview. */
export interface RegistryArguments {
  /** Before the package: options to the runner (`npx`, `uvx`, `docker`). */
  runtime: string[];
  /** After the package: arguments to the server itself. */
  package: string[];
}

export type EntryMapping =
  | {
      ok: true;
      entry: RegistryEntry;
      inputs: RegistryInput[];
      source: RegistrySource;
      /** A package's only: a remote has no runner. */
      registryArguments?: RegistryArguments;
    }
  | { ok: false; reason: string; refused?: true };

/** The command that runs each kind of package, and the argv before the package's own. */
export const RUNNERS: Record<string, { command: string; leading: readonly string[] }> = {
  npm: { command: 'npx', leading: [] },
  pypi: { command: 'uvx', leading: [] },
  oci: { command: 'docker', leading: ['run', '-i', '--rm'] },
};

const REMOTE_TRANSPORTS: Record<string, 'http' | 'sse'> = { 'streamable-http': 'http', sse: 'sse' };

export interface MappingOptions {
  /** Whether a runner (`npx`, `uvx`, `docker`) can be started on this machine. */
  runnerExists: (command: string) => boolean;
  /** Values the caller gave for inputs, by input name. */
  values?: Readonly<Record<string, string>> | undefined;
}

export function mapRegistryServer(server: RegistryServer, options: MappingOptions): EntryMapping {
  const remote = (server.remotes ?? []).find((candidate) => candidate.type in REMOTE_TRANSPORTS);
  if (remote !== undefined) return fromRemote(remote, options);
  const runnable = (server.packages ?? []).filter(isStdioPackage);
  const chosen = runnable.find((candidate) => {
    const runner = RUNNERS[candidate.registryType];
    return runner !== undefined && options.runnerExists(runner.command);
  });
  if (chosen !== undefined) return fromPackage(chosen, options);
  return { ok: false, reason: unmappedReason(server, runnable) };
}

function fromRemote(remote: RegistryRemote, options: MappingOptions): EntryMapping {
  const collector = new InputCollector(options.values);
  const url = collector.filled(remote.url, remote.variables);
  const headers = pairs(remote.headers ?? [], collector);
  const transport = REMOTE_TRANSPORTS[remote.type] ?? 'http';
  return {
    ok: true,
    entry: { transport, url, ...(Object.keys(headers).length > 0 && { headers }) },
    inputs: collector.inputs,
    source: { kind: 'remote', type: remote.type, url: remote.url },
  };
}

function fromPackage(pkg: RegistryPackage, options: MappingOptions): EntryMapping {
  const runner = RUNNERS[pkg.registryType];
  if (runner === undefined) return { ok: false, reason: `no runner for ${pkg.registryType}` };
  const refusal = packageRefusalOf(pkg, options.values);
  if (refusal !== undefined) return { ok: false, reason: refusal, refused: true };
  const collector = new InputCollector(options.values);
  const runtimeArgs = argvGroups(pkg.runtimeArguments ?? [], collector).flat();
  const packageArgs = argvGroups(pkg.packageArguments ?? [], collector).flat();
  const env = pairs(pkg.environmentVariables ?? [], collector);
  const args = [
    ...runner.leading,
    ...runtimeArgs,
    ...packageReference(pkg, runtimeArgs, Object.keys(env)),
    ...packageArgs,
  ];
  return {
    ok: true,
    entry: {
      transport: 'stdio',
      command: runner.command,
      args,
      ...(Object.keys(env).length > 0 && { env }),
    },
    inputs: collector.inputs,
    source: {
      kind: 'package',
      registryType: pkg.registryType,
      identifier: pkg.identifier,
      ...(pkg.version !== undefined && { version: pkg.version }),
    },
    registryArguments: { runtime: runtimeArgs, package: packageArgs },
  };
}

/**
 * `Refused: why` when the package puts anything but data where its runner reads options: a flag
 * in the package's place, or a runner option that widens what the runner may do (package-rules.ts).
 */
export function packageRefusalOf(
  pkg: RegistryPackage,
  values?: Readonly<Record<string, string>>,
): string | undefined {
  const runner = RUNNERS[pkg.registryType];
  const refusal =
    packageRefusal(pkg.registryType, pkg.identifier, pkg.version) ??
    (runner === undefined
      ? undefined
      : runtimeArgumentsRefusal(
          runner.command,
          argvGroups(pkg.runtimeArguments ?? [], new InputCollector(values)),
        ));
  return refusal === undefined ? undefined : `Refused: ${refusal}`;
}

/** The argv naming the package itself, as its runner wants it. */
function packageReference(pkg: RegistryPackage, runtimeArgs: string[], envNames: string[]): string[] {
  const { identifier, version } = pkg;
  switch (pkg.registryType) {
    case 'npm': {
      // npx asks before it installs a package; a server started by Claude Code has nobody to answer.
      const yes = runtimeArgs.includes('-y') || runtimeArgs.includes('--yes') ? [] : ['-y'];
      return [...yes, version === undefined ? identifier : `${identifier}@${version}`];
    }
    case 'pypi':
      return [version === undefined ? identifier : `${identifier}==${version}`];
    default: {
      // docker passes the container only the variables named with -e (their values from its own env).
      const passed = envNames.flatMap((name) => ['-e', name]);
      const tagged =
        version === undefined || /[:@][^/]*$/.test(identifier) ? identifier : `${identifier}:${version}`;
      return [...passed, tagged];
    }
  }
}

/** Each argument's argv: `[flag]`, `[flag, value]`, `[value]`; none for one left out. */
function argvGroups(list: readonly RegistryArgument[], collector: InputCollector): string[][] {
  return list.flatMap((argument) => {
    const inputName = argument.valueHint ?? argument.name?.replace(/^-+/, '') ?? 'argument';
    const value = collector.valueOf(inputName, argument);
    if (argument.type === 'positional') return value === undefined ? [] : [[value]];
    const flag = argument.name;
    if (flag === undefined) return value === undefined ? [] : [[value]];
    if (value !== undefined) return [[flag, value]];
    return isBareFlag(argument) ? [[flag]] : [];
  });
}

/** A named argument that takes no value at all (`--verbose`): it is given or not. */
function isBareFlag(argument: RegistryArgument): boolean {
  return (
    argument.valueHint === undefined &&
    argument.default === undefined &&
    argument.choices === undefined &&
    argument.format === undefined &&
    argument.variables === undefined &&
    argument.isRequired !== true
  );
}

function pairs(list: readonly RegistryKeyValueInput[], collector: InputCollector): Record<string, string> {
  const found: [string, string][] = [];
  for (const item of list) {
    const value = collector.valueOf(item.name, item);
    if (value !== undefined) found.push([item.name, value]);
  }
  // Own properties whatever the name (`__proto__` too): the add rules then refuse such a name.
  return Object.fromEntries(found);
}

function isStdioPackage(pkg: RegistryPackage): boolean {
  return pkg.transport === undefined || pkg.transport.type === 'stdio';
}

function unmappedReason(server: RegistryServer, runnable: RegistryPackage[]): string {
  if (runnable.length === 0) {
    return `${server.name} has no remote Claude Code can reach and no package it can run over stdio`;
  }
  const needed = [...new Set(runnable.map((pkg) => RUNNERS[pkg.registryType]?.command ?? pkg.registryType))];
  return `${server.name} needs ${needed.join(' or ')}, not found on this machine's PATH`;
}
