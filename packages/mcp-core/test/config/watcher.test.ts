import { createTestWorld, PINNED_CLAUDE_BIN, worldAdminOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { execa } from 'execa';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZodError } from 'zod';
import { addArgv } from '../../src/cli/argv';
import { watchConfigFiles } from '../../src/config/watcher';
import type { ConfigChange } from '../../src/config/watcher';
import { McpCoreError } from '../../src/errors';
import { createMcpAdmin } from '../../src/service/mcp-admin';
import type { AddServerInput } from '../../src/schemas';

const claude = PINNED_CLAUDE_BIN;
/** Real processes and a one-second poll: patient, never a timing assertion. */
const PATIENTLY = { timeout: 20_000, interval: 25 };

let world: TestWorld;
let mcpJsonPath: string;
beforeEach(() => {
  world = createTestWorld();
  mcpJsonPath = join(world.projectDir, '.mcp.json');
});
// Once every watch a test started is aborted, no watcher may be left open.
afterEach(async () => {
  for (const watch of watches.splice(0)) {
    watch.abort();
    await watch.done;
  }
  await vi.waitFor(() => {
    expect([activeResources('FSEventWrap'), activeResources('StatWatcher')]).toEqual([0, 0]);
  }, PATIENTLY);
  world.remove();
});

/** `claude mcp add` from another process, the way another terminal would run it. */
async function cliAdd(input: AddServerInput, configDir = world.configDir): Promise<void> {
  await execa(claude, addArgv(input), {
    cwd: world.projectDir,
    env: { CLAUDE_CONFIG_DIR: configDir, HOME: configDir },
    stdin: 'ignore',
  });
}

