/** How long a check waits by default: Claude Code's connection timeout, from the user's MCP_TIMEOUT. */
import { describe, expect, it } from 'vitest';
import { connectTimeoutMs } from '../../src/check/connect-timeout';

describe('connectTimeoutMs', () => {
  it('is 30 s without MCP_TIMEOUT, as Claude Code waits', () => {
    expect(connectTimeoutMs({})).toBe(30_000);
  });

  it('is MCP_TIMEOUT milliseconds when that is a positive whole number', () => {
    expect(connectTimeoutMs({ MCP_TIMEOUT: '1500' })).toBe(1_500);
    expect(connectTimeoutMs({ MCP_TIMEOUT: ' 45000 ' })).toBe(45_000);
  });

  it('is 30 s for an MCP_TIMEOUT that is not a positive number, as Claude Code counts it (abc and 0 measured)', () => {
    for (const MCP_TIMEOUT of ['abc', '0', '', '-5', '1.5e3'])
      expect(connectTimeoutMs({ MCP_TIMEOUT })).toBe(30_000);
  });

  it('waits at most 10 minutes, whatever MCP_TIMEOUT says', () => {
    expect(connectTimeoutMs({ MCP_TIMEOUT: '99999999999' })).toBe(600_000);
  });

  it("takes the user settings' env.MCP_TIMEOUT before the environment's, as Claude Code does", () => {
    expect(connectTimeoutMs({ MCP_TIMEOUT: '20000' }, { env: { MCP_TIMEOUT: '3000' } })).toBe(3_000);
    expect(connectTimeoutMs({}, { env: { MCP_TIMEOUT: '45000' } })).toBe(45_000);
    // Settings without a string MCP_TIMEOUT leave the environment's.
    for (const settings of [undefined, null, [], { env: 'x' }, { env: {} }, { env: { MCP_TIMEOUT: 3000 } }])
      expect(connectTimeoutMs({ MCP_TIMEOUT: '1500' }, settings)).toBe(1_500);
  });
});
