/**
 * The environment a test's own `claude -p` session adds, with its dummy API key: the API at a
 * closed loopback port. This machine is offline either way; with Anthropic's host a
 * session first retries the unreachable API (remote managed settings) for about 20 s before its
 * `system`/`init` message, here it fails at once (same tools, servers and rules; issue 27).
 * Interactive sessions keep Anthropic's host: with this one, running-sessions-cli failed once (the
 * session file had no `status` yet when read), not looked into.
 */
export const UNREACHABLE_API_ENV = { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' } as const;
