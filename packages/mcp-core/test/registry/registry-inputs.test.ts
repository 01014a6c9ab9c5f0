/** The inputs of mcp.registrySearch and mcp.registryServer, refused before any request is made. */
import { describe, expect, it } from 'vitest';

import { describeIssues, registrySearchInputSchema, registryServerInputSchema } from '../../src/schemas';

const refusal = (result: { success: boolean; error?: Parameters<typeof describeIssues>[0] | undefined }) =>
  result.error === undefined ? 'accepted' : describeIssues(result.error);

describe('registry inputs', () => {
  it('takes a query with an optional cursor and nothing else', () => {
    expect(registrySearchInputSchema.parse({ query: 'weather', cursor: 'abc' })).toEqual({
      query: 'weather',
      cursor: 'abc',
    });
    expect(refusal(registrySearchInputSchema.safeParse({ query: 'x', limit: 1000 }))).toContain(
      'unknown field',
    );
    expect(refusal(registrySearchInputSchema.safeParse({ query: 'x'.repeat(201) }))).toContain(
      'query must be at most 200 characters',
    );
  });

  it('takes only a registry name, and a version without slashes, so neither can leave the registry path', () => {
    expect(registryServerInputSchema.parse({ name: 'io.github.example/weather', version: '1.2.0' })).toEqual({
      name: 'io.github.example/weather',
      version: '1.2.0',
    });
    expect(refusal(registryServerInputSchema.safeParse({ name: '../../admin' }))).toContain(
      'name must be a registry name like io.github.owner/server',
    );
    expect(refusal(registryServerInputSchema.safeParse({ name: 'a.b/c', version: '../latest' }))).toContain(
      'version may only contain letters, digits and .+_-',
    );
  });

  it('takes values as a map of strings, a __proto__ key kept as a key', () => {
    const parsed = registryServerInputSchema.parse(
      JSON.parse('{"name":"a.b/c","values":{"__proto__":"x","tenant":"acme"}}') as unknown,
    );
    expect(Object.keys(parsed.values ?? {})).toEqual(['__proto__', 'tenant']);
    expect(refusal(registryServerInputSchema.safeParse({ name: 'a.b/c', values: { tenant: 3 } }))).toContain(
      'input value must be a string',
    );
  });
});
