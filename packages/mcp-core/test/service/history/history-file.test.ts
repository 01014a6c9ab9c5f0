/**
 * The journal and the audit log are files like any other (issue 16, findings 7–9): a FIFO at their
 * path never holds a change, a line cut off mid-write is ended and skipped, never fatal, and the
 * journal stays bounded, read newest first, saying what its rotation drops.
 */
import { createTestWorld, FAKE_CLAUDE } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { McpCoreError } from '../../../src/errors';
import { adminInWorld, storedConfigOf } from '../../support/world-admin';

let world: TestWorld;
let warnings: string[];
// Our code is the subject: the fake CLI (core/cli/fake-claude-contract.test.ts) stores what the real one would.
beforeEach(() => {
  world = createTestWorld({ claudeBin: FAKE_CLAUDE });
  warnings = [];
});
afterEach(() => {
  world.remove();
});

const adminDir = () => join(world.configDir, '.mcp-admin');
const historyFile = () => join(adminDir(), 'history.jsonl');
const rotatedFile = () => join(adminDir(), 'history.1.jsonl');
const auditFile = () => join(adminDir(), 'audit.jsonl');
const admin = () =>
  adminInWorld(world, undefined, undefined, {
    logWarning: (message) => {
      warnings.push(message);
    },
  });
const userServers = () => storedConfigOf(world).mcpServers;

describe('a FIFO at the journal or the audit log', () => {
  it('lands the change with a warning for each file it could not write, and fails only the history read, naming the file', async () => {
    mkdirSync(adminDir(), { mode: 0o700 });
    execFileSync('mkfifo', [historyFile(), auditFile()]);
    const service = admin();

    const added = await service.add({ name: 'files', scope: 'user', command: 'node' });

    const notWritten = (file: string) =>
      `The change was not recorded in ${file}: Cannot write ${file}: it is a FIFO, not a regular file`;
    expect({ added, stored: userServers(), warnings }).toEqual({
      added: {
        ok: true,
        message: 'Added stdio MCP server files to user config',
        warning: `${notWritten(auditFile())}\n${notWritten(historyFile())}`,
      },
      stored: { files: { type: 'stdio', command: 'node', args: [], env: {} } },
      warnings: [notWritten(auditFile()), notWritten(historyFile())],
    });
    await expect(service.history()).rejects.toEqual(
      new McpCoreError('CONFIG_UNREADABLE', `Cannot read ${historyFile()}: it is not a regular file`),
    );
    await expect(service.list()).resolves.toMatchObject({ servers: [{ name: 'files' }] });
  });
});

describe('a line that is not a record', () => {
  it('is skipped and reported once, a cut-off one ended by the next change with a warning; the other changes are listed and undone', async () => {
    const service = admin();
    await service.add({ name: 'first', scope: 'user', command: 'node' });
    const notRecordAt = statSync(historyFile()).size;
    const notRecord = '{"id": "x"}\n';
    const cutOffAt = notRecordAt + notRecord.length;
    appendFileSync(historyFile(), `${notRecord}{"id":"cut","procedure":"mcp.add","name":"fir`);

    const second = await service.add({ name: 'second', scope: 'user', command: 'node' });
    const history = await service.history();
    const [, first] = history;
    const undone = await service.undo({ id: first?.id ?? '' });

    const cutOff = `${historyFile()}: the line at byte ${cutOffAt} is skipped: it is not JSON (cut off while it was written?).`;
    const notChange = `${historyFile()}: the line at byte ${notRecordAt} is skipped: it is not a change record.`;
    const ended = `${historyFile()} ended in a line cut off while it was written: it was ended, and is skipped when the history is read.`;
    expect({
      second: second.warning,
      history: history.map(({ procedure, name, undoable }) => ({ procedure, name, undoable })),
      undone: undone.warning,
      stored: userServers(),
      warnings,
    }).toEqual({
      second: ended,
      history: [
        { procedure: 'mcp.add', name: 'second', undoable: true },
        { procedure: 'mcp.add', name: 'first', undoable: true },
      ],
      undone: `${cutOff}\n${notChange}`,
      stored: { second: { type: 'stdio', command: 'node', args: [], env: {} } },
      warnings: [ended, cutOff, notChange],
    });
  });
});

