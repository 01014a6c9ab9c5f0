/**
 * `node --import tsx bench/history.ts`: how `mcp.history` copes with a large journal. Writes a
 * synthetic `.mcp-admin/history.jsonl` of edits of large entries (about 200 KB a record, the case
 * of finding 9 of issue 16) at each size, then times `history({ limit: 100 })` through the
 * service, with the longest event-loop stall and main-thread run of any call. Nothing is asserted.
 */
import { createMcpAdmin } from '@mcp-admin/core';
import { mkdirSync, mkdtempSync, openSync, closeSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { time } from './measure';

const MB = 1_000_000;
const SIZES = [16 * 1024 * 1024, 60 * MB, 70 * MB];
const RUNS = 5;

/** An entry of about `bytes` (a long args list, as a real server with many options has). */
function largeEntry(bytes: number, mark: number): Record<string, unknown> {
  const arg = `--option-${mark}-${'x'.repeat(90)}`;
  return {
    type: 'stdio',
    command: 'node',
    args: Array.from({ length: Math.ceil(bytes / 100) }, () => arg),
    env: {},
  };
}

/** Edits of one user-scope server, each record holding the entry before and after. */
function writeJournal(path: string, bytes: number, configPath: string): number {
  const fd = openSync(path, 'w', 0o600);
  let written = 0;
  try {
    for (let index = 0; written < bytes; index++) {
      const place = { name: 'big', scope: 'user', projectPath: '/tmp', source: configPath };
      const record = {
        id: `00000000-0000-4000-8000-${index.toString().padStart(12, '0')}`,
        time: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
        procedure: 'mcp.update',
        name: 'big',
        scope: 'user',
        ok: true,
        message: 'Removed MCP server big from user config\nAdded stdio MCP server big to user config',
        before: { ...place, entry: largeEntry(100_000, index) },
        after: { ...place, entry: largeEntry(100_000, index + 1) },
      };
      written += writeSync(fd, `${JSON.stringify(record)}\n`);
    }
  } finally {
    closeSync(fd);
  }
  return written;
}

const root = mkdtempSync(join(tmpdir(), 'mcp-admin-bench-history-'));
try {
  const configDir = join(root, 'config');
  mkdirSync(join(configDir, '.mcp-admin'), { recursive: true, mode: 0o700 });
  const admin = createMcpAdmin({
    configDir,
    claudeBin: '/nonexistent/claude',
    cliTimeoutMs: 30_000,
    defaultProject: root,
    managedDir: join(root, 'managed'),
    spawnEnv: {},
    homeDir: root,
    logWarning: () => undefined,
  });
  const journalPath = join(configDir, '.mcp-admin', 'history.jsonl');
  const configPath = join(configDir, '.claude.json');
  process.stdout.write('| journal | records listed | median | longest stall | longest run |\n');
  process.stdout.write('| ------- | -------------- | ------ | ------------- | ----------- |\n');
  for (const size of SIZES) {
    const bytes = writeJournal(journalPath, size, configPath);
    let listed = 0;
    const history = async () => {
      listed = (await admin.history({ limit: 100 })).length;
    };
    const failure = await history().then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    if (failure !== undefined) {
      process.stdout.write(`| ${(bytes / MB).toFixed(1)} MB | fails: ${failure} | | | |\n`);
      continue;
    }
    const timing = await time(RUNS, history);
    process.stdout.write(
      `| ${(bytes / MB).toFixed(1)} MB | ${listed} | ${timing.medianMs.toFixed(0)} ms | ${timing.longestStallMs.toFixed(0)} ms | ${timing.longestRunMs.toFixed(0)} ms |\n`,
    );
  }
  await admin.close();
} finally {
  rmSync(root, { recursive: true, force: true });
}
