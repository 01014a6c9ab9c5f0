import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkMcpJsonFiles } from '../../src/config/mcp-json-checks';
import { mcpJsonPresence, mcpJsonPresenceVersion } from '../../src/config/mcp-json-presence';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('checkMcpJsonFiles', () => {
  it('records a .mcp.json file as there, and a folder without one, gone, under a missing parent or holding a directory of that name as not', async () => {
    const root = mkdtempSync(join(tmpdir(), 'mcp-json-checks-'));
    roots.push(root);
    const parent = join(root, 'work');
    const folder = (path: string, mcpJson?: 'file' | 'directory') => {
      mkdirSync(path, { recursive: true });
      if (mcpJson === 'file') writeFileSync(join(path, '.mcp.json'), '{"mcpServers":{}}');
      if (mcpJson === 'directory') mkdirSync(join(path, '.mcp.json'));
      return path;
    };
    const expected = new Map([
      [folder(join(parent, 'with'), 'file'), true],
      [folder(join(parent, 'without')), false],
      [join(parent, 'gone'), false],
      [folder(join(parent, 'directory-named-mcp-json'), 'directory'), false],
      [join(root, 'missing-parent', 'a'), false],
      [join(root, 'missing-parent', 'b'), false],
      [folder(join(root, 'alone', 'only-child'), 'file'), true],
      [folder(join(root, 'alone-too', 'only-child')), false],
    ]);
    await checkMcpJsonFiles([...expected.keys()]);
    expect(new Map([...expected.keys()].map((dir) => [dir, mcpJsonPresence(dir)]))).toEqual(expected);
  });

  it('stats a folder listed under its parent even when the parent holds thousands of other projects', async () => {
    const root = mkdtempSync(join(tmpdir(), 'mcp-json-checks-'));
    roots.push(root);
    const present = join(root, 'p-found');
    mkdirSync(present);
    writeFileSync(join(present, '.mcp.json'), '{}');
    const missing = Array.from({ length: 3000 }, (_, index) => join(root, `p-${index}`));
    await checkMcpJsonFiles([...missing, present]);
    expect(mcpJsonPresence(present)).toBe(true);
    expect(missing.filter((dir) => mcpJsonPresence(dir) !== false)).toEqual([]);
  });

  it('hands the event loop turns while it records the folders of one missing parent as gone', async () => {
    const root = mkdtempSync(join(tmpdir(), 'mcp-json-checks-'));
    roots.push(root);
    const count = 200_000;
    const dirs = Array.from({ length: count }, (_, index) => join(root, 'missing-parent', `p-${index}`));
    const before = mcpJsonPresenceVersion();
    // The record's version at each turn the event loop gets: one between the first folder and the last shows a turn mid-way.
    const seen: number[] = [];
    let checking = true;
    const watchTurns = async () => {
      while (checking) {
        await nextTurn();
        seen.push(mcpJsonPresenceVersion() - before);
      }
    };
    const watching = watchTurns();
    await checkMcpJsonFiles(dirs);
    checking = false;
    await watching;

    expect(mcpJsonPresenceVersion() - before).toBe(count);
    expect(seen.filter((recorded) => recorded > 0 && recorded < count)).not.toEqual([]);
  });
});
