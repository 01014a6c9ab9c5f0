import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveClaudeBin } from '../../src/cli/binary';

const bundledClaude = createRequire(
  createRequire(import.meta.url).resolve('@anthropic-ai/claude-code/package.json'),
).resolve(`@anthropic-ai/claude-code-${process.platform}-${process.arch}/claude`);

// The shim pnpm links for the pinned package, i.e. what a pnpm script finds on its PATH.
const packageBinDir = join(dirname(import.meta.dirname), 'node_modules', '.bin');

describe('resolveClaudeBin', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-admin-bin-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  function fakeClaude(subdir: string, mode: number): string {
    mkdirSync(join(dir, subdir), { recursive: true });
    const path = join(dir, subdir, 'claude');
    writeFileSync(path, '#!/bin/sh\necho fake\n');
    chmodSync(path, mode);
    return path;
  }

  it('takes the configured CLAUDE_BIN as given, before anything on PATH', () => {
    fakeClaude('on-path', 0o755);
    const path = join(dir, 'on-path');
    expect(resolveClaudeBin({ configured: '/opt/claude/bin/claude', path })).toBe('/opt/claude/bin/claude');
    expect(resolveClaudeBin({ configured: 'claude-beta', path })).toBe('claude-beta');
  });

  it('finds the first executable claude on PATH, passing over one that is not executable', () => {
    fakeClaude('not-executable', 0o644);
    const executable = fakeClaude('executable', 0o755);
    const path = [join(dir, 'missing'), join(dir, 'not-executable'), join(dir, 'executable')].join(delimiter);
    expect(resolveClaudeBin({ path })).toBe(executable);
  });

  it('falls back to the bundled native binary when PATH has no claude', () => {
    expect(resolveClaudeBin({ path: dir })).toBe(bundledClaude);
  });

  it('passes over the node_modules/.bin shim that pnpm scripts put on PATH', () => {
    expect(resolveClaudeBin({ path: [packageBinDir, dir].join(delimiter) })).toBe(bundledClaude);
  });

  // Whatever it finds (a claude installed on this machine wins over the bundled one), it runs.
  it('resolves, under the PATH of this pnpm-run test, to a CLI that runs', () => {
    const bin = resolveClaudeBin({ path: process.env.PATH ?? '' });
    expect(execFileSync(bin, ['--version'], { encoding: 'utf8' })).toMatch(
      /^\d+\.\d+\.\d+ \(Claude Code\)\n$/,
    );
  });
});
