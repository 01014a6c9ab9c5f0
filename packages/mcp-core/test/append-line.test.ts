/** Appending a line to a file of MCP Admin's own: regular files only, a cut-off line ended first. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendLine } from '../src/append-line';
import { McpCoreError } from '../src/errors';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-admin-append-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('appendLine', () => {
  it('creates the file 0600 in a new 0700 folder, and ends a line cut off before appending, saying so', async () => {
    const path = join(dir, 'own', 'log.jsonl');

    const outcomes = [await appendLine(path, 'one')];
    writeFileSync(path, '{"cut', { flag: 'a' });
    outcomes.push(await appendLine(path, 'two'), await appendLine(path, 'three'));

    expect({
      outcomes,
      text: readFileSync(path, 'utf8'),
      modes: [statSync(path).mode & 0o777, statSync(join(dir, 'own')).mode & 0o777],
    }).toEqual({
      outcomes: [{ endedCutLine: false }, { endedCutLine: true }, { endedCutLine: false }],
      text: 'one\n{"cut\ntwo\nthree\n',
      modes: [0o600, 0o700],
    });
  });

  it('refuses a FIFO and a link with WRITE_FAILED naming the path, at once, writing nothing through the link', async () => {
    const fifo = join(dir, 'fifo');
    const link = join(dir, 'link');
    const target = join(dir, 'target');
    execFileSync('mkfifo', [fifo]);
    writeFileSync(target, 'theirs\n');
    symlinkSync(target, link);

    await expect(appendLine(fifo, 'line')).rejects.toEqual(
      new McpCoreError('WRITE_FAILED', `Cannot write ${fifo}: it is a FIFO, not a regular file`),
    );
    await expect(appendLine(link, 'line')).rejects.toEqual(
      new McpCoreError('WRITE_FAILED', `Cannot write ${link}: it is a symbolic link, not a regular file`),
    );
    expect(readFileSync(target, 'utf8')).toBe('theirs\n');
  });
});
