/**
 * The fake `claude` (test/fixtures/fake-claude.mjs) against the pinned real CLI: the same calls in
 * two throwaway worlds, compared after each call by exit code, output and what each stored (the
 * servers of .claude.json in their stored order, the fields of the project's entry the product
 * reads, the bytes of .mcp.json and .claude/settings.local.json). A test may use the fake only
 * because this passes.
 */
import { createTestWorld, FAKE_CLAUDE, PINNED_CLAUDE_BIN, type TestWorld } from '@mcp-admin/core/testing';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

interface Call {
  title: string;
  argv: string[];
  stdin?: string;
  /** Where it runs: the repository's root or a folder inside it. */
  in: 'root' | 'nested';
}

const json = (value: unknown) => JSON.stringify(value);
// Every subcommand and entry shape the product hands the CLI, and the refusals it relies on.
const CALLS: Call[] = [
  { title: 'version', argv: ['--version'], in: 'root' },
  {
    title: 'add-json of a stdio entry in user scope, fields out of order and one unknown',
    argv: ['mcp', 'add-json', '--scope', 'user', 'fs', '-'],
    stdin: json({ env: { Z: '1', A: '2' }, args: ['x'], command: 'npx', type: 'stdio', bogus: 1 }),
    in: 'root',
  },
  {
    title: 'add-json of a streamable-http entry with every kept field in local scope, from a nested folder',
    argv: ['mcp', 'add-json', '--scope', 'local', 'web', '-'],
    stdin: json({
      alwaysLoad: true,
      timeout: 5,
      oauth: { clientId: 'id' },
      headersHelper: 'h.sh',
      headers: { H: 'v' },
      url: 'https://example.com/mcp',
      type: 'streamable-http',
    }),
    in: 'nested',
  },
  {
    title: 'add-json of an entry without a type in project scope',
    argv: ['mcp', 'add-json', '--scope', 'project', 'bare', '-'],
    stdin: json({ command: 'node' }),
    in: 'root',
  },
  {
    title: 'add-json of an sse entry with oauth in project scope',
    argv: ['mcp', 'add-json', '--scope', 'project', 'events', '-'],
    stdin: json({ type: 'sse', url: 'https://example.com/sse', oauth: { clientId: 'x' } }),
    in: 'root',
  },
  {
    title: 'add-json of a ws entry, whose oauth is dropped',
    argv: ['mcp', 'add-json', '--scope', 'project', 'socket', '-'],
    stdin: json({ type: 'ws', url: 'wss://example.com/m', oauth: { clientId: 'x' }, timeout: 2 }),
    in: 'root',
  },
  {
    title: 'add-json of a name taken in that scope',
    argv: ['mcp', 'add-json', '--scope', 'user', 'fs', '-'],
    stdin: json({ command: 'x' }),
    in: 'root',
  },
  {
    title: 'add-json of a bad name',
    argv: ['mcp', 'add-json', '--scope', 'user', 'bad name', '-'],
    stdin: json({ command: 'x' }),
    in: 'root',
  },
  {
    title: 'add with env pairs and a command after --',
    argv: ['mcp', 'add', '--scope', 'user', 'tool', '-e', 'A=1', '-e', 'B=2', '--', 'cmd', 'x', 'y'],
    in: 'root',
  },
  {
    title: 'add of an http server with a header in local scope',
    argv: [
      'mcp',
      'add',
      '--scope',
      'local',
      'remote',
      '--transport',
      'http',
      'https://example.com/m',
      '--header',
      'X-K: v',
    ],
    in: 'root',
  },
  {
    title: "add-json in project scope from a nested folder, into that folder's own .mcp.json",
    argv: ['mcp', 'add-json', '--scope', 'project', 'bare', '-'],
    stdin: json({ command: 'nearer' }),
    in: 'nested',
  },
  { title: 'remove from project scope', argv: ['mcp', 'remove', '--scope', 'project', 'bare'], in: 'root' },
  {
    title: 'remove from project scope in a nested folder, from its own .mcp.json',
    argv: ['mcp', 'remove', '--scope', 'project', 'bare'],
    in: 'nested',
  },
  { title: 'remove from local scope', argv: ['mcp', 'remove', '--scope', 'local', 'web'], in: 'nested' },
  { title: 'remove of an unknown name', argv: ['mcp', 'remove', '--scope', 'user', 'nothing'], in: 'root' },
  { title: 'reset-project-choices', argv: ['mcp', 'reset-project-choices'], in: 'root' },
];

interface Outcome {
  exitCode: number;
  /** All of stdout, and the first line of stderr (later lines are advice that the product never reads). */
  stdout: string;
  stderr: string;
  stored: Record<string, unknown>;
}

