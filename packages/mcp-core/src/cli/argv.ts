/**
 * Pure argv builders for `claude mcp …`. Order matters: the CLI's `-e` and `--header` options
 * are variadic and swallow every following word, so headers go after NAME and URL, and env
 * pairs are closed by `--` before COMMAND and its args.
 */
import type { AddServerInput, Scope } from '../schemas';
import type { CliCommandWithStdin } from './runner';

export function addArgv(input: AddServerInput): string[] {
  const { name, scope } = input;
  if (input.url !== undefined) {
    const headers = Object.entries(input.headers ?? {}).flatMap(([key, value]) => [
      '--header',
      `${key}: ${value}`,
    ]);
    return [
      'mcp',
      'add',
      '--scope',
      scope,
      '--transport',
      input.transport ?? 'http',
      name,
      input.url,
      ...headers,
    ];
  }
  if (input.command === undefined) {
    throw new TypeError('addArgv needs a validated input with command or url');
  }
  const env = Object.entries(input.env ?? {}).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
  return ['mcp', 'add', '--scope', scope, name, ...env, '--', input.command, ...(input.args ?? [])];
}

// Always scoped: without --scope the CLI refuses a name present in several scopes.
export function removeArgv(name: string, scope: Scope): string[] {
  return ['mcp', 'remove', '--scope', scope, name];
}

/**
 * `add-json` stores an entry whole, with the fields `mcp add` has no flag for (`oauth`,
 * `headersHelper`, `timeout`, `alwaysLoad`). The entry, secrets and all, goes on stdin (`-`):
 * every user of the machine can read a process's argv in `/proc/<pid>/cmdline`.
 */
export function addJsonArgv(name: string, scope: Scope, entry: Record<string, unknown>): CliCommandWithStdin {
  return { argv: ['mcp', 'add-json', '--scope', scope, name, '-'], stdin: JSON.stringify(entry) };
}

/** `--no-browser`: the panel opens the URL itself, in the user's own browser. */
export function loginArgv(name: string): string[] {
  return ['mcp', 'login', name, '--no-browser'];
}

export function logoutArgv(name: string): string[] {
  return ['mcp', 'logout', name];
}
