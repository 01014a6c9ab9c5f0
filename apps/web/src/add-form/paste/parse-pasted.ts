/**
 * What a pasted text says about a server: a command line (`npx -y @scope/server /tmp`), a
 * `claude mcp add …` / `claude mcp add-json …` line, or a JSON entry (alone, named, or a whole
 * `mcpServers` document with one server). Only read, never run.
 */
import type { Scope } from '@mcp-admin/core/schemas';
import { shellWords } from './shell-words';

export type PastedTransport = 'stdio' | 'http' | 'sse';

export interface PastedServer {
  name?: string;
  scope?: Scope;
  transport: PastedTransport;
  command?: string;
  args?: string[];
  env?: [string, string][];
  url?: string;
  headers?: [string, string][];
}

export type PastedKind = 'a command line' | 'a claude mcp add line' | 'JSON';

export type Pasted =
  { ok: true; kind: PastedKind; server: PastedServer; ignored: string[] } | { ok: false; error: string };

const SCOPES: readonly string[] = ['user', 'local', 'project'];
const ENV_ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;
const HEADER_LINE = /^([^\s:]+):\s*(.*)$/s;
const WEB_ADDRESS = /^https?:\/\//i;
/** What the form has boxes for; other stored fields (oauth, timeout…) are named as left out. */
const FORM_FIELDS = new Set(['type', 'command', 'args', 'env', 'url', 'headers']);

export function parsePasted(text: string): Pasted {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'Nothing to read: paste a command or a JSON entry.' };
  if (trimmed.startsWith('{') || trimmed.startsWith('"')) return fromJsonText(trimmed);
  const split = shellWords(trimmed);
  if (!split.ok) return split;
  const words = split.words;
  if (words[0] === 'claude' && words[1] === 'mcp') return fromClaudeMcp(words.slice(2));
  return fromCommandLine(words);
}

/** `KEY=VALUE … command args…`, or a lone web address. */
function fromCommandLine(words: readonly string[]): Pasted {
  const env: [string, string][] = [];
  let index = 0;
  for (let word = words[0]; word !== undefined; word = words[++index]) {
    const assignment = ENV_ASSIGNMENT.exec(word);
    if (assignment === null) break;
    env.push([assignment[1] ?? '', assignment[2] ?? '']);
  }
  // `env A=B cmd` sets variables the same way.
  if (words[index] === 'env' && env.length === 0) return fromCommandLine(words.slice(1));
  const [command, ...args] = words.slice(index);
  if (command === undefined) return { ok: false, error: 'Only variables were pasted: there is no command.' };
  if (WEB_ADDRESS.test(command) && args.length === 0 && env.length === 0) {
    return ok('a command line', { transport: 'http', url: command, name: nameFromUrl(command) });
  }
  return ok('a command line', {
    transport: 'stdio',
    command,
    args,
    ...(env.length > 0 && { env }),
    ...withName(nameFromCommand(command, args)),
  });
}

