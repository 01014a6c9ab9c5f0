/** Reading a line file newest line first, in chunks from its end. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { McpCoreError } from '../src/errors';
import { linesFromEnd } from '../src/lines-from-end';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-admin-lines-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function linesOf(path: string, chunkBytes: number, maxLineBytes = 1000) {
  const lines = [];
  for await (const line of linesFromEnd(path, { chunkBytes, maxLineBytes })) lines.push(line);
  return lines;
}

describe('linesFromEnd', () => {
  it('gives every ended line last first with its byte offset, across chunk borders and a split UTF-8 character, leaving out blank lines and the unended tail', async () => {
    const path = join(dir, 'lines');
    writeFileSync(path, 'first\n\nsécond line\nthird\ncut off');

    const expected = [
      { offset: 20, text: 'third' },
      { offset: 7, text: 'sécond line' },
      { offset: 0, text: 'first' },
    ];
    expect(await Promise.all([1, 2, 3, 5, 64].map((chunk) => linesOf(path, chunk)))).toEqual(
      Array.from({ length: 5 }, () => expected),
    );
  });

  it('reports a line over the limit without its text, and goes on with the lines before it', async () => {
    const path = join(dir, 'lines');
    writeFileSync(path, `short\n${'x'.repeat(50)}\nlast\n`);

    await expect(linesOf(path, 7, 10)).resolves.toEqual([
      { offset: 57, text: 'last' },
      { offset: 6, text: undefined },
      { offset: 0, text: 'short' },
    ]);
  });

  it('gives nothing for a missing file, and refuses a FIFO and a link with CONFIG_UNREADABLE naming the path', async () => {
    const fifo = join(dir, 'fifo');
    const link = join(dir, 'link');
    execFileSync('mkfifo', [fifo]);
    writeFileSync(join(dir, 'target'), 'secret\n');
    symlinkSync(join(dir, 'target'), link);

    await expect(linesOf(join(dir, 'missing'), 8)).resolves.toEqual([]);
    await expect(linesOf(fifo, 8)).rejects.toEqual(
      new McpCoreError('CONFIG_UNREADABLE', `Cannot read ${fifo}: it is not a regular file`),
    );
    await expect(linesOf(link, 8)).rejects.toEqual(
      new McpCoreError('CONFIG_UNREADABLE', `Cannot read ${link}: it is a symbolic link, not a regular file`),
    );
  });
});
