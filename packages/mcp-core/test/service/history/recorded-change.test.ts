/**
 * The runner records a step's returned partial success (issue 42, one runner): steps that return
 * `ok: false` after part of them landed are recorded with what landed, and the change answers with
 * their error, as a thrown error of which nothing landed is recorded with nothing. Our code is the
 * subject: the journal is a list in memory (history-file.test.ts covers the file).
 */
import { describe, expect, it } from 'vitest';
import { McpCoreError } from '../../../src/errors';
import { createRecordedChange } from '../../../src/service/history';
import type { HistoryJournal, PlacedEntry } from '../../../src/service/history';
import type { NewChange } from '../../../src/service/history/change-record';

const place = {
  name: 'files',
  scope: 'user',
  projectPath: '/project',
  source: '/config/.claude.json',
} as const;
const before: PlacedEntry = { ...place, entry: { type: 'stdio', command: 'node', args: [], env: {} } };
const subject = { kind: 'entries', procedure: 'mcp.remove', place } as const;

/** A runner over a journal in memory: the lines it appended, in order. */
function runnerOverMemory() {
  const lines: NewChange[] = [];
  const journal: HistoryJournal = {
    path: '/config/.mcp-admin/history.jsonl',
    append: (change, revises) => {
      lines.push(change);
      const record = { ...change, id: revises?.id ?? `c${lines.length}`, time: '2026-01-01T00:00:00.000Z' };
      return Promise.resolve({ record: record });
    },
    newest: () => Promise.reject(new Error('not read here')),
    undoable: () => Promise.reject(new Error('not read here')),
  };
  return { recordedChange: createRecordedChange(journal, () => undefined), lines };
}

describe('a recorded change', () => {
  it('whose steps return ok false after the remove landed is recorded as failed with the entry it removed, and answers with their error', async () => {
    const { recordedChange, lines } = runnerOverMemory();
    const failure = new McpCoreError('CLI_TIMEOUT', 'timed out\n"files" was removed all the same.');

    await expect(
      recordedChange(subject, () => Promise.resolve({ ok: false, failure, moves: { before } })),
    ).rejects.toBe(failure);

    expect(lines).toEqual([
      {
        kind: 'entries',
        procedure: 'mcp.remove',
        name: 'files',
        scope: 'user',
        ok: false,
        message: 'timed out\n"files" was removed all the same.',
        before,
      },
    ]);
  });

  it('whose steps throw (nothing landed) is recorded as failed with nothing moved, and answers with that error', async () => {
    const { recordedChange, lines } = runnerOverMemory();
    const thrown = new McpCoreError('CLI_FAILED', 'claude exited with code 1');

    await expect(recordedChange(subject, () => Promise.reject(thrown))).rejects.toBe(thrown);

    expect(lines).toEqual([
      {
        kind: 'entries',
        procedure: 'mcp.remove',
        name: 'files',
        scope: 'user',
        ok: false,
        message: 'claude exited with code 1',
      },
    ]);
  });

  it('whose steps return ok true is recorded with what they moved and answers with their result and its changeId', async () => {
    const { recordedChange, lines } = runnerOverMemory();

    await expect(
      recordedChange(subject, () =>
        Promise.resolve({ ok: true, result: { ok: true, message: 'Removed.' }, moves: { before } }),
      ),
    ).resolves.toEqual({ ok: true, message: 'Removed.', changeId: 'c1' });
    expect(lines).toEqual([
      {
        kind: 'entries',
        procedure: 'mcp.remove',
        name: 'files',
        scope: 'user',
        ok: true,
        message: 'Removed.',
        before,
      },
    ]);
  });
});
