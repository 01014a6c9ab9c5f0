/** Issue 44: which Claude CLI `mcp-admin` starts with, from what `system.info` found. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { MINIMUM_CLAUDE_VERSION, unfitClaudeCli } from '../../src/cli';

const pinned = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    devDependencies: Record<string, string>;
  }
).devDependencies['@anthropic-ai/claude-code'];

const parts = (version: string) => version.split('.').map(Number);

describe('unfitClaudeCli', () => {
  it('the minimum is no newer than the pinned CLI the facts are proven on, which passes it', () => {
    const [major = 0, minor = 0, patch = 0] = parts(pinned ?? '');
    const [minMajor = 0, minMinor = 0, minPatch = 0] = parts(MINIMUM_CLAUDE_VERSION);
    expect(major * 1e8 + minor * 1e4 + patch).toBeGreaterThanOrEqual(
      minMajor * 1e8 + minMinor * 1e4 + minPatch,
    );
    expect(unfitClaudeCli({ path: '/bin/claude', version: `${pinned ?? ''} (Claude Code)` })).toBeUndefined();
  });

  it.each([
    '2.1.332 (Claude Code)',
    '2.1.400 (Claude Code)',
    '2.2.0 (Claude Code)',
    '3.0.0',
    '10.0.0-beta.1',
  ])('lets %s through', (version) => {
    expect(unfitClaudeCli({ path: '/usr/local/bin/claude', version })).toBeUndefined();
  });

  it.each(['2.1.331 (Claude Code)', '2.0.999 (Claude Code)', '1.9.400', '0.2.9'])(
    'refuses %s as too old, saying what to install',
    (version) => {
      const [number] = version.split(' ');
      expect(unfitClaudeCli({ path: '/usr/local/bin/claude', version })).toBe(
        `MCP Admin needs Claude Code 2.1.332 or newer; /usr/local/bin/claude is ${number ?? ''}. Update it with \`npm install -g @anthropic-ai/claude-code\`, or set CLAUDE_BIN to a newer one.`,
      );
    },
  );

  it('refuses a CLI that cannot be run, with its error and what to install', () => {
    expect(unfitClaudeCli({ error: 'Cannot run the Claude CLI at "claude" (ENOENT).' })).toBe(
      'MCP Admin needs Claude Code 2.1.332 or newer, and none could be run: Cannot run the Claude CLI at "claude" (ENOENT). To install it: `npm install -g @anthropic-ai/claude-code`.',
    );
  });

  it.each(['', 'claude', 'v2.1.400', 'Claude Code 2.1.400', '2.1'])(
    'refuses an answer to --version that is no version: %j',
    (version) => {
      expect(unfitClaudeCli({ path: '/opt/claude', version })).toContain(
        `/opt/claude answered --version with ${JSON.stringify(version)}, not a version. Install it with \`npm install -g @anthropic-ai/claude-code\``,
      );
    },
  );
});
