import { describe, expect, it } from 'vitest';
import type { WritableServer } from '../src/rows';
import { lastingSwitchWords, projectSwitchWords } from '../src/servers/switch-words';

function server(fields: Partial<WritableServer>): WritableServer {
  return {
    name: 's',
    scope: 'user',
    transport: 'http',
    status: 'active',
    statusReason: 'Because.',
    ...fields,
  };
}

describe('the words beside a row’s switches', () => {
  it('say a user server’s lasting switch acts everywhere, and that turning a signed-in one off signs you out', () => {
    expect(lastingSwitchWords(server({}), true)).toBe('On everywhere');
    expect(lastingSwitchWords(server({ auth: 'signed-in' }), true)).toBe(
      'On everywhere (off everywhere signs you out of it)',
    );
    expect(lastingSwitchWords(server({ auth: 'signed-in' }), false)).toBe('Off everywhere');
    expect(lastingSwitchWords(server({ scope: 'local' }), false)).toBe('Off');
  });

  it('say the per-project switch is Claude Code’s /mcp, for this project only', () => {
    expect(projectSwitchWords(true)).toBe('On in this project');
    expect(projectSwitchWords(false)).toBe("Off in this project only (Claude Code's /mcp)");
  });
});
