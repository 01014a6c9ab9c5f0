import { createTestWorld } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addArgv, addJsonArgv, removeArgv } from '../../../src/cli/argv';
import {
  AUDIT_ROTATE_BYTES,
  auditLogPath,
  createAuditLog,
  failureOutcome,
  redactArgv,
} from '../../../src/service/engine/audit-log';
import { REDACTED } from '../../../src/config';
import { McpCoreError } from '../../../src/errors';
import { createOwnLock } from '../../../src/own-lock';
import { addServerInputSchema } from '../../../src/schemas';

describe('redactArgv', () => {
  it('hides env values before -- and keeps the command and its args, even one that is -e', () => {
    const argv = addArgv(
      addServerInputSchema.parse({
        name: 's',
        scope: 'user',
        command: 'node',
        args: ['-e', 'A=visible'],
        env: { API_KEY: 'k=v', EMPTY: '' },
      }),
    );
    expect(redactArgv(argv)).toEqual([
      'mcp',
      'add',
      '--scope',
      'user',
      's',
      '-e',
      `API_KEY=${REDACTED}`,
      '-e',
      `EMPTY=${REDACTED}`,
      '--',
      'node',
      '-e',
      'A=visible',
    ]);
  });

  it('hides header values and keeps their names', () => {
    const argv = addArgv(
      addServerInputSchema.parse({
        name: 'web',
        scope: 'local',
        url: 'https://example.test/mcp',
        headers: { Authorization: 'Bearer a: b' },
      }),
    );
    expect(redactArgv(argv)).toEqual([
      'mcp',
      'add',
      '--scope',
      'local',
      '--transport',
      'http',
      'web',
      'https://example.test/mcp',
      '--header',
      `Authorization: ${REDACTED}`,
    ]);
  });

  it('leaves an argv without secrets as it is', () => {
    expect(redactArgv(removeArgv('s', 'user'))).toEqual(['mcp', 'remove', '--scope', 'user', 's']);
  });
});

