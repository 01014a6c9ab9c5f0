/**
 * Stand-ins for the Claude CLI that the API's and the server's tests share (scripts in
 * test/fixtures); each hands the call on to the real CLI, so Claude Code stays the oracle.
 */
import { fileURLToPath } from 'node:url';

/**
 * A CLAUDE_BIN that appends its argv to $CLI_LOG, waits for $GATE_FILE when set, then runs
 * $REAL_CLAUDE_BIN: it proves what was spawned and can hold a call in flight.
 */
export const ARGV_LOGGING_CLAUDE = fileURLToPath(
  new URL('../../test/fixtures/argv-logging-claude.sh', import.meta.url),
);
