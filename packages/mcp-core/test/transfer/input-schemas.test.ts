import { describe, expect, it } from 'vitest';
import {
  describeIssues,
  exportInputSchema,
  IMPORT_LIMITS,
  importInputSchema,
  importSourceInputSchema,
} from '../../src/schemas';

function problems(
  schema: { safeParse(input: unknown): { error?: Parameters<typeof describeIssues>[0] } },
  input: unknown,
) {
  const { error } = schema.safeParse(input);
  return error === undefined ? undefined : describeIssues(error);
}

describe('the inputs of import and export', () => {
  it('take a document of up to 1,000,000 characters, just under the 1 MiB body limit, line breaks included', () => {
    const json = `{\n${' '.repeat(IMPORT_LIMITS.json - 3)}}`;
    expect(problems(importInputSchema, { json, scope: 'user' })).toBeUndefined();
    expect(problems(importInputSchema, { json: `${json} `, scope: 'user' })).toBe(
      'json: json may be at most 1000000 characters',
    );
  });

  it('take `only` as at most 200 names the document may write, valid or not', () => {
    const names = Array.from({ length: 200 }, (_, i) => `s${i}`);
    expect(problems(importInputSchema, { json: '{}', scope: 'user', only: names })).toBeUndefined();
    expect(problems(importInputSchema, { json: '{}', scope: 'user', only: [...names, 'one-more'] })).toBe(
      'only: only may name at most 200 servers',
    );
    // Names as the document writes them, rules broken or not: such a server is renamed on import.
    expect(problems(importInputSchema, { json: '{}', scope: 'user', only: ['-x', 'a b'] })).toBeUndefined();
    expect(problems(importInputSchema, { json: '{}', scope: 'user', only: ['bad\u0007'] })).toBe(
      'only.0: server name may not contain control characters',
    );
  });

  it('refuse a missing scope, a non-boolean dryRun and an unknown field', () => {
    expect(problems(importInputSchema, { json: '{}', dryRun: 'yes', force: true })).toBe(
      'scope: scope must be one of user, local, project; dryRun: dryRun must be true or false; unknown field force',
    );
  });

  it('take an import source by its absolute path only', () => {
    expect(problems(importSourceInputSchema, { path: '/home/me/.mcp.json', reveal: true })).toBeUndefined();
    expect(problems(importSourceInputSchema, { path: 'repo/.mcp.json' })).toBe(
      'path: path must be an absolute path',
    );
    expect(problems(importSourceInputSchema, { path: '/home/me/../etc/.mcp.json' })).toBe(
      'path: path may not contain a ".." segment',
    );
  });

  it('export a scope, revealed or not', () => {
    expect(problems(exportInputSchema, { scope: 'local', projectPath: '/p', reveal: true })).toBeUndefined();
    expect(problems(exportInputSchema, { scope: 'all', reveal: 1 })).toBe(
      'scope: scope must be one of user, local, project; reveal: reveal must be true or false',
    );
  });
});
