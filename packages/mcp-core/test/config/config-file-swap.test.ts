/**
 * A link swapped in between the check of a config file and its open is never followed: the open
 * is made to race here by swapping the path just before `open` runs (a hook on node:fs/promises).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const hooks = vi.hoisted(() => ({ beforeOpen: undefined as ((path: string) => void) | undefined }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  const open: typeof actual.open = (path, ...rest) => {
    const hook = hooks.beforeOpen;
    hooks.beforeOpen = undefined;
    hook?.(String(path));
    return actual.open(path, ...rest);
  };
  return { ...actual, open, default: { ...actual, open } };
});

// The setup file loaded the real module already: load it again, with the hook.
vi.resetModules();
const { readConfigFile, scanConfigFile } = await import('../../src/config/config-file');

let dir: string;
let file: string;
let elsewhere: string;
const limits = { maxBytes: 1024 * 1024, readTimeoutMs: 5_000 };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'config-swap-'));
  file = join(dir, '.mcp.json');
  elsewhere = join(dir, 'someone-elses.json');
  writeFileSync(file, '{"mcpServers":{"checked":{"command":"node"}}}');
  writeFileSync(elsewhere, '{"mcpServers":{"not-checked":{"command":"cat","env":{"KEY":"private"}}}}');
});
afterEach(() => {
  hooks.beforeOpen = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** Just before the open: `at` becomes a link to the other file. */
function swapInLinkAt(at: string): void {
  hooks.beforeOpen = () => {
    renameSync(at, `${at}.moved`);
    symlinkSync(elsewhere, at);
  };
}

const refusal = {
  code: 'CONFIG_UNREADABLE',
  message: expect.stringMatching(/was replaced by a link after it was checked: not followed$/) as unknown,
};

describe('a link swapped in after the check', () => {
  it('readConfigFile refuses it instead of reading the file it leads to', async () => {
    swapInLinkAt(file);
    await expect(readConfigFile(file, limits)).rejects.toMatchObject(refusal);
  });

  it('scanConfigFile refuses it instead of reading the file it leads to', async () => {
    swapInLinkAt(file);
    await expect(scanConfigFile(file, limits, () => 'whole')).rejects.toMatchObject(refusal);
  });

  it('a link the user made is still read through, but its target swapped for a link is refused', async () => {
    const linked = join(dir, 'linked.json');
    symlinkSync(file, linked);
    await expect(readConfigFile(linked, limits)).resolves.toMatchObject({
      bytes: Buffer.from('{"mcpServers":{"checked":{"command":"node"}}}'),
    });

    swapInLinkAt(file);
    await expect(readConfigFile(linked, limits)).rejects.toMatchObject(refusal);
  });

  it('a regular file renamed over the checked one before the open, as Claude Code rewrites .claude.json, is read as it now is', async () => {
    hooks.beforeOpen = () => {
      renameSync(elsewhere, file);
    };
    await expect(readConfigFile(file, limits)).resolves.toMatchObject({
      bytes: Buffer.from('{"mcpServers":{"not-checked":{"command":"cat","env":{"KEY":"private"}}}}'),
    });
  });

  it('a FIFO renamed over the checked file before the open is refused, never read', async () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    hooks.beforeOpen = () => {
      renameSync(fifo, file);
    };
    await expect(readConfigFile(file, limits)).rejects.toMatchObject({
      code: 'CONFIG_UNREADABLE',
      message: `${file} is a FIFO, not a regular file`,
    });
  });
});
