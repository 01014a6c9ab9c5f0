import { describe, expect, it } from 'vitest';
import { applyReach, type PreviewStep } from '../src/profiles/profile-preview';

const step = (scope: PreviewStep['scope'], move: PreviewStep['move'], elsewhere?: string): PreviewStep => ({
  name: 'x',
  scope,
  want: move === 'on',
  move,
  ...(elsewhere === undefined ? {} : { elsewhere }),
});

describe('applyReach', () => {
  it('says every project when a user server switches, this project when only local or project ones do', () => {
    expect(applyReach([step('user', 'off'), step('local', 'on')])).toBe('in every project');
    expect(applyReach([step('user', 'unchanged'), step('local', 'on')])).toBe('in this project');
    expect(applyReach([step('project', 'off')])).toBe('in this project');
    expect(applyReach([step('local', 'on', '/w/other')])).toBe('in this and other projects');
  });
});
