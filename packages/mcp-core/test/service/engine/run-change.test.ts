/**
 * The engine's one runner of a change (issue 42): the intent before the first step, each
 * checkpoint and the outcome journaled under the intent's id, the intent gone once the outcome is
 * in the history. Our code is the subject: the ledger is a list in memory (history's own ledger,
 * the journal and the intents files, are driven by recorded-change.test.ts and intent-files.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { McpCoreError } from '../../../src/errors';
import { runChange } from '../../../src/service/engine';
import type { ChangeLedger, RecordIdentity } from '../../../src/service/engine';

interface Moves {
  removed?: string[];
}
interface Line {
  ok: boolean;
  message: string;
  removed?: string[];
}

/** A ledger in memory: what it was asked, in order; `intent` fails when `full` (a full disk). */
function ledgerInMemory(full = false) {
  const said: string[] = [];
  const identity: RecordIdentity = { id: 'intent-1', time: '2026-01-01T00:00:00.000Z' };
  const ledger: ChangeLedger<Moves, Line> = {
    record: (ok, message, moves) => ({ ok, message, ...moves }),
    hasLanded: (line) => (line.removed?.length ?? 0) > 0,
    begin: (planned) => {
      said.push(`begin ${JSON.stringify(planned)}`);
      return full
        ? Promise.reject(new McpCoreError('WRITE_FAILED', 'no space left'))
        : Promise.resolve(identity);
    },
    journal: (line, revises) => {
      said.push(`journal ${revises?.id ?? 'new'} ${JSON.stringify(line)}`);
      return Promise.resolve({ identity: revises ?? { id: 'line-1', time: identity.time } });
    },
    end: (id) => {
      said.push(`end ${id}`);
      return Promise.resolve();
    },
  };
  return { ledger, said };
}

describe('runChange', () => {
  it('writes the intent first, journals each checkpoint and the outcome under its id, ends the intent, and answers its id', async () => {
    const { ledger, said } = ledgerInMemory();

    const answer = await runChange(ledger, { removed: ['a', 'b'] }, async (checkpoint, id) => {
      said.push(`step 1 of ${id}`);
      await checkpoint('Stopped after a.', { removed: ['a'] });
      said.push(`step 2 of ${id}`);
      return { ok: true, result: { ok: true, message: 'Removed a and b.' }, moves: { removed: ['a', 'b'] } };
    });

    expect(answer).toEqual({ ok: true, message: 'Removed a and b.', changeId: 'intent-1' });
    expect(said).toEqual([
      'begin {"ok":false,"message":"Began; MCP Admin stopped before this change ended.","removed":["a","b"]}',
      'step 1 of intent-1',
      'journal intent-1 {"ok":false,"message":"Stopped after a.","removed":["a"]}',
      'step 2 of intent-1',
      'journal intent-1 {"ok":true,"message":"Removed a and b.","removed":["a","b"]}',
      'end intent-1',
    ]);
  });

  it('refuses the change before its first step when its intent cannot be written: no step runs, nothing is journaled', async () => {
    const { ledger, said } = ledgerInMemory(true);
    let stepsRan = false;

    await expect(
      runChange(ledger, { removed: ['a'] }, () => {
        stepsRan = true;
        return Promise.resolve({
          ok: true,
          result: { ok: true, message: 'Removed a.' },
          moves: { removed: ['a'] },
        });
      }),
    ).rejects.toEqual(new McpCoreError('WRITE_FAILED', 'no space left'));
    expect({ stepsRan, said: said.map((line) => line.split(' ')[0]) }).toEqual({
      stepsRan: false,
      said: ['begin'],
    });
  });

  it('records steps that returned ok false after part of them landed with what landed, ends the intent, and answers their error', async () => {
    const { ledger, said } = ledgerInMemory();
    const failure = new McpCoreError('CLI_FAILED', 'b could not be removed');

    await expect(
      runChange(ledger, { removed: ['a', 'b'] }, () =>
        Promise.resolve({ ok: false, failure, moves: { removed: ['a'] } }),
      ),
    ).rejects.toBe(failure);
    expect(said.slice(1)).toEqual([
      'journal intent-1 {"ok":false,"message":"b could not be removed","removed":["a"]}',
      'end intent-1',
    ]);
  });

  it('records nothing for input refused before anything ran, and ends its intent', async () => {
    const { ledger, said } = ledgerInMemory();
    const refused = new McpCoreError('INVALID_INPUT', 'name: no user-scope server "a" to remove');

    await expect(runChange(ledger, { removed: ['a'] }, () => Promise.reject(refused))).rejects.toBe(refused);
    expect(said.slice(1)).toEqual(['end intent-1']);
  });
});
