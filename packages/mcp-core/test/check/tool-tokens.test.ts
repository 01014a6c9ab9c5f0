/**
 * The offline estimate of a tool definition's cost (check/tool-tokens.ts): one token per 3
 * characters of the JSON Claude Code sends for it. Expected values are worked out by hand from
 * that JSON's length, so a change of the rule or of the JSON shows here.
 */
import { describe, expect, it } from 'vitest';
import { sessionToolName, toolDefinitionTokens, totalTokens } from '../../src/check';

describe('toolDefinitionTokens', () => {
  it('counts a one-line tool as 29 tokens: its 85-character JSON {"name":"mcp__fx__alpha",…} over 3', () => {
    expect(
      toolDefinitionTokens('fx', {
        name: 'alpha',
        description: 'Tool alpha',
        inputSchema: { type: 'object' },
      }),
    ).toBe(29);
  });

  it('counts a tool with a described input schema as 96 tokens (287 characters of JSON)', () => {
    const readFile = {
      name: 'read_file',
      description: 'Read a file from the workspace and return its text.',
      inputSchema: {
        type: 'object',
        properties: {
          path: { type: 'string', description: 'Path relative to the workspace root' },
          maxBytes: { type: 'integer', minimum: 1 },
        },
        required: ['path'],
      },
    };
    expect(toolDefinitionTokens('files', readFile)).toBe(96);
  });

  it('counts a tool without description or schema as Claude Code sends it: empty description, {"type":"object"} (30 tokens)', () => {
    expect(toolDefinitionTokens('plugin:docs:search', { name: 'find' })).toBe(30);
  });

  it('grows with the description: 300 more characters cost 100 more tokens', () => {
    const short = toolDefinitionTokens('fx', { name: 't', description: 'x' });
    const long = toolDefinitionTokens('fx', { name: 't', description: `x${'y'.repeat(300)}` });
    expect(long - short).toBe(100);
  });
});

describe('sessionToolName', () => {
  it('names the tool mcp__<server>__<tool>, every character but letters, digits, "_" and "-" as "_"', () => {
    expect(sessionToolName('plugin:docs:search', 'find.all')).toBe('mcp__plugin_docs_search__find_all');
  });
});

describe('totalTokens', () => {
  it('adds the tools’ tokens, 0 for none', () => {
    expect(totalTokens([{ tokens: 29 }, { tokens: 96 }])).toBe(125);
    expect(totalTokens([])).toBe(0);
  });
});
