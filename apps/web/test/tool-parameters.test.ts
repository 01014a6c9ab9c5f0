import { describe, expect, it } from 'vitest';
import { toolParameters } from '../src/check/tool-parameters';

describe('toolParameters', () => {
  it('lists each property of the schema with its type in words and whether it is required', () => {
    const schema = {
      type: 'object',
      properties: {
        path: { type: 'string' },
        depth: { type: ['integer', 'null'] },
        tags: { type: 'array', items: { type: 'string' } },
        mode: { anyOf: [{ type: 'string' }, { type: 'boolean' }] },
        level: { enum: ['a', 'b'] },
        free: {},
      },
      required: ['path', 'level'],
    };

    expect(toolParameters(schema)).toEqual([
      { name: 'path', type: 'string', required: true },
      { name: 'depth', type: 'integer | null', required: false },
      { name: 'tags', type: 'array of string', required: false },
      { name: 'mode', type: 'string | boolean', required: false },
      { name: 'level', type: 'enum', required: true },
      { name: 'free', type: 'any', required: false },
    ]);
  });

  it('has none for a schema without properties, or none at all', () => {
    expect(toolParameters({ type: 'object' })).toEqual([]);
    expect(toolParameters(undefined)).toEqual([]);
    expect(toolParameters({ type: 'object', properties: ['not', 'a', 'map'] })).toEqual([]);
  });
});
