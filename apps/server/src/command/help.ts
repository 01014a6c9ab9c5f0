/**
 * `mcp-admin --help` (and `pnpm start --help`): every setting a person can give the server.
 * Its variables are those settings.ts reads; docs/api.md#server-settings explains each at length.
 */
import { MINIMUM_CLAUDE_VERSION } from '@mcp-admin/core';

export const HELP = `Usage: mcp-admin [--help] [--version]

Starts MCP Admin, a local web panel and API for Claude Code's MCP servers, against your
Claude Code config, and prints one line:
  MCP Admin listening on http://HOST:PORT/?token=TOKEN
Open it in a browser. Stop with Ctrl-C. It needs Claude Code ${MINIMUM_CLAUDE_VERSION} or newer
(npm install -g @anthropic-ai/claude-code) and does not start without it.

Settings (environment variables):
  CLAUDE_CONFIG_DIR         where .claude.json is (default: your home directory);
                            passed to every Claude CLI call
  CLAUDE_BIN                the Claude CLI to drive (default: \`claude\` on PATH)
  MCP_ADMIN_HOST            bind address (default: 127.0.0.1); a non-loopback address
                            needs MCP_ADMIN_TOKEN
  MCP_ADMIN_PORT            port (default: 7420; 0 = any free port)
  MCP_ADMIN_TOKEN           bearer token of every API call (default: random per start)
  MCP_ADMIN_PROJECT         default project of local and project scope (default: the
                            directory you started it from: INIT_CWD under npm/pnpm, else cwd)
  MCP_ADMIN_CLI_TIMEOUT_MS  a CLI call past this is killed with its process group
                            (default: 30000)
  MCP_ADMIN_MANAGED_DIR     where managed-mcp.json and managed-settings.json are
                            (default: Claude Code's managed folder of this OS; for tests)
  MCP_ADMIN_REGISTRY_URL    the MCP registry that Discover searches
                            (default: https://registry.modelcontextprotocol.io)

Options:
  -h, --help                print this and exit
  -v, --version             print MCP Admin's version and exit
`;
