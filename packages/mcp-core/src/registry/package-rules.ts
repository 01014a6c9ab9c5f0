/**
 * What a registry entry may put in a runner's argv: it is data, never options. A package's
 * identifier and version must read as a name and a version of its registry type (never a flag, no
 * whitespace or control character), and its runtime arguments (the runner's own options, before
 * the package) must be options this product knows to leave the runner as narrow as it is: npx's
 * `--call` runs a shell command, `--package` another package, docker's `--privileged` or a volume
 * opens this machine to the container. An option it does not know is refused too (it could take
 * the package's place as its value). Package arguments go after the package, to the server itself
 * (npx inserts `--` before the first positional; uvx and docker hand on what follows it).
 */

/** Why a package cannot be added as the registry gives it; undefined when it can. */
export type Refusal = string | undefined;

const FLAG_LIKE = /^-/;
const WHITESPACE_OR_CONTROL = /[\s\p{Cc}\p{Cf}]/u;
const CONTROL = /[\p{Cc}\p{Cf}]/u;

/** Each registry type's name rule, with the words saying it. */
const IDENTIFIER_RULES: Record<string, { pattern: RegExp; max: number; rule: string }> = {
  // npm's own rule (validate-npm-package-name): lowercase, URL-safe, an optional @scope/, ≤ 214.
  npm: {
    pattern: /^(?:@[a-z0-9~][a-z0-9._~-]*\/)?[a-z0-9~][a-z0-9._~-]*$/,
    max: 214,
    rule: 'an npm package name (lowercase letters, digits, "-", ".", "_", "~", an optional @scope/)',
  },
  // PEP 508's name: letters and digits, with ".", "_", "-" between them.
  pypi: {
    pattern: /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/,
    max: 200,
    rule: 'a PyPI project name (PEP 508: letters, digits, and ".", "_", "-" between them)',
  },
  // The OCI reference grammar: [registry[:port]/]path[:tag][@digest], the path lowercase.
  oci: {
    pattern:
      /^(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*(?::[0-9]+)?\/)?[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?(?:@[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,})?$/,
    max: 255,
    rule: 'an OCI image reference ([registry[:port]/]name[:tag][@digest], the name lowercase)',
  },
  // NuGet's id: letters, digits, ".", "_", "-", at most 100.
  nuget: {
    pattern: /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/,
    max: 100,
    rule: 'a NuGet package id (letters, digits, ".", "_", "-")',
  },
};

/** Each registry type's version rule: a version or tag, never a range, a flag or an expression. */
const VERSION_RULES: Record<string, { pattern: RegExp; rule: string }> = {
  npm: { pattern: /^[A-Za-z0-9][A-Za-z0-9.+_-]*$/, rule: 'an npm version or tag' },
  // PEP 440 adds "!" (an epoch); nothing else, so no `; marker` or `,>=` rides along.
  pypi: { pattern: /^[A-Za-z0-9][A-Za-z0-9.+!_-]*$/, rule: 'a PEP 440 version' },
  oci: { pattern: /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/, rule: 'an OCI tag' },
  nuget: { pattern: /^[A-Za-z0-9][A-Za-z0-9.+-]*$/, rule: 'a NuGet version' },
};

/** The refusal of a package's identifier and version, checked by its registry type's rules. */
export function packageRefusal(
  registryType: string,
  identifier: string,
  version: string | undefined,
): Refusal {
  const named = `${registryType} package ${JSON.stringify(identifier)}`;
  const common = dataRefusal(identifier, 'identifier');
  if (common !== undefined) return `${named}: its ${common}`;
  const identifierRule = IDENTIFIER_RULES[registryType];
  if (identifierRule !== undefined) {
    if (identifier.length > identifierRule.max) {
      return `${named}: its identifier is longer than ${identifierRule.max} characters`;
    }
    if (!identifierRule.pattern.test(identifier))
      return `${named}: its identifier is not ${identifierRule.rule}`;
  }
  if (version === undefined) return undefined;
  const versionCommon = dataRefusal(version, `version ${JSON.stringify(version)}`);
  if (versionCommon !== undefined) return `${named}: its ${versionCommon}`;
  const versionRule = VERSION_RULES[registryType];
  if (versionRule !== undefined && !versionRule.pattern.test(version)) {
    return `${named}: its version ${JSON.stringify(version)} is not ${versionRule.rule}`;
  }
  return undefined;
}

function dataRefusal(value: string, what: string): string | undefined {
  if (value === '') return `${what} is empty`;
  if (FLAG_LIKE.test(value)) return `${what} starts with "-", which its runner would read as an option`;
  if (WHITESPACE_OR_CONTROL.test(value)) return `${what} holds whitespace or a control character`;
  return undefined;
}

/** A runner option a registry entry may give: whether it takes a value. */
type Allowed = { takesValue: boolean };

interface RunnerOptions {
  /** Options that leave the runner as narrow as it is. */
  allowed: Record<string, Allowed>;
  /** Options that widen what it may do, with why. */
  refused: Record<string, string>;
}

const bare: Allowed = { takesValue: false };
const valued: Allowed = { takesValue: true };

const HOST_FILES = "would give the container this machine's files";
const HOST_NAMESPACE = 'would share a namespace of this machine with the container';

/** The options each runner takes from a registry entry, by the runner's command. */
export const RUNNER_OPTIONS: Record<string, RunnerOptions> = {
  npx: {
    allowed: {
      '-y': bare,
      '--yes': bare,
      '-q': bare,
      '--quiet': bare,
      '--prefer-offline': bare,
      '--prefer-online': bare,
    },
    refused: {
      '--call': 'runs a shell command instead of the package',
      '-c': 'runs a shell command instead of the package',
      '--package': 'runs another package than the one the registry names',
      '-p': 'runs another package than the one the registry names',
      '--registry': 'fetches the package from another npm registry',
      '--userconfig': 'reads npm settings from another file',
      '--script-shell': 'runs scripts with another shell',
      '--node-options': 'gives node options to what runs',
    },
  },
  uvx: {
    allowed: { '-q': bare, '--quiet': bare, '--offline': bare, '--isolated': bare, '--no-cache': bare },
    refused: {
      '--from': 'runs another package than the one the registry names',
      '--with': 'installs further packages beside it',
      '-w': 'installs further packages beside it',
      '--with-requirements': 'installs further packages beside it',
      '--with-editable': 'installs further packages beside it',
      '--index-url': 'fetches the package from another index',
      '-i': 'fetches the package from another index',
      '--extra-index-url': 'fetches packages from another index',
      '--index': 'fetches packages from another index',
      '--default-index': 'fetches packages from another index',
      '--find-links': 'fetches packages from another place',
      '-f': 'fetches packages from another place',
      '--python': 'runs it with another interpreter, which may be any program',
      '-p': 'runs it with another interpreter, which may be any program',
    },
  },
  docker: {
    allowed: {
      '-i': bare,
      '--interactive': bare,
      '--rm': bare,
      '--init': bare,
      '--read-only': bare,
      '-e': valued,
      '--env': valued,
      '-w': valued,
      '--workdir': valued,
      '-u': valued,
      '--user': valued,
      '--name': valued,
      '--platform': valued,
      '--pull': valued,
      '-m': valued,
      '--memory': valued,
      '--cpus': valued,
    },
    refused: {
      '--privileged': 'would give the container every device and capability of this machine',
      '-v': HOST_FILES,
      '--volume': HOST_FILES,
      '--mount': HOST_FILES,
      '--volumes-from': HOST_FILES,
      '--env-file': 'would read a file of this machine into the container',
      '--network': "would put the container on another network (this machine's own with host)",
      '--net': "would put the container on another network (this machine's own with host)",
      '--pid': HOST_NAMESPACE,
      '--ipc': HOST_NAMESPACE,
      '--uts': HOST_NAMESPACE,
      '--userns': HOST_NAMESPACE,
      '--cgroupns': HOST_NAMESPACE,
      '--cap-add': 'would give the container more capabilities',
      '--device': 'would give the container a device of this machine',
      '--device-cgroup-rule': 'would give the container devices of this machine',
      '--gpus': "would give the container this machine's GPUs",
      '--security-opt': "would change the container's confinement",
      '--group-add': 'would put the container user in more groups',
      '--runtime': 'would run the container with another runtime',
      '--sysctl': "would change the container's kernel settings",
    },
  },
};

/**
 * The refusal of a package's runtime arguments, each given as the argv it adds (`[flag]`,
 * `[flag, value]`, or `[value]` for a positional): each must be an option its runner takes from a
 * registry, with a value exactly when that option takes one.
 */
export function runtimeArgumentsRefusal(command: string, groups: readonly (readonly string[])[]): Refusal {
  const options = RUNNER_OPTIONS[command];
  for (const group of groups) {
    const [first, second, ...rest] = group;
    if (first === undefined) continue;
    const shown = group.join(' ');
    if (!FLAG_LIKE.test(first) || rest.length > 0) {
      return `its runtime argument ${JSON.stringify(shown)} is not an option: ${command} would read it as what to run`;
    }
    const { name, attached } = splitOption(first);
    const refusedBecause =
      options === undefined
        ? undefined
        : Object.hasOwn(options.refused, name)
          ? options.refused[name]
          : undefined;
    if (refusedBecause !== undefined) return `${command}'s ${name} ${refusedBecause}`;
    const allowed =
      options === undefined
        ? undefined
        : Object.hasOwn(options.allowed, name)
          ? options.allowed[name]
          : undefined;
    if (allowed === undefined) {
      return `its runtime argument ${JSON.stringify(name)} is not an option MCP Admin lets a registry entry give ${command}`;
    }
    const values = [attached, second].filter((given) => given !== undefined);
    if (values.length !== (allowed.takesValue ? 1 : 0)) {
      const given = ['no value', 'a value', 'two values'][values.length] ?? 'values';
      const takes = allowed.takesValue ? 'takes one' : 'takes none';
      return `its runtime argument ${JSON.stringify(shown)} gives ${name} ${given}, which ${takes}: ${command} would misread where the package is`;
    }
    const [value] = values;
    if (value !== undefined && (FLAG_LIKE.test(value) || CONTROL.test(value))) {
      return `its runtime argument ${name}'s value ${JSON.stringify(value)} starts with "-" or holds a control character`;
    }
  }
  return undefined;
}

/** `--opt=value` → `--opt` and `value`; `-vX` (a short option with its value attached) → `-v` and `X`. */
function splitOption(argument: string): { name: string; attached?: string } {
  if (argument.startsWith('--')) {
    const equals = argument.indexOf('=');
    return equals === -1
      ? { name: argument }
      : { name: argument.slice(0, equals), attached: argument.slice(equals + 1) };
  }
  if (argument.length <= 2) return { name: argument };
  const rest = argument.slice(2);
  return { name: argument.slice(0, 2), attached: rest.startsWith('=') ? rest.slice(1) : rest };
}
