/**
 * The environment a test's own Claude Code session adds, with its dummy API key: the API at a
 * closed loopback port. This machine is offline either way; with Anthropic's host a
 * session first retries the unreachable API (remote managed settings) for about 20 s before its
 * `system`/`init` message (an interactive one: 6 s before its session file, 18 s before that file
 * has a status), here it fails at once (same tools, servers and rules; issue 27).
 */
export const UNREACHABLE_API_ENV = { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' } as const;