/** Writes by rename, as the CLI does: the file gets a new inode. */
function replaceFile(path: string, text: string): void {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

interface CollectedWatch {
  /** Every change yielded so far. */
  changes: ConfigChange[];
  /** Settles when the iteration ends. */
  done: Promise<void>;
  abort(): void;
}

/** Watches that are still running: aborted after each test. */
const watches: CollectedWatch[] = [];

/** Iterates `changes` in the background, collecting what it yields, until `controller` aborts. */
function collect(changes: AsyncIterable<ConfigChange>, controller: AbortController): CollectedWatch {
  const collected: ConfigChange[] = [];
  const done = (async () => {
    for await (const change of changes) collected.push(change);
  })();
  const watch = {
    changes: collected,
    done,
    abort: () => {
      controller.abort();
    },
  };
  watches.push(watch);
  return watch;
}

async function collectChanges(files: string[], since?: string): Promise<CollectedWatch> {
  const controller = new AbortController();
  return collect(await watchConfigFiles(files, { signal: controller.signal, since }), controller);
}

function activeResources(kind: 'FSEventWrap' | 'StatWatcher'): number {
  return process.getActiveResourcesInfo().filter((resource) => resource === kind).length;
}

const anyVersion: unknown = expect.any(String);

describe('watchConfigFiles', () => {
  it('reports what the real CLI writes to .claude.json and to the project .mcp.json', async () => {
    const watch = await collectChanges([world.configPath, mcpJsonPath]);

    await cliAdd({ name: 'u1', scope: 'user', command: 'node' });
    await vi.waitFor(() => {
      expect(watch.changes).toContainEqual({ file: world.configPath, exists: true, version: anyVersion });
    }, PATIENTLY);
    await cliAdd({ name: 'p1', scope: 'project', url: 'https://example.test/mcp' });
    await vi.waitFor(() => {
      expect(watch.changes.at(-1)).toEqual({ file: mcpJsonPath, exists: true, version: anyVersion });
    }, PATIENTLY);

    expect(new Set(watch.changes.map((change) => change.file))).toEqual(
      new Set([world.configPath, mcpJsonPath]),
    );
  });

  it('ignores other files in the watched directories and reports a deletion', async () => {
    const watch = await collectChanges([world.configPath, mcpJsonPath]);

    writeFileSync(join(world.configDir, 'notes.txt'), 'x');
    replaceFile(join(world.configDir, '.claude.json.backup'), '{}');
    mkdirSync(join(world.projectDir, '.mcp.json.d'));
    writeFileSync(join(world.projectDir, 'mcp.json'), '{}');
    replaceFile(mcpJsonPath, '{"mcpServers":{}}');
    await vi.waitFor(() => {
      expect(watch.changes).toEqual([{ file: mcpJsonPath, exists: true, version: anyVersion }]);
    }, PATIENTLY);
    rmSync(mcpJsonPath);

    await vi.waitFor(() => {
      expect(watch.changes).toEqual([
        { file: mcpJsonPath, exists: true, version: anyVersion },
        { file: mcpJsonPath, exists: false, version: anyVersion },
      ]);
    }, PATIENTLY);
  });

  it('ends and closes its watchers when aborted', async () => {
    const watch = await collectChanges([world.configPath, mcpJsonPath]);
    expect(activeResources('FSEventWrap')).toBe(2);

    watch.abort();

    await expect(watch.done).resolves.toBeUndefined();
    await vi.waitFor(() => {
      expect(activeResources('FSEventWrap')).toBe(0);
    }, PATIENTLY);
    expect(watch.changes).toEqual([]);
  });

  it('closes its watchers when the consumer stops iterating', async () => {
    const changes = await watchConfigFiles([world.configPath], { signal: new AbortController().signal });
    replaceFile(world.configPath, '{}');

    for await (const change of changes) {
      expect(change).toEqual({ file: world.configPath, exists: true, version: anyVersion });
      break;
    }

    await vi.waitFor(() => {
      expect(activeResources('FSEventWrap')).toBe(0);
    }, PATIENTLY);
  });

  it('polls a config dir that does not exist yet, and sees the file once the dir is created', async () => {
    const configDir = join(world.plainDir, 'not-yet');
    const configPath = join(configDir, '.claude.json');
    const watch = await collectChanges([configPath]);
    expect(activeResources('StatWatcher')).toBe(1);

    mkdirSync(configDir);
    await cliAdd({ name: 'u1', scope: 'user', command: 'node' }, configDir);

    await vi.waitFor(() => {
      expect(watch.changes).toContainEqual({ file: configPath, exists: true, version: anyVersion });
    }, PATIENTLY);
    watch.abort();
    await watch.done;
    await vi.waitFor(() => {
      expect(activeResources('StatWatcher')).toBe(0);
    }, PATIENTLY);
  });

  it('reports at once the files that changed since a version it yielded', async () => {
    const first = await collectChanges([world.configPath, mcpJsonPath]);
    replaceFile(world.configPath, '{}');
    const [seen] = await vi.waitFor(() => {
      expect(first.changes).toHaveLength(1);
      return first.changes;
    }, PATIENTLY);
    first.abort();
    await first.done;
    replaceFile(mcpJsonPath, '{"mcpServers":{}}');

    const resumed = await collectChanges([world.configPath, mcpJsonPath], seen?.version);

    await vi.waitFor(() => {
      expect(resumed.changes).toEqual([{ file: mcpJsonPath, exists: true, version: anyVersion }]);
    }, PATIENTLY);
  });
});

describe('McpAdmin.watch', () => {
  function adminFor() {
    return createMcpAdmin(worldAdminOptions(world));
  }

  it("watches .claude.json, the project's own .mcp.json and the files of the effective view, resuming from lastEventId", async () => {
    const controller = new AbortController();
    replaceFile(world.configPath, '{}');

    const changes = await adminFor().watch(
      { projectPath: world.nestedDir, lastEventId: 'from another state' },
      controller.signal,
    );
    const watch = collect(changes, controller);

    await vi.waitFor(() => {
      expect(watch.changes).toEqual([
        { file: world.configPath, exists: true, version: anyVersion },
        ...[
          join(world.configDir, '.credentials.json'),
          join(world.nestedDir, '.mcp.json'),
          join(world.managedDir, 'managed-settings.json'),
          join(world.configDir, 'settings.json'),
          join(world.nestedDir, '.claude', 'settings.json'),
          join(world.nestedDir, '.claude', 'settings.local.json'),
          // The git root's own settings.local.json counts below it; its settings.json does not.
          join(world.projectDir, '.claude', 'settings.local.json'),
          join(world.managedDir, 'managed-mcp.json'),
          join(world.configDir, 'plugins', 'installed_plugins.json'),
        ].map((file) => ({ file, exists: false, version: anyVersion })),
      ]);
    }, PATIENTLY);
  });

  it('fires when a settings file, managed-mcp.json or installed_plugins.json is written', async () => {
    const controller = new AbortController();
    const watch = collect(
      await adminFor().watch({ projectPath: world.projectDir }, controller.signal),
      controller,
    );
    const written = [
      join(world.projectDir, '.claude', 'settings.local.json'),
      join(world.managedDir, 'managed-mcp.json'),
      join(world.configDir, 'plugins', 'installed_plugins.json'),
    ];
    for (const file of written) {
      mkdirSync(dirname(file), { recursive: true });
      replaceFile(file, '{}');
      await vi.waitFor(() => {
        expect(watch.changes.map((change) => change.file)).toContain(file);
      }, PATIENTLY);
    }
    expect(watch.changes).toEqual(written.map((file) => ({ file, exists: true, version: anyVersion })));
  });

  it('refuses a project that is not an existing directory, or not an absolute path', async () => {
    const signal = new AbortController().signal;
    const missing = join(world.plainDir, 'gone');

    await expect(adminFor().watch({ projectPath: missing }, signal)).rejects.toEqual(
      new McpCoreError('INVALID_INPUT', `projectPath "${missing}" is not an existing directory`),
    );
    const refusal: unknown = await adminFor()
      .watch({ projectPath: 'relative/dir' }, signal)
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ZodError);
    expect((refusal as ZodError).issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['projectPath'], message: 'projectPath must be an absolute path' },
    ]);
  });
});
