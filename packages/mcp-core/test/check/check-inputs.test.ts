/** The inputs of `mcp.check` and `mcp.checkAll` (schemas/index.ts, "Connection checks"). */
import { describe, expect, it } from 'vitest';

import { checkAllInputSchema, checkServerInputSchema } from '../../src/schemas';

function issuesOf(
  schema: typeof checkServerInputSchema | typeof checkAllInputSchema,
  input: unknown,
): string[] {
  return (schema.safeParse(input).error?.issues ?? []).map(
    (issue) => `${issue.path.join('.')}: ${issue.message}`,
  );
}

const row = { name: 'files', scope: 'project' } as const;

describe('checkServerInputSchema', () => {
  it('accepts a row with its source, a confirmation and a timeout within 1–60 s', () => {
    const input = { ...row, projectPath: '/repo', source: '/.mcp.json', confirm: true, timeoutMs: 60_000 };

    expect(checkServerInputSchema.parse(input)).toEqual(input);
    expect(checkServerInputSchema.parse({ ...row, timeoutMs: 1_000 })).toEqual({ ...row, timeoutMs: 1_000 });
  });

  it.each([
    ['no scope', { name: 'files' }, ['scope: scope must be one of user, local, project']],
    ['a timeout under 1 s', { ...row, timeoutMs: 999 }, ['timeoutMs: timeoutMs must be at least 1000']],
    ['a timeout over 60 s', { ...row, timeoutMs: 60_001 }, ['timeoutMs: timeoutMs must be at most 60000']],
    [
      'a fractional timeout',
      { ...row, timeoutMs: 1500.5 },
      ['timeoutMs: timeoutMs must be a whole number of milliseconds'],
    ],
    [
      'a confirm that is not a boolean',
      { ...row, confirm: 'yes' },
      ['confirm: confirm must be true or false'],
    ],
    ['a relative source', { ...row, source: '.mcp.json' }, ['source: source must be an absolute path']],
    ['an unknown field', { ...row, force: true }, [': unknown field force']],
  ])('refuses %s', (_label, input, issues) => {
    expect(issuesOf(checkServerInputSchema, input)).toEqual(issues);
  });
});

describe('checkAllInputSchema', () => {
  it('accepts nothing or a project path, and refuses other fields', () => {
    expect(checkAllInputSchema.parse(undefined)).toBeUndefined();
    expect(checkAllInputSchema.parse({ projectPath: '/repo' })).toEqual({ projectPath: '/repo' });
    expect(issuesOf(checkAllInputSchema, { projectPath: '/repo', timeoutMs: 1_000 })).toEqual([
      ': unknown field timeoutMs',
    ]);
  });
});
