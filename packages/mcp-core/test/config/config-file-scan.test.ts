/** scanConfigFile: a file scanned in pieces as it is read gives what the scanner gives for its bytes. */
import { createTestWorld } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MiB, scanConfigFile } from '../../src/config/config-file';
import { FilePieces, PIECE_BYTES } from '../../src/config/file-pieces';
import { parseJsonChunks, parseJsonSubset, type MemberSelector } from '../../src/config/json-subset';
import { McpCoreError } from '../../src/errors';

let world: TestWorld;
let file: string;
const roomy = { maxBytes: 512 * MiB, readTimeoutMs: 10_000 };

beforeEach(() => {
  world = createTestWorld();
  file = join(world.plainDir, '.claude.json');
});
afterEach(() => {
  world.remove();
});

const select: MemberSelector = ([top, project, field]) => {
  if (top === 'mcpServers') return 'whole';
  if (top !== 'projects') return 'none';
  if (project === undefined) return 'map';
  if (field === undefined) return 'members';
  return field === 'mcpServers' ? 'whole' : 'none';
};

const identity = () => {
  const { ino, size, mtimeMs } = statSync(file);
  return `${ino}:${size}:${mtimeMs}`;
};

/** Projects whose histories put every kind of token, escape and multi-byte character at a piece's end. */
function manyPieces(): string {
  const prompts = ['plain', 'é✓😀 "q" \\ \n\t', '\\u00e9', '12'];
  const projects: Record<string, unknown> = {};
  for (let index = 0; index < 3_000; index++) {
    projects[`/p/${index}-é`] = {
      history: [
        { display: prompts[index % 4]?.repeat(1 + (index % 97)), n: -index * 1.5e-3, ok: index % 2 === 0 },
      ],
      mcpServers: index % 10 === 0 ? { [`s${index}`]: { command: 'x', args: ['✓'] } } : {},
    };
  }
  return JSON.stringify({
    projects,
    // A kept value longer than the room before a piece, and a skipped string over two pieces long.
    mcpServers: {
      big: { command: 'y', args: Array.from({ length: 20_000 }, (_, index) => `arg-${index}-é`) },
    },
    longString: 'ü'.repeat(PIECE_BYTES + 10),
    tail: [true, false, null],
  });
}

describe('scanConfigFile', () => {
  it('gives what parseJsonSubset gives for the whole file, on a file of several pieces', async () => {
    const text = manyPieces();
    writeFileSync(file, text);
    expect(Buffer.byteLength(text)).toBeGreaterThan(3 * PIECE_BYTES);

    const scanned = await scanConfigFile(file, roomy, select);

    expect(scanned).toEqual({
      identity: identity(),
      value: await parseJsonSubset(readFileSync(file), select),
    });
  });

  it('gives every member of a small file kept whole', async () => {
    writeFileSync(file, '{"a": [1, "✓"], "b": {"c": null}}');

    await expect(scanConfigFile(file, roomy, () => 'whole')).resolves.toEqual({
      identity: identity(),
      value: { a: [1, '✓'], b: { c: null } },
    });
  });

  it('locates an error past the first piece at the line and column the whole text gives', async () => {
    const text = manyPieces().replace('"tail":[true,false,null]', '"tail":[true,\n  "é", false,,null]');
    writeFileSync(file, text);
    const whole = await parseJsonSubset(readFileSync(file), select).catch((error: unknown) => error);

    const scanned = await scanConfigFile(file, roomy, select);

    expect(whole).toMatchObject({ line: 2, reason: 'Unexpected character' });
    expect(scanned).toEqual({ identity: identity(), syntaxError: whole });
  });

  it('is undefined for a missing file, and refuses one over its limit', async () => {
    await expect(scanConfigFile(file, roomy, select)).resolves.toBeUndefined();
    writeFileSync(file, `{"a": "${'x'.repeat(2 * 1024)}"}`);
    await expect(scanConfigFile(file, { maxBytes: 1024, readTimeoutMs: 10_000 }, select)).rejects.toEqual(
      new McpCoreError('CONFIG_UNREADABLE', `${file} is 2 KiB, over the 1 KiB limit`),
    );
  });

  it('reads a file said to be empty in pieces of 4 KiB, its kept values and long strings over many of them', async () => {
    writeFileSync(file, manyPieces());
    const handle = await open(file);
    try {
      const pieces = new FilePieces(handle, {
        statedSize: 0,
        maxBytes: roomy.maxBytes,
        overLimit: () => new Error('over the limit'),
        waitWithin: (op) => op,
      });
      await expect(parseJsonChunks(pieces, select)).resolves.toEqual(
        await parseJsonSubset(readFileSync(file), select),
      );
    } finally {
      await handle.close();
    }
  });

  it('refuses a file that turns out longer than its limit as it is read', async () => {
    writeFileSync(file, `{"a": "${'x'.repeat(10_000)}"}`);
    const handle = await open(file);
    try {
      const pieces = new FilePieces(handle, {
        statedSize: 0,
        maxBytes: 8 * 1024,
        overLimit: () => new Error('over the limit'),
        waitWithin: (op) => op,
      });
      await expect(parseJsonChunks(pieces, select)).rejects.toEqual(new Error('over the limit'));
    } finally {
      await handle.close();
    }
  });
});
