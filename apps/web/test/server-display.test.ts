import { describe, expect, it } from 'vitest';
import { sourceLabel, statusNotes, targetText } from '../src/servers/server-display';

describe('targetText', () => {
  it('shows a command line, quoting only the words that need it', () => {
    expect(
      targetText({
        name: 's',
        scope: 'user',
        transport: 'stdio',
        command: 'node',
        args: ['-v', 'two words', '', 'say "hi"'],
      }),
    ).toBe('node -v "two words" "" "say \\"hi\\""');
  });

  it('shows the URL of a remote server, and a dash for an entry with neither', () => {
    expect(targetText({ name: 's', scope: 'user', transport: 'sse', url: 'http://x/sse' })).toBe(
      'http://x/sse',
    );
    expect(targetText({ name: 's', scope: 'user', transport: 'unknown' })).toBe('—');
  });
});

describe('sourceLabel', () => {
  it("shortens the project's own .mcp.json and keeps a parent's absolute", () => {
    expect(sourceLabel('/work/app/.mcp.json', '/work/app')).toBe('.mcp.json');
    expect(sourceLabel('/work/.mcp.json', '/work/app')).toBe('/work/.mcp.json');
    expect(sourceLabel('/work/application/.mcp.json', '/work/app')).toBe('/work/application/.mcp.json');
  });
});

describe('statusNotes', () => {
  it('lists approval and shadowing', () => {
    expect(
      statusNotes({
        name: 's',
        scope: 'project',
        transport: 'http',
        approval: 'pending',
        shadowedBy: 'local',
      }),
    ).toEqual([
      { text: 'Pending approval', tone: 'warn' },
      { text: 'Shadowed by Local scope', tone: 'muted' },
    ]);
    expect(statusNotes({ name: 's', scope: 'user', transport: 'stdio', command: 'x' })).toEqual([]);
  });
});
