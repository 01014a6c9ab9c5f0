import { createTestWorld } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { execFileSync } from 'node:child_process';
import { statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MiB, identityOf, readConfigFile } from '../../src/config/config-file';
import { McpCoreError } from '../../src/errors';

let world: TestWorld;
let file: string;
const roomy = { maxBytes: 512 * MiB, readTimeoutMs: 10_000 };

beforeEach(() => {
  world = createTestWorld();
  file = join(world.plainDir, '.mcp.json');
});
afterEach(() => {
  world.remove();
});

const unreadable = (reason: string) => new McpCoreError('CONFIG_UNREADABLE', `${file} ${reason}`);

describe('readConfigFile', () => {
  it('reads a regular file whole, with the identity of the version it read', async () => {
    writeFileSync(file, '{"mcpServers": {}}');
    const { ino, size, mtimeMs } = statSync(file);

    await expect(readConfigFile(file, roomy)).resolves.toEqual({
      bytes: Buffer.from('{"mcpServers": {}}'),
      identity: `${ino}:${size}:${mtimeMs}`,
    });
    await expect(identityOf(file)).resolves.toBe(`${ino}:${size}:${mtimeMs}`);
  });

  it('reads a file through a symlink', async () => {
    const target = join(world.plainDir, 'target.json');
    writeFileSync(target, '{}');
    symlinkSync(target, file);

    await expect(readConfigFile(file, roomy)).resolves.toMatchObject({ bytes: Buffer.from('{}') });
  });

  it('reads nothing where nothing is, also below a file', async () => {
    await expect(readConfigFile(file, roomy)).resolves.toBeUndefined();
    writeFileSync(file, '');
    await expect(readConfigFile(join(file, '.mcp.json'), roomy)).resolves.toBeUndefined();
    await expect(identityOf(join(file, '.mcp.json'))).resolves.toBeUndefined();
  });

  it('refuses a FIFO at once, without waiting for a writer', async () => {
    execFileSync('mkfifo', [file]);

    await expect(readConfigFile(file, roomy)).rejects.toEqual(unreadable('is a FIFO, not a regular file'));
  });

  it.each([
    ['/dev/zero', 'a character device'],
    ['/dev/tty', 'a character device'],
    ['/', 'a directory'],
  ])('refuses a symlink to %s: it is %s', async (target, kind) => {
    symlinkSync(target, file);

    await expect(readConfigFile(file, roomy)).rejects.toEqual(unreadable(`is ${kind}, not a regular file`));
  });

  it('refuses a socket', async () => {
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(file, resolve));
    try {
      await expect(readConfigFile(file, roomy)).rejects.toEqual(
        unreadable('is a socket, not a regular file'),
      );
    } finally {
      server.close();
    }
  });

  it('refuses a file over its size limit without reading it', async () => {
    // Sparse: the size is stated, no disk space is used.
    writeFileSync(file, '');
    truncateSync(file, Math.round(3.1 * 1024 * MiB));

    await expect(readConfigFile(file, roomy)).rejects.toEqual(
      unreadable('is 3.1 GiB, over the 512 MiB limit'),
    );
    await expect(readConfigFile(file, { maxBytes: 1 * MiB, readTimeoutMs: 10_000 })).rejects.toEqual(
      unreadable('is 3.1 GiB, over the 1 MiB limit'),
    );
  });

  it('stops reading a file that states no size but goes on past the limit', async () => {
    // A /proc file: regular and of size 0, yet a Node process's memory map takes far more than 16 KiB.
    symlinkSync('/proc/self/smaps', file);

    await expect(readConfigFile(file, { maxBytes: 16 * 1024, readTimeoutMs: 10_000 })).rejects.toEqual(
      unreadable('is over the 16 KiB limit'),
    );
  });

  it('gives up on a read that takes longer than its time limit', async () => {
    writeFileSync(file, '');
    truncateSync(file, 64 * MiB);

    await expect(readConfigFile(file, { maxBytes: 128 * MiB, readTimeoutMs: 1 })).rejects.toEqual(
      unreadable('could not be read within 1 ms'),
    );
  });

  it('reports what the OS refuses, with its reason', async () => {
    symlinkSync(file, file.replace('.mcp.json', 'other.json'));
    symlinkSync(file.replace('.mcp.json', 'other.json'), file);

    await expect(readConfigFile(file, roomy)).rejects.toEqual(
      new McpCoreError(
        'CONFIG_UNREADABLE',
        `Cannot read ${file}: ELOOP: too many symbolic links encountered, stat '${file}'`,
      ),
    );
  });
});
