import { createTestWorld, currentRss, peakRss, resetPeakRss } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listProjects, listServers } from '../../src/config';
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
    },
    { name: 'healthy', scope: 'user', source: world.configPath, transport: 'stdio', command: 'user-cmd' },
  ];
}

function list(projectPath: string) {
  return listServers({ configPath: world.configPath, projectPath });
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
    };

    const [hostile, other] = await Promise.all([list(deepest), list(world.plainDir)]);

    expect(hostile).toEqual({
      configPath: world.configPath,
      projectPath: deepest,
      servers: [user],
      problems: fifos.map((fifo) => ({ file: fifo, message: `${fifo} is a FIFO, not a regular file` })),
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
