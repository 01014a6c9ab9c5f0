/**
 * The history file's format on users' disks is unchanged by the tagged `ChangeRecord`: a line as
 * written before records had a `kind` parses to the kind of its change, and a record is written
 * back as the same JSON, without `kind`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseChangeRecord, storedChange } from '../../../src/service/history/change-record';
import type { NewChange, PlacedEntry } from '../../../src/service/history/change-record';
import { createHistoryJournal } from '../../../src/service/history/journal';

const entry = (name: string, command: string): PlacedEntry => ({
  name,
  scope: 'local',
  projectPath: '/work/project',
  source: '/home/u/.claude.json',
  entry: { type: 'stdio', command, args: [], env: {} },
  projectKey: '/work/project',
});
const header = (procedure: string) => ({
  id: '5a0c6a43-2f57-4a63-9d4e-0c4d7c1f3a11',
  time: '2026-11-30T10:00:00.000Z',
  procedure,
  name: 'tools',
  scope: 'local',
  projectPath: '/work/project',
  ok: true,
  message: 'Removed MCP server tools',
});
const approval = {
  settingsFile: '/work/project/.claude/settings.local.json',
  projectKey: '/work/project',
  from: 'enabledMcpjsonServers',
  to: 'disabledMcpjsonServers',
};
const permission = {
  settingsFile: '/home/u/.claude/settings.json',
  file: 'user',
  rule: 'mcp__tools',
  from: [],
  to: [{ kind: 'deny', rule: 'mcp__tools', index: 0 }],
};

// Lines exactly as the product wrote them before records had a `kind`.
const OLD_LINES = {
  entries: { ...header('mcp.update'), before: entry('tools', 'old'), after: entry('tools', 'new') },
  switch: { ...header('mcp.disable'), scope: 'project', approval },
  switches: {
    ...header('mcp.undo'),
    undoes: 'a',
    switches: [
      { name: 'tools', scope: 'local', projectPath: '/work/project', on: true, after: entry('tools', 'x') },
    ],
  },
  permission: { ...header('mcp.undo'), undoes: 'b', scope: 'user', permission },
  toggle: {
    ...header('mcp.disableInProject'),
    scope: 'plugin',
    toggle: { configPath: '/home/u/.claude.json', projectKey: '/work/project', disabled: true },
  },
  entriesUndo: { ...header('mcp.undo'), undoes: 'c', before: entry('tools', 'old') },
  failedApply: { ...header('mcp.applyProfile'), ok: false, message: 'stopped' },
} as const;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('history lines in the format on users’ disks', () => {
  it.each([
    ['entries', OLD_LINES.entries],
    ['switch', OLD_LINES.switch],
    ['switches', OLD_LINES.switches],
    ['permission', OLD_LINES.permission],
    ['toggle', OLD_LINES.toggle],
    ['entries', OLD_LINES.entriesUndo],
    ['switches', OLD_LINES.failedApply],
  ] as const)('an old %s line parses to that kind and is stored back as the same JSON', (kind, line) => {
    const parsed = parseChangeRecord(JSON.stringify(line));
    if (!('record' in parsed)) throw new Error(parsed.problem);
    expect(parsed.record.kind).toBe(kind);
    expect(storedChange(parsed.record)).toEqual(line);
  });

  it('the journal writes a tagged record with its kind after the fields older lines hold, and reads it back tagged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'history-format-'));
    dirs.push(dir);
    const path = join(dir, 'history.jsonl');
    const journal = createHistoryJournal(path, () => undefined);
    const { before, after, message } = OLD_LINES.entries;
    const change: NewChange = {
      kind: 'entries',
      procedure: 'mcp.update',
      name: 'tools',
      scope: 'local',
      projectPath: '/work/project',
      ok: true,
      message,
      before,
      after,
    };
    const { record } = await journal.append(change);
    const line: unknown = JSON.parse(readFileSync(path, 'utf8').trim());
    expect(line).toEqual({ ...OLD_LINES.entries, id: record.id, time: record.time, kind: 'entries' });
    expect(Object.keys(line as object).at(-1)).toBe('kind');
    const { value } = await journal.undoable(record.id);
    expect(value.kind).toBe('entries');
  });
});
