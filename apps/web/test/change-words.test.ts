import { describe, expect, it } from 'vitest';
import { describeChange } from '../src/toast/change-words';

describe('the message after a change', () => {
  it('offers Undo of exactly the record its answer names (changeId), and none when the answer names none', () => {
    const input = { name: 'docs', projectPath: '/work/p' };
    expect(
      describeChange('mcp.disableInProject', input, { ok: true, message: 'Off.', changeId: 'c-1' })?.undo,
    ).toEqual({ changeId: 'c-1' });
    // A toggle that changed nothing answers no changeId: no Undo, which would undo an older change.
    expect(describeChange('mcp.disableInProject', input, { ok: true, message: 'Already off.' })).toEqual({
      text: 'Turned off docs in this project only.',
    });
    expect(
      describeChange(
        'mcp.setPermission',
        { server: 'docs', kind: 'deny' },
        { ok: true, message: 'Already.' },
      ),
    ).toEqual({ text: 'Already.' });
  });

  it('after an add whose answer names missingEnv, says which variables it waits for instead of a plain "Added"', () => {
    const input = { name: 'weather', scope: 'user' };
    expect(describeChange('mcp.add', input, { ok: true, message: 'Added.', changeId: 'c-2' })?.text).toBe(
      'Added weather (User).',
    );
    expect(
      describeChange('mcp.add', input, { ok: true, message: 'Added.', missingEnv: ['OWM_API_KEY'] })?.text,
    ).toBe(
      'Added weather (User), but it cannot start until OWM_API_KEY is set in the environment Claude Code starts from: set it, then restart Claude Code.',
    );
    expect(
      describeChange('mcp.add', input, { ok: true, message: 'Added.', missingEnv: ['A', 'B'] })?.text,
    ).toBe(
      'Added weather (User), but it cannot start until A, B are set in the environment Claude Code starts from: set them, then restart Claude Code.',
    );
  });
});
