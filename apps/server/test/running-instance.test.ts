import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runningFilePath, runningOnPort } from '../src/http/running-instance';

let dir: string;
let configPath: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-admin-running-'));
  configPath = join(dir, '.claude.json');
  mkdirSync(dirname(runningFilePath(configPath)), { recursive: true });
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

it('finds no running MCP Admin, without waiting, when its running file is a FIFO', async () => {
  execFileSync('mkfifo', [runningFilePath(configPath)]);
  // A FIFO opened for reading without a writer would block a plain read forever (the test's timeout).
  await expect(runningOnPort(configPath, 7420)).resolves.toBeUndefined();
});
