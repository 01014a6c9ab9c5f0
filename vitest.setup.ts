/**
 * Runs before every test file: no test may ever see the user's real `~/.claude.json`.
 * HOME and CLAUDE_CONFIG_DIR point at a throwaway directory for the whole worker, so even
 * code that falls back to the home directory lands there.
 */
import { assertThrowawayConfigDir } from '@mcp-admin/core/testing';
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const sandbox = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-admin-test-home-')));
process.env.HOME = sandbox;
process.env.CLAUDE_CONFIG_DIR = sandbox;
assertThrowawayConfigDir(sandbox);