function run(bin: string, world: TestWorld, call: Call): Promise<Omit<Outcome, 'stored'>> {
  return new Promise((resolve) => {
    const child = execFile(
      bin,
      call.argv,
      {
        cwd: call.in === 'root' ? world.projectDir : world.nestedDir,
        env: { PATH: process.env.PATH, HOME: world.configDir, CLAUDE_CONFIG_DIR: world.configDir },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        // Paths differ between the two worlds; the rest must be the same text.
        const portable = (text: string) =>
          text.replaceAll(world.projectDir, '<repo>').replaceAll(world.configDir, '<config>');
        // All of stdout (the product returns it, "File modified: …" included); the first line of
        // stderr (later lines are advice that the product never reads).
        resolve({
          exitCode: code,
          stdout: portable(stdout),
          stderr: portable(stderr.split('\n')[0] ?? ''),
        });
      },
    );
    child.stdin?.end(call.stdin ?? '');
  });
}

const pick = (value: unknown, keys: string[]) =>
  typeof value === 'object' && value !== null
    ? Object.fromEntries(Object.entries(value).filter(([key]) => keys.includes(key)))
    : value;

const readIf = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined);

/** What the product reads back, as stored: servers in their order, files byte for byte. */
function stored(world: TestWorld): Record<string, unknown> {
  const config = JSON.parse(readIf(world.configPath) ?? '{}') as {
    mcpServers?: unknown;
    projects?: Record<string, unknown>;
  };
  return {
    userServers: json(config.mcpServers),
    // The fields of a project entry the product reads (the CLI's migrations add others).
    project: json(
      pick(config.projects?.[world.projectDir], [
        'mcpServers',
        'hasTrustDialogAccepted',
        'disabledMcpServers',
      ]),
    ),
    projectKeys: Object.keys(config.projects ?? {}).map((key) => key.replace(world.projectDir, '<repo>')),
    mcpJson: readIf(join(world.projectDir, '.mcp.json')),
    nestedMcpJson: readIf(join(world.nestedDir, '.mcp.json')),
    settingsLocal: readIf(join(world.projectDir, '.claude', 'settings.local.json')),
  };
}

/** Runs every call in a fresh world, recording the outcome after each. */
async function outcomes(bin: string): Promise<Outcome[]> {
  const world = createTestWorld();
  try {
    mkdirSync(join(world.projectDir, '.claude'));
    writeFileSync(
      join(world.projectDir, '.claude', 'settings.local.json'),
      `${JSON.stringify({ enabledMcpjsonServers: ['a'], other: 1, disabledMcpjsonServers: [], enableAllProjectMcpServers: true }, null, 2)}\n`,
    );
    const results: Outcome[] = [];
    for (const call of CALLS) results.push({ ...(await run(bin, world, call)), stored: stored(world) });
    return results;
  } finally {
    world.remove();
  }
}

describe('the fake claude against the pinned real CLI', () => {
  let real: Outcome[];
  let fake: Outcome[];
  beforeAll(async () => {
    [real, fake] = await Promise.all([outcomes(PINNED_CLAUDE_BIN), outcomes(FAKE_CLAUDE)]);
  }, 240_000);

  it.each(CALLS.map((call, index) => [call.title, index] as const))(
    '%s: same exit code, output and stored files',
    (_title, index) => {
      expect(fake[index]).toEqual(real[index]);
    },
  );

  it('exercised both outcomes: some calls succeeded and some were refused by the real CLI', () => {
    expect(real.map(({ exitCode }) => exitCode)).toEqual(expect.arrayContaining([0, 1]));
  });
});

describe('the fake claude and the pinned real CLI beside another writer of .claude.json', () => {
  it('both wait while .claude.json.lock is held, and write once it is gone', async () => {
    const worlds = [createTestWorld(), createTestWorld()];
    try {
      const lockHeld = worlds.map((world) => {
        writeFileSync(world.configPath, '{"numStartups": 1}\n');
        mkdirSync(`${world.configPath}.lock`);
        return readFileSync(world.configPath, 'utf8');
      });
      const add: Call = {
        title: 'add',
        argv: ['mcp', 'add', '--scope', 'user', 'x', '--', 'x-cmd'],
        in: 'root',
      };
      const runs = [PINNED_CLAUDE_BIN, FAKE_CLAUDE].map((bin, index) =>
        run(bin, worlds[index] as TestWorld, add),
      );
      // Longer than either takes to add with the lock free (the real CLI about 0.5 s, the fake 50 ms).
      await sleep(1_000);
      const whileHeld = worlds.map((world) => readFileSync(world.configPath, 'utf8'));
      for (const world of worlds) rmdirSync(`${world.configPath}.lock`);
      const exits = (await Promise.all(runs)).map(({ exitCode }) => exitCode);

      expect({ whileHeld, exits }).toEqual({ whileHeld: lockHeld, exits: [0, 0] });
      const userServers = worlds.map(
        (world) => (JSON.parse(readFileSync(world.configPath, 'utf8')) as { mcpServers?: object }).mcpServers,
      );
      expect(userServers.map((servers) => Object.keys(servers ?? {}))).toEqual([['x'], ['x']]);
    } finally {
      for (const world of worlds) world.remove();
    }
  }, 60_000);
});