/** The options of `claude mcp add` (CLI 2.1) that the form has a box for. */
function fromClaudeMcp(words: readonly string[]): Pasted {
  const [subcommand, ...rest] = words;
  if (subcommand === 'add-json') return fromAddJson(rest);
  if (subcommand !== 'add') {
    return {
      ok: false,
      error: `"claude mcp ${subcommand ?? ''}" does not add a server: paste a "claude mcp add" line.`,
    };
  }
  const server: PastedServer = { transport: 'stdio' };
  const env: [string, string][] = [];
  const headers: [string, string][] = [];
  const positional: string[] = [];
  let transportGiven = false;
  let index = 0;
  const valueOf = (word: string): string | undefined => {
    const equals = word.indexOf('=');
    if (word.startsWith('--') && equals !== -1) return word.slice(equals + 1);
    index += 1;
    return rest[index];
  };
  for (; index < rest.length; index += 1) {
    const word = rest[index] ?? '';
    // Past a command, every word is its argument, `-y` included; after an address, options go on.
    const remote = transportGiven ? server.transport !== 'stdio' : WEB_ADDRESS.test(positional[1] ?? '');
    if (positional.length >= 2 && !remote) {
      positional.push(word);
      continue;
    }
    if (word === '--') {
      positional.push(...(positional.length === 0 ? [] : rest.slice(index + 1)));
      if (positional.length === 0) return { ok: false, error: 'The server\'s name must come before "--".' };
      break;
    }
    const option = word.split('=')[0];
    if (option === '-s' || option === '--scope') {
      const scope = valueOf(word);
      if (scope === undefined || !SCOPES.includes(scope)) {
        return { ok: false, error: `The scope "${scope ?? ''}" is not one of user, local or project.` };
      }
      server.scope = scope as Scope;
    } else if (option === '-t' || option === '--transport') {
      const transport = valueOf(word);
      if (transport !== 'stdio' && transport !== 'http' && transport !== 'sse') {
        return { ok: false, error: `The transport "${transport ?? ''}" is not one of stdio, http or sse.` };
      }
      server.transport = transport;
      transportGiven = true;
    } else if (option === '-e' || option === '--env') {
      // Like the CLI's own variadic option, it takes every KEY=VALUE word that follows.
      for (let next = valueOf(word); next !== undefined; next = rest[++index]) {
        const assignment = ENV_ASSIGNMENT.exec(next);
        if (assignment === null) {
          index -= 1;
          break;
        }
        env.push([assignment[1] ?? '', assignment[2] ?? '']);
      }
    } else if (option === '-H' || option === '--header') {
      for (let next = valueOf(word); next !== undefined; next = rest[++index]) {
        const header = HEADER_LINE.exec(next);
        if (header === null) {
          index -= 1;
          break;
        }
        headers.push([header[1] ?? '', header[2] ?? '']);
      }
    } else if (word.startsWith('-') && positional.length < 2) {
      return { ok: false, error: `The option "${option ?? word}" has no box in this form.` };
    } else {
      positional.push(word);
    }
  }
  const [name, target, ...args] = positional;
  if (name === undefined) return { ok: false, error: 'The line names no server: "claude mcp add NAME …".' };
  if (target === undefined) return { ok: false, error: `The line gives no command or URL for "${name}".` };
  // The CLI would start an address as a command when no transport is given; the form takes it as meant.
  if (!transportGiven && WEB_ADDRESS.test(target)) server.transport = 'http';
  if (server.transport === 'stdio') {
    Object.assign(server, { command: target, args, ...(env.length > 0 && { env }) });
  } else {
    Object.assign(server, { url: target, ...(headers.length > 0 && { headers }) });
  }
  return ok('a claude mcp add line', { ...server, name });
}

/** `claude mcp add-json [options] NAME 'JSON'`. */
function fromAddJson(words: readonly string[]): Pasted {
  let scope: Scope | undefined;
  const positional: string[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] ?? '';
    if (word === '-s' || word === '--scope') {
      const value = words[++index] ?? '';
      if (!SCOPES.includes(value))
        return { ok: false, error: `The scope "${value}" is not one of user, local or project.` };
      scope = value as Scope;
    } else if (word.startsWith('--scope=')) {
      const value = word.slice('--scope='.length);
      if (!SCOPES.includes(value))
        return { ok: false, error: `The scope "${value}" is not one of user, local or project.` };
      scope = value as Scope;
    } else positional.push(word);
  }
  const [name, json] = positional;
  if (name === undefined || json === undefined) {
    return {
      ok: false,
      error: "An add-json line needs a name and the JSON: claude mcp add-json NAME '{…}'.",
    };
  }
  const read = fromJsonText(json);
  if (!read.ok) return read;
  return {
    ...read,
    kind: 'a claude mcp add line',
    server: { ...read.server, name, ...(scope && { scope }) },
  };
}

