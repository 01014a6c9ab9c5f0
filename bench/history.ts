/**
 * `node --import tsx bench/history.ts`: how `mcp.history` copes with a large journal. Writes a
 * synthetic `.mcp-admin/history.jsonl` of edits of large entries (about 200 KB a record, the case
 * of finding 9 of issue 16) at each size, then times through the service `history({ limit: 100 })`
 * and the undo of the oldest change (which reads the whole journal to find it; it is then refused,
 * the server being gone, before any spawn), with the longest event-loop stall and main-thread run
 * of any call. Nothing is asserted.
 */
import { createMcpAdmin } from '@mcp-admin/core';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { time } from './measure';

const MB = 1_000_000;
const MiB = 1024 * 1024;
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

/**
 * Edits of one user-scope server, each record holding the entry before and after, from record
 * number `first` on; returns how many bytes and records it wrote.
 */
function writeJournal(path: string, bytes: number, first: number): { bytes: number; records: number } {
  const fd = openSync(path, 'w', 0o600);
  let written = 0;
  let index = first;
  try {
    for (; written < bytes; index++) {
      const place = { name: 'big', scope: 'user', projectPath: '/tmp', source: '/tmp/.claude.json' };
      const record = {
        id: recordId(index),
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
  return { bytes: written, records: index - first };
}

const recordId = (index: number) => `00000000-0000-4000-8000-${index.toString().padStart(12, '0')}`;

/** The journals measured: the current file, and the rotated one (which code before rotation never read). */
const CASES = [
  { label: '16 MiB', current: 16 * MiB, rotated: 0 },
  { label: '16 + 16 MiB rotated (the cap)', current: 16 * MiB, rotated: 16 * MiB },
  { label: '60 MB', current: 60 * MB, rotated: 0 },
  { label: '70 MB', current: 70 * MB, rotated: 0 },
];

const root = mkdtempSync(join(tmpdir(), 'mcp-admin-bench-history-'));
try {
  const configDir = join(root, 'config');
  const adminDir = join(configDir, '.mcp-admin');
  mkdirSync(adminDir, { recursive: true, mode: 0o700 });
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
  const print = (text: string) => process.stdout.write(`${text}\n`);
  print(
    '| journal | `history({ limit: 100 })` | longest stall | longest run | undo of the oldest (whole scan) | longest stall | longest run |',
  );
  print(
    '| ------- | ------------------------- | ------------- | ----------- | ------------------------------- | ------------- | ----------- |',
  );
  for (const { label, current, rotated } of CASES) {
    rmSync(join(adminDir, 'history.1.jsonl'), { force: true });
    const older =
      rotated === 0 ? { records: 0 } : writeJournal(join(adminDir, 'history.1.jsonl'), rotated, 0);
    writeJournal(join(adminDir, 'history.jsonl'), current, older.records);
    const history = () => admin.history({ limit: 100 });
    // The oldest change's server is not stored: the undo finds it, then is refused without a spawn.
    const undoOldest = () => admin.undo({ id: recordId(0) }).catch((error: unknown) => error);
    const cells: string[] = [];
    for (const task of [history, undoOldest]) {
      const failure = await task().then(
        (answer) =>
          answer instanceof Error && !/changed since|removed since/.test(answer.message)
            ? answer.message
            : undefined,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      if (failure !== undefined) {
        cells.push(`fails: ${failure.replace(root, '…')}`, '', '');
        continue;
      }
      const timing = await time(RUNS, task);
      cells.push(
        `${timing.medianMs.toFixed(0)} ms`,
        `${timing.longestStallMs.toFixed(0)} ms`,
        `${timing.longestRunMs.toFixed(0)} ms`,
      );
    }
    print(`| ${label} | ${cells.join(' | ')} |`);
  }
  await admin.close();
} finally {
  rmSync(root, { recursive: true, force: true });
}
