/**
 * Seeds a world by writing its files, as `claude mcp add` / `add-json` would have stored the entry
 * (the shapes the fake CLI is held to by packages/mcp-core/test/cli/fake-claude-contract.test.ts):
 * a real CLI call costs a second or more, a write a millisecond. For tests whose subject is what the
 * panel shows or does with a server, not how Claude Code stores it; what Claude Code's own writing
 * changes (another terminal adding or removing) still goes through the CLI (./claude-cli.ts).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { AddServerInput, Scope } from '@mcp-admin/core';
import { projectEntry, type TestWorld } from '@mcp-admin/core/testing';

type Json = Record<string, unknown>;

/** As the CLI writes its files: two-space JSON to a temporary file, renamed over the old one. */
export async function writeJson(path: string, value: unknown, { newline = false } = {}): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.seed-${process.pid}`;
  await writeFile(temporary, `${JSON.stringify(value, null, 2)}${newline ? '\n' : ''}`, { mode: 0o600 });
  await rename(temporary, path);
}

async function readJsonOr(path: string, fallback: Json): Promise<Json> {
  return existsSync(path) ? (JSON.parse(await readFile(path, 'utf8')) as Json) : fallback;
}

/** Local scope is keyed by the git root of the working directory, else the directory itself. */
function projectKey(cwd: string): string {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return cwd;
  }
}

/** The entry `claude mcp add` stores for `input`. */
function addedEntry(input: AddServerInput): Json {
  if (input.url !== undefined) {
    const headers = input.headers ?? {};
    return {
      type: input.transport ?? 'http',
      url: input.url,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
    };
  }
  return { type: 'stdio', command: input.command, args: input.args ?? [], env: input.env ?? {} };
}

/** Stores `entry` as `name` in `scope`, seen from `cwd`; throws if the name is taken there, as the CLI does. */
export async function seedEntry(
  world: TestWorld,
  cwd: string,
  name: string,
  scope: Scope,
  entry: Json,
): Promise<void> {
  const path = scope === 'project' ? join(cwd, '.mcp.json') : world.configPath;
  const document = await readJsonOr(path, scope === 'project' ? { mcpServers: {} } : {});
  let holder = document;
  if (scope === 'local') {
    const projects = (document.projects ??= {}) as Record<string, Json>;
    holder = projects[projectKey(cwd)] ??= projectEntry({});
  }
  const servers = (holder.mcpServers ??= {}) as Json;
  if (Object.hasOwn(servers, name)) throw new Error(`seed: ${name} already exists in ${scope} config`);
  servers[name] = entry;
  await writeJson(path, document);
}

/** What `claude mcp add` with `input`, run in `cwd`, would have stored. */
export async function seedServer(world: TestWorld, cwd: string, input: AddServerInput): Promise<void> {
  await seedEntry(world, cwd, input.name, input.scope, addedEntry(input));
}

/**
 * What `claude mcp add-json` stores for `entry` when it is already in Claude Code's shape (its
 * fields in the schema's order): the CLI's rebuilding of other shapes is core's subject.
 */
export async function seedJsonServer(
  world: TestWorld,
  cwd: string,
  name: string,
  scope: Scope,
  entry: Json,
): Promise<void> {
  await seedEntry(world, cwd, name, scope, entry);
}
