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

/**
 * A fake `claude` for tests whose subject is MCP Admin, not Claude Code: add-json, add, remove,
 * reset-project-choices and --version, storing what the pinned CLI stores in about 50 ms.
 * `core/cli/fake-claude-contract.test.ts` holds it to the real CLI.
 */
export const FAKE_CLAUDE = fileURLToPath(new URL('../../test/fixtures/fake-claude.mjs', import.meta.url));
