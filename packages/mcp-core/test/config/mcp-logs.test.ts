/**
 * Reading Claude Code's MCP log folders as files from outside: links named and not followed, a
 * FIFO never waited on, every answer within its lines and bytes, the newest session first.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { claudeCacheDir, claudePathSlug, MCP_LOG_LIMITS, readMcpLogs } from '../../src/config/mcp-logs';

let root: string;
let dir: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'mcp-logs-'));
  dir = join(root, 'mcp-logs-s');
  mkdirSync(dir);
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const line = (level: string, text: string, timestamp = '2026-12-01T10:00:00.000Z') =>
  `${JSON.stringify({ [level]: text, timestamp, sessionId: 'x', cwd: '/p' })}\n`;
const keep = (text: string) => text;

it('names folders as Claude Code does: every character but letters and digits as "-"', () => {
  expect(claudePathSlug('/home/me/my.repo_x')).toBe('-home-me-my-repo-x');
  expect(claudePathSlug('a'.repeat(200))).toBe('a'.repeat(200));
  expect(claudePathSlug(`/${'a'.repeat(200)}`)).toMatch(/^-a{199}-[0-9a-z]+$/);
});

it('finds the cache where Claude Code keeps it on each platform', () => {
  expect(claudeCacheDir('/home/me', 'linux', {})).toBe('/home/me/.cache/claude-cli-nodejs');
  expect(claudeCacheDir('/home/me', 'linux', { XDG_CACHE_HOME: '/x' })).toBe('/x/claude-cli-nodejs');
  expect(claudeCacheDir('/Users/me', 'darwin', {})).toBe('/Users/me/Library/Caches/claude-cli-nodejs');
});

it('lists sessions newest first, each line with its time and level, a line that is not JSON as text', async () => {
  writeFileSync(join(dir, '2026-12-01T09-00-00-000Z.jsonl'), line('debug', 'old session'));
  writeFileSync(
    join(dir, '2026-12-01T10-00-00-000Z.jsonl'),
    `${line('debug', 'Starting connection')}not json at all\n${line('error', 'Connection failed (ENOENT)')}`,
  );
  await expect(readMcpLogs(dir, 5, keep)).resolves.toEqual([
    {
      file: join(dir, '2026-12-01T10-00-00-000Z.jsonl'),
      time: '2026-12-01T10:00:00.000Z',
      lines: [
        { time: '2026-12-01T10:00:00.000Z', level: 'debug', text: 'Starting connection' },
        { text: 'not json at all' },
        { time: '2026-12-01T10:00:00.000Z', level: 'error', text: 'Connection failed (ENOENT)' },
      ],
      truncated: false,
    },
    {
      file: join(dir, '2026-12-01T09-00-00-000Z.jsonl'),
      time: '2026-12-01T09:00:00.000Z',
      lines: [{ time: '2026-12-01T10:00:00.000Z', level: 'debug', text: 'old session' }],
      truncated: false,
    },
  ]);
  await expect(readMcpLogs(dir, 1, keep)).resolves.toHaveLength(1);
});

it('no folder is no sessions', async () => {
  await expect(readMcpLogs(join(root, 'absent'), 5, keep)).resolves.toEqual([]);
});

it('a session file that is a link or a FIFO is named with why it was not read, never followed or waited on', async () => {
  writeFileSync(join(root, 'private-key'), 'BEGIN PRIVATE KEY');
  symlinkSync(join(root, 'private-key'), join(dir, '2026-12-01T10-00-00-000Z.jsonl'));
  execFileSync('mkfifo', [join(dir, '2026-12-01T11-00-00-000Z.jsonl')]);
  const sessions = await readMcpLogs(dir, 5, keep);
  expect(sessions).toEqual([
    expect.objectContaining({ lines: [], problem: 'is not a regular file: not read' }),
    expect.objectContaining({ lines: [], problem: 'is a link: not followed' }),
  ]);
  expect(JSON.stringify(sessions)).not.toContain('PRIVATE');
});

it('a log folder that is a link is refused, not followed', async () => {
  const elsewhere = join(root, 'elsewhere');
  mkdirSync(elsewhere);
  writeFileSync(join(elsewhere, '2026-12-01T10-00-00-000Z.jsonl'), line('debug', 'not ours'));
  symlinkSync(elsewhere, join(root, 'mcp-logs-linked'));
  await expect(readMcpLogs(join(root, 'mcp-logs-linked'), 5, keep)).rejects.toMatchObject({
    code: 'CONFIG_UNREADABLE',
    message: `${join(root, 'mcp-logs-linked')} is not a folder (a link is not followed)`,
  });
});

it(`an answer holds at most ${MCP_LOG_LIMITS.lines} lines, the newest session's last lines first`, async () => {
  const many = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) => line('debug', `line ${from + index}`)).join('');
  writeFileSync(join(dir, '2026-12-01T10-00-00-000Z.jsonl'), many(0, 400));
  writeFileSync(join(dir, '2026-12-01T11-00-00-000Z.jsonl'), many(1000, 300));
  const [newest, older] = await readMcpLogs(dir, 5, keep);
  expect(newest?.lines).toHaveLength(300);
  expect(newest?.truncated).toBe(false);
  expect(older?.lines).toHaveLength(200);
  expect(older?.lines[0]?.text).toBe('line 200');
  expect(older?.lines.at(-1)?.text).toBe('line 399');
  expect(older?.truncated).toBe(true);
});

it('a file over the byte budget is read from its end, the cut first line dropped', async () => {
  const filler = `${'x'.repeat(1000)}\n`.repeat(1100);
  writeFileSync(join(dir, '2026-12-01T10-00-00-000Z.jsonl'), `${filler}${line('error', 'the last word')}`);
  const [session] = await readMcpLogs(dir, 5, keep);
  expect(session?.truncated).toBe(true);
  expect(session?.lines.at(-1)).toMatchObject({ level: 'error', text: 'the last word' });
  expect(session?.lines.every((each) => each.text === 'x'.repeat(1000) || each.level === 'error')).toBe(true);
});

it('a long line keeps its start and its end, and is redacted before it is cut', async () => {
  const text = `Server stderr: ${'noise '.repeat(2000)}fatal: token s3cret-value refused`;
  writeFileSync(join(dir, '2026-12-01T10-00-00-000Z.jsonl'), line('error', text));
  const [session] = await readMcpLogs(dir, 5, (each) => each.replaceAll('s3cret-value', '••••••'));
  const shown = session?.lines[0]?.text ?? '';
  expect(shown.length).toBeLessThanOrEqual(MCP_LOG_LIMITS.lineChars + 3);
  expect(shown.startsWith('Server stderr: noise')).toBe(true);
  expect(shown.endsWith('fatal: token •••••• refused')).toBe(true);
});

it('finds the newest sessions among 30 000 files, whatever their order in the folder, within the time limit', async () => {
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  const names = Array.from(
    { length: 30_000 },
    (_, index) => `${new Date(start + index * 60_000).toISOString().replace(/[:.]/g, '-')}.jsonl`,
  );
  // Newest first: on tmpfs the folder then lists them last; on ext4 its hash order is any order.
  for (const name of [...names].reverse()) writeFileSync(join(dir, name), '');

  // Past its time limit the read throws (CONFIG_UNREADABLE): an answer is one found within it.
  const sessions = await readMcpLogs(dir, 5, keep);

  expect(sessions.map((session) => session.file)).toEqual(
    names
      .slice(-5)
      .reverse()
      .map((name) => join(dir, name)),
  );
}, 60_000);

it('orders sessions by the start time Claude Code names them with, a name of another form passed over', async () => {
  writeFileSync(join(dir, '2026-12-01T09-00-00-000Z.jsonl'), line('debug', 'the session'));
  writeFileSync(join(dir, 'zzz-planted.jsonl'), line('debug', 'not a session'));
  writeFileSync(join(dir, '9999-12-01T09-00-00-000Z.jsonl.bak'), line('debug', 'not a session'));

  const sessions = await readMcpLogs(dir, 5, keep);

  expect(sessions.map((session) => session.time)).toEqual(['2026-12-01T09:00:00.000Z']);
});
