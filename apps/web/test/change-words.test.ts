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
});
