import {
  createTestWorld,
  currentRss,
  peakRss,
  resetPeakRss,
  worldReadOptions,
} from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findStoredEntries, listProjects, listServers } from '../../src/config';
import { tooDeepText } from '../../src/config/json-copy';
import { MAX_SHOWN_DEPTH } from '../../src/config/server-normalizer';
import { McpCoreError } from '../../src/errors';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

const MiB = 1024 * 1024;
const fixture = (name: string) => join(import.meta.dirname, '..', 'fixtures', name);

/** Why an unapproved `.mcp.json` server is pending. */
function pendingReason(name: string): string {
  return `"${name}" is in no enabledMcpjsonServers or disabledMcpjsonServers of the settings files: run claude in the project to approve it.`;
}

/** A user server and a server in the project dir's own `.mcp.json`: what must stay listed. */
function writeHealthyServers(): { own: string } {
  writeFileSync(world.configPath, JSON.stringify({ mcpServers: { healthy: { command: 'user-cmd' } } }));
  const own = join(world.nestedDir, '.mcp.json');
  writeFileSync(own, JSON.stringify({ mcpServers: { near: { command: 'near-cmd' } } }));
  return { own };
}

function healthyServers(own: string) {
  return [
    {
      name: 'near',
      scope: 'project',
      source: own,
      transport: 'stdio',
      command: 'near-cmd',
      approval: 'pending',
      status: 'pending',
      statusReason: pendingReason('near'),
    },
    {
      name: 'healthy',
      scope: 'user',
      source: world.configPath,
      transport: 'stdio',
      command: 'user-cmd',
      status: 'active',
      statusReason: `"healthy" is in mcpServers of ${world.configPath}.`,
    },
  ];
}

function list(projectPath: string) {
  return listServers({ ...worldReadOptions(world), projectPath });
}