const isoTime: unknown = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe('createAuditLog', () => {
  let world: TestWorld;
  beforeEach(() => {
    world = createTestWorld();
  });
  afterEach(() => {
    world.remove();
  });

  it(`is bounded: past ${AUDIT_ROTATE_BYTES / 1024 / 1024} MiB it becomes audit.1.jsonl, the newest records kept, the oldest file dropped`, async () => {
    const path = auditLogPath(world.configPath);
    const rotated = join(world.configDir, '.mcp-admin', 'audit.1.jsonl');
    const audit = createAuditLog(path);
    const filler = (tag: string) =>
      `${JSON.stringify({ tag, pad: 'x'.repeat(1000) })}\n`.repeat(AUDIT_ROTATE_BYTES / 1024);
    await audit.append('mcp.add', ['mcp', 'add', 'first'], { ok: true, message: 'Added' });
    writeFileSync(path, filler('oldest'), { flag: 'a' });

    await audit.append('mcp.add', ['mcp', 'add', 'second'], { ok: true, message: 'Added' });
    writeFileSync(path, filler('older'), { flag: 'a' });
    await audit.append('mcp.add', ['mcp', 'add', 'third'], { ok: true, message: 'Added' });

    const current = readFileSync(path, 'utf8');
    const previous = readFileSync(rotated, 'utf8');
    expect(statSync(path).size).toBeLessThanOrEqual(AUDIT_ROTATE_BYTES);
    expect(
      current
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { argv: string[] }).argv),
    ).toEqual([['mcp', 'add', 'third']]);
    expect((JSON.parse(previous.split('\n')[0] ?? '') as { argv: string[] }).argv).toEqual([
      'mcp',
      'add',
      'second',
    ]);
    expect(previous).toContain('"older"');
    expect(`${current}${previous}`).not.toContain('"oldest"');
    expect(existsSync(join(world.configDir, '.mcp-admin', 'audit.2.jsonl'))).toBe(false);
  });

  it('loses no record when two MCP Admins append at once across a rotation: each rotates only under the shared lock', async () => {
    const path = auditLogPath(world.configPath);
    const rotated = join(world.configDir, '.mcp-admin', 'audit.1.jsonl');
    const record = (writer: string, index: number) =>
      ['mcp', 'add', `${writer}${String(index).padStart(2, '0')}`] as string[];
    const lineBytes =
      JSON.stringify({
        time: new Date().toISOString(),
        procedure: 'mcp.add',
        argv: record('a', 0),
        outcome: { ok: true, message: 'Added' },
      }).length + 1;
    // 60 records, one rotation: after about 40 of them.
    const logs = ['a', 'b'].map((writer) => ({
      writer,
      log: createAuditLog(path, lineBytes * 40, createOwnLock(world.configPath)),
    }));

    await Promise.all(
      logs.flatMap(({ writer, log }) =>
        Array.from({ length: 30 }, (_, index) =>
          log.append('mcp.add', record(writer, index), { ok: true, message: 'Added' }),
        ),
      ),
    );

    const kept = [rotated, path]
      .flatMap((file) => readFileSync(file, 'utf8').trimEnd().split('\n'))
      .map((line) => (JSON.parse(line) as { argv: string[] }).argv[2]);
    expect(kept.sort()).toEqual(
      logs.flatMap(({ writer }) => Array.from({ length: 30 }, (_, index) => record(writer, index)[2])).sort(),
    );
  });

  it('appends one JSON line per call beside .claude.json, readable by its owner only', async () => {
    const path = auditLogPath(world.configPath);
    expect(path).toBe(join(world.configDir, '.mcp-admin', 'audit.jsonl'));
    const audit = createAuditLog(path);
    await audit.append('mcp.add', ['mcp', 'add', '--scope', 'user', 's', '-e', 'K=v', '--', 'node'], {
      ok: true,
      message: 'Added',
    });
    await audit.append(
      'mcp.remove',
      removeArgv('s', 'user'),
      failureOutcome(new McpCoreError('CLI_FAILED', 'No MCP server named "s" in user scope')),
    );
    const lines = readFileSync(path, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    expect(lines).toEqual([
      {
        time: isoTime,
        procedure: 'mcp.add',
        argv: ['mcp', 'add', '--scope', 'user', 's', '-e', `K=${REDACTED}`, '--', 'node'],
        outcome: { ok: true, message: 'Added' },
      },
      {
        time: isoTime,
        procedure: 'mcp.remove',
        argv: ['mcp', 'remove', '--scope', 'user', 's'],
        outcome: { ok: false, code: 'CLI_FAILED', message: 'No MCP server named "s" in user scope' },
      },
    ]);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('records add-json with "-" for the entry and the entry read on stdin, env and header values hidden ("__proto__" too)', async () => {
    const path = auditLogPath(world.configPath);
    const audit = createAuditLog(path);
    const entry = JSON.parse(
      '{"type":"stdio","command":"node","args":["-e","A=visible"],"env":{"API_KEY":"s3cret","__proto__":"p"}}',
    ) as Record<string, unknown>;
    const remote = {
      type: 'http',
      url: 'https://e.test',
      headers: { Authorization: 'Bearer t' },
      timeout: 5,
    };
    await audit.append('mcp.add', addJsonArgv('s', 'user', entry), { ok: true, message: 'Added' });
    await audit.append('mcp.import', addJsonArgv('web', 'local', remote), { ok: true, message: 'Added' });

    const text = readFileSync(path, 'utf8');
    expect(
      text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([
      {
        time: isoTime,
        procedure: 'mcp.add',
        argv: ['mcp', 'add-json', '--scope', 'user', 's', '-'],
        entry: JSON.parse(
          `{"type":"stdio","command":"node","args":["-e","A=visible"],"env":{"API_KEY":"${REDACTED}","__proto__":"${REDACTED}"}}`,
        ) as unknown,
        outcome: { ok: true, message: 'Added' },
      },
      {
        time: isoTime,
        procedure: 'mcp.import',
        argv: ['mcp', 'add-json', '--scope', 'local', 'web', '-'],
        entry: { type: 'http', url: 'https://e.test', headers: { Authorization: REDACTED }, timeout: 5 },
        outcome: { ok: true, message: 'Added' },
      },
    ]);
    expect([text.includes('s3cret'), text.includes('Bearer t')]).toEqual([false, false]);
  });

  it('records a failure that is not the core’s own with code ERROR', () => {
    expect(failureOutcome(new Error('disk full'))).toEqual({
      ok: false,
      code: 'ERROR',
      message: 'disk full',
    });
  });
});
