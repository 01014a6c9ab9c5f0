/**
 * Runs before every test file: no test may ever see the user's real `~/.claude.json`.
 * HOME and CLAUDE_CONFIG_DIR point at a throwaway directory for the whole file, so even
 * code that falls back to the home directory lands there.
 */
import { assertThrowawayConfigDir } from '@mcp-admin/core/testing/throwaway-guard';
import { appendFileSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, inject } from 'vitest';

// In the run's folder (vitest.global-setup.ts), which goes at the end even if this file's hooks never run;
// so does what a worker keeps for the whole run (createTestWorld's empty repository).
const sandbox = realpathSync(mkdtempSync(join(inject('testRunDir'), 'home-')));
process.env.MCP_ADMIN_TEST_RUN_DIR = inject('testRunDir');
process.env.HOME = sandbox;
process.env.CLAUDE_CONFIG_DIR = sandbox;
assertThrowawayConfigDir(sandbox);

// Counting CLI spawns per file (issue 27): which file this worker runs, from when.
const spawnFileLog = process.env.MCP_ADMIN_TEST_SPAWN_FILE_LOG;
if (spawnFileLog)
  appendFileSync(spawnFileLog, `${process.pid}|${Date.now()}|${expect.getState().testPath}\n`);

afterAll(() => {
  rmSync(sandbox, { recursive: true, force: true });
});