function fromJsonText(text: string): Pasted {
  let value: unknown;
  try {
    value = JSON.parse(text.startsWith('"') ? `{${text.replace(/,\s*$/, '')}}` : text);
  } catch {
    return { ok: false, error: 'This is not valid JSON (a missing comma or quote?).' };
  }
  if (!isObject(value)) return { ok: false, error: 'The JSON is not an object describing a server.' };
  if (isEntry(value)) return fromEntry(value, undefined);
  const servers = isObject(value.mcpServers) ? value.mcpServers : value;
  const names = Object.keys(servers);
  if (names.length !== 1) {
    return {
      ok: false,
      error: `The JSON holds ${names.length} servers: paste one, or use Import JSON for several.`,
    };
  }
  const [name = ''] = names;
  const entry = servers[name];
  if (!isObject(entry) || !isEntry(entry)) {
    return { ok: false, error: `"${name}" has neither a command nor a url.` };
  }
  return fromEntry(entry, name);
}

function fromEntry(entry: Record<string, unknown>, name: string | undefined): Pasted {
  const ignored = Object.keys(entry).filter((key) => !FORM_FIELDS.has(key));
  const type = entry.type;
  if (typeof entry.url === 'string') {
    const transport = type === 'sse' ? 'sse' : 'http';
    const headers = stringPairs(entry.headers);
    if (headers === null) return { ok: false, error: '"headers" must map each header name to a text value.' };
    return {
      ok: true,
      kind: 'JSON',
      ignored,
      server: {
        transport,
        url: entry.url,
        ...(headers.length > 0 && { headers }),
        ...withName(name ?? nameFromUrl(entry.url)),
      },
    };
  }
  const command = entry.command;
  if (typeof command !== 'string') return { ok: false, error: '"command" must be text.' };
  const args = entry.args ?? [];
  if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) {
    return { ok: false, error: '"args" must be a list of texts.' };
  }
  const env = stringPairs(entry.env);
  if (env === null) return { ok: false, error: '"env" must map each variable name to a text value.' };
  return {
    ok: true,
    kind: 'JSON',
    ignored,
    server: {
      transport: 'stdio',
      command,
      args,
      ...(env.length > 0 && { env }),
      ...withName(name ?? nameFromCommand(command, args)),
    },
  };
}

function ok(kind: PastedKind, server: PastedServer): Pasted {
  return { ok: true, kind, server, ignored: [] };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEntry(value: Record<string, unknown>): boolean {
  return typeof value.command === 'string' || typeof value.url === 'string';
}

function stringPairs(value: unknown): [string, string][] | null {
  if (value === undefined) return [];
  if (!isObject(value)) return null;
  const pairs = Object.entries(value);
  return pairs.every((pair): pair is [string, string] => typeof pair[1] === 'string') ? pairs : null;
}

function withName(name: string | undefined): { name?: string } {
  return name === undefined || name === '' ? {} : { name };
}

/** A name from the package a launcher runs: `@modelcontextprotocol/server-filesystem` → `filesystem`. */
export function nameFromCommand(command: string, args: readonly string[]): string | undefined {
  const launchers = new Set(['npx', 'pnpm', 'bunx', 'uvx', 'pipx', 'dlx', 'exec', 'run', 'docker', 'yarn']);
  const base = command.split('/').pop() ?? command;
  const candidates = launchers.has(base)
    ? args.filter((arg) => !arg.startsWith('-') && !launchers.has(arg))
    : [base];
  const packageName = candidates[0];
  if (packageName === undefined) return undefined;
  const bare = packageName
    .replace(/^@[^/]+\//, '')
    .replace(/@[^@]*$/, '')
    .split(/[/:]/)
    .pop();
  return cleanName(
    (bare ?? '')
      .replace(/\.(js|mjs|cjs|ts|py)$/, '')
      .replace(/^(mcp-server-|server-|mcp-)/, '')
      .replace(/(-mcp-server|-mcp|-server)$/, ''),
  );
}

/** A name from a server's address: `https://mcp.notion.com/mcp` → `notion`. */
export function nameFromUrl(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const labels = new URL(url).hostname.split('.').filter((label) => !['mcp', 'www', 'api'].includes(label));
  return cleanName(labels.length > 1 ? (labels[labels.length - 2] ?? '') : (labels[0] ?? ''));
}

/** Only the characters a server name may hold. */
export function cleanName(text: string): string | undefined {
  const name = text
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
  return name === '' ? undefined : name;
}