describe('a .mcp.json that is not a regular file', () => {
  it('links to /dev/zero: a problem, the other servers listed, and no memory spent reading it', async () => {
    const { own } = writeHealthyServers();
    const zero = join(world.projectDir, '.mcp.json');
    symlinkSync('/dev/zero', zero);
    resetPeakRss();
    const before = currentRss();

    await expect(list(world.nestedDir)).resolves.toEqual({
      configPath: world.configPath,
      projectPath: world.nestedDir,
      servers: healthyServers(own),
      problems: [{ file: zero, message: `${zero} is a character device, not a regular file` }],
    });
    expect(peakRss() - before).toBeLessThan(64 * MiB);
  });

  it('is a FIFO no one writes to: a problem, the other servers listed', async () => {
    const { own } = writeHealthyServers();
    const fifo = join(world.projectDir, '.mcp.json');
    execFileSync('mkfifo', [fifo]);

    await expect(list(world.nestedDir)).resolves.toEqual({
      configPath: world.configPath,
      projectPath: world.nestedDir,
      servers: healthyServers(own),
      problems: [{ file: fifo, message: `${fifo} is a FIFO, not a regular file` }],
    });
  });

  it("links to another process's stdin, a pipe held open: a problem, the other servers listed", async () => {
    const { own } = writeHealthyServers();
    const pipeline = spawn(fixture('pipe-reader.sh'), {
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const group = pipeline.pid;
    if (group === undefined) throw new Error('pipe-reader.sh did not start');
    try {
      const [readerPid] = (await once(pipeline.stdout, 'data')) as [Buffer];
      const stdin = join(world.projectDir, '.mcp.json');
      symlinkSync(`/proc/${readerPid.toString().trim()}/fd/0`, stdin);
      await expect(list(world.nestedDir)).resolves.toEqual({
        configPath: world.configPath,
        projectPath: world.nestedDir,
        servers: healthyServers(own),
        problems: [{ file: stdin, message: `${stdin} is a FIFO, not a regular file` }],
      });
    } finally {
      process.kill(-group, 'SIGKILL');
    }
  });

  it('is a FIFO in four dirs up one tree: four problems, and another project lists meanwhile', async () => {
    writeFileSync(world.configPath, JSON.stringify({ mcpServers: { healthy: { command: 'user-cmd' } } }));
    const deepest = join(world.nestedDir, 'most');
    mkdirSync(deepest);
    const fifos = [deepest, world.nestedDir, join(world.projectDir, 'sub'), world.projectDir].map((dir) =>
      join(dir, '.mcp.json'),
    );
    for (const fifo of fifos) execFileSync('mkfifo', [fifo]);
    const elsewhere = join(world.plainDir, '.mcp.json');
    writeFileSync(elsewhere, JSON.stringify({ mcpServers: { other: { url: 'https://o.example/mcp' } } }));
    const user = {
      name: 'healthy',
      scope: 'user',
      source: world.configPath,
      transport: 'stdio',
      command: 'user-cmd',
      status: 'active',
      statusReason: `"healthy" is in mcpServers of ${world.configPath}.`,
    };

    const [hostile, other] = await Promise.all([list(deepest), list(world.plainDir)]);

    expect(hostile).toEqual({
      configPath: world.configPath,
      projectPath: deepest,
      servers: [user],
      // Problems come in path order, whatever order the reads failed in.
      problems: fifos
        .toSorted()
        .map((fifo) => ({ file: fifo, message: `${fifo} is a FIFO, not a regular file` })),
    });
    expect(other).toEqual({
      configPath: world.configPath,
      projectPath: world.plainDir,
      servers: [
        {
          name: 'other',
          scope: 'project',
          source: elsewhere,
          transport: 'unknown',
          url: 'https://o.example/mcp',
          approval: 'pending',
          status: 'pending',
          statusReason: pendingReason('other'),
        },
        user,
      ],
      problems: [],
    });
  });
});

describe('a .claude.json that is not a regular file', () => {
  it('is a FIFO: listing and the project list fail at once, naming it', async () => {
    execFileSync('mkfifo', [world.configPath]);
    const error = new McpCoreError('CONFIG_UNREADABLE', `${world.configPath} is a FIFO, not a regular file`);

    await expect(list(world.projectDir)).rejects.toEqual(error);
    await expect(listProjects(world.configPath)).rejects.toEqual(error);
  });
});

/** `{"a": {"a": … 1 … }}`, `depth` objects deep, as JSON text. */
function nestedText(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** What the list shows of `nestedText` that starts at `depth` of a field: the rest of MAX_SHOWN_DEPTH, then a note. */
function shownNesting(depth: number): unknown {
  let shown: unknown = tooDeepText(MAX_SHOWN_DEPTH);
  for (let level = depth; level <= MAX_SHOWN_DEPTH; level++) shown = { a: shown };
  return shown;
}

/** How many objects deep `value` goes, counted without recursion. */
function depthOf(value: unknown): number {
  let depth = 0;
  for (let at = value; typeof at === 'object' && at !== null; at = (at as { a: unknown }).a) depth += 1;
  return depth;
}

describe('an entry nested deeper than any stack', () => {
  it.each([3000, 100_000])(
    'one entry %i levels deep, in .claude.json and in .mcp.json: all listed, the deep ones as deep as they can be shown',
    async (depth) => {
      writeFileSync(
        world.configPath,
        `{"mcpServers": {"a-before": {"command": "a"}, "deep": {"command": "x", "oauth": ${nestedText(depth)}}, "z-after": {"command": "z"}}}`,
      );
      const mcpJson = join(world.projectDir, '.mcp.json');
      writeFileSync(
        mcpJson,
        `{"mcpServers": {"deep-args": {"command": "y", "args": [${nestedText(depth)}]}, "fine": {"command": "f"}}}`,
      );
      const user = (name: string) =>
        ({
          name,
          scope: 'user',
          source: world.configPath,
          transport: 'stdio',
          status: 'active',
          statusReason: `"${name}" is in mcpServers of ${world.configPath}.`,
        }) as const;
      const project = (name: string) =>
        ({
          name,
          scope: 'project',
          source: mcpJson,
          transport: 'stdio',
          approval: 'pending',
          status: 'pending',
          statusReason: pendingReason(name),
        }) as const;

      const listed = await list(world.projectDir);

      expect(listed).toEqual({
        configPath: world.configPath,
        projectPath: world.projectDir,
        servers: [
          { ...project('deep-args'), command: 'y', extra: { args: [shownNesting(2)] } },
          { ...project('fine'), command: 'f' },
          { ...user('a-before'), command: 'a' },
          { ...user('deep'), command: 'x', extra: { oauth: shownNesting(1) } },
          { ...user('z-after'), command: 'z' },
        ],
        problems: [],
      });
      // What the API then does with it.
      expect(JSON.parse(JSON.stringify(listed))).toEqual(listed);
    },
  );

  it('finds a stored entry 100 000 levels deep whole, for a remove or an update to work on', async () => {
    writeFileSync(
      world.configPath,
      `{"mcpServers": {"deep": {"command": "x", "oauth": ${nestedText(100_000)}}}}`,
    );

    const [found, ...others] = await findStoredEntries({
      configPath: world.configPath,
      projectPath: world.plainDir,
      name: 'deep',
    });

    expect(others).toEqual([]);
    expect(found).toMatchObject({ scope: 'user', source: world.configPath, entry: { command: 'x' } });
    expect(depthOf(found?.entry.oauth)).toBe(100_000);
  });
});