/** `count` recorded adds of `about` bytes each, as another MCP Admin would have written them. */
function pastAdds(label: string, count: number, about: number): string {
  const arg = 'x'.repeat(100);
  return Array.from({ length: count }, (_, index) => {
    const name = `${label}-${index}`;
    const entry = {
      type: 'stdio',
      command: 'node',
      args: Array.from({ length: about / 103 }, () => arg),
      env: {},
    };
    const record = {
      id: `${label}-${index}`,
      time: `2026-01-01T00:00:${String(index).padStart(2, '0')}.000Z`,
      procedure: 'mcp.add',
      name,
      scope: 'user',
      ok: true,
      message: `Added stdio MCP server ${name} to user config`,
      after: { name, scope: 'user', projectPath: world.projectDir, source: world.configPath, entry },
    };
    return `${JSON.stringify(record)}\n`;
  }).join('');
}

const MiB = 1024 * 1024;

describe('a journal at its size limit', () => {
  it('becomes history.1.jsonl, still listed and undoable from; the next rotation says how many changes it drops and how many could still be undone', async () => {
    const service = admin();
    await service.add({ name: 'files', scope: 'user', command: 'node' });
    const [addition] = await service.history();
    appendFileSync(historyFile(), pastAdds('old', 16, MiB));

    const rotating = await service.add({ name: 'web', scope: 'user', url: 'https://e.test/mcp' });
    const listed = (await service.history({ limit: 3 })).map(({ name }) => name);
    await service.undo({ id: addition?.id ?? '' });
    const sizes = {
      current: statSync(historyFile()).size < MiB,
      rotated: statSync(rotatedFile()).size > 16 * MiB,
    };
    appendFileSync(historyFile(), pastAdds('newer', 16, MiB));
    const dropping = await service.add({ name: 'third', scope: 'user', command: 'node' });

    expect({
      rotating: rotating.warning,
      listed,
      sizes,
      stored: Object.keys(userServers() as object),
      dropping: dropping.warning,
      newest: (await service.history({ limit: 2 })).map(({ name }) => name),
    }).toEqual({
      rotating: `${historyFile()} reached 16 MiB: it is now ${rotatedFile()}, still read and undoable from.`,
      listed: ['web', 'old-15', 'old-14'],
      sizes: { current: true, rotated: true },
      stored: ['web', 'third'],
      dropping: `${historyFile()} reached 16 MiB: it is now ${rotatedFile()}, still read and undoable from, and the changes the previous ${rotatedFile()} held are dropped: 17 changes up to 2026-01-01T00:00:15.000Z, 16 of which could still have been undone.`,
      newest: ['third', 'newer-15'],
    });
  });

  it('records the change all the same when history.1.jsonl cannot be replaced, saying the journal grows on', async () => {
    const service = admin();
    await service.add({ name: 'files', scope: 'user', command: 'node' });
    appendFileSync(historyFile(), pastAdds('old', 16, MiB));
    mkdirSync(join(rotatedFile(), 'in-the-way'), { recursive: true });

    const added = await service.add({ name: 'web', scope: 'user', url: 'https://e.test/mcp' });

    expect({
      warning: added.warning,
      newest: (await service.history({ limit: 2 })).map(({ name }) => name),
    }).toEqual({
      warning: expect.stringMatching(
        new RegExp(
          `^${historyFile()} reached 16 MiB and could not become ${rotatedFile()} \\(.+\\): it grows on\\.$`,
        ),
      ) as unknown,
      newest: ['web', 'old-15'],
    });
  });

  it('lists the newest changes of a journal past the old 64 MiB read limit, which another writer grew', async () => {
    mkdirSync(adminDir(), { mode: 0o700 });
    writeFileSync(historyFile(), pastAdds('big', 66, MiB), { mode: 0o600 });

    await expect(admin().history({ limit: 2 })).resolves.toMatchObject([
      { name: 'big-65' },
      { name: 'big-64' },
    ]);
    expect(readFileSync(historyFile()).length).toBeGreaterThan(64 * MiB);
  });
});
