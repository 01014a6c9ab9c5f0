/**
 * The tools a real `claude -p` session gets in a project: the `tools` of the `system`/`init`
 * message it prints first with `--output-format stream-json --verbose` (offline, with a dummy API
 * key, it connects to the MCP servers before it fails to reach the API). The session is stopped,
 * with its whole process group, as soon as that message is read.
 */
import { spawn } from 'node:child_process';
import { PINNED_CLAUDE_BIN, type TestWorld, UNREACHABLE_API_ENV } from '@mcp-admin/core/testing';

/** More than an init message ever holds: past it the session's output is not read on. */
const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

export interface SessionStart {
  tools: string[];
  /** Each MCP server's name and status (`connected`, `failed`, `pending`, …). */
  mcpServers: { name: string; status: string; source?: string }[];
}

/**
 * `whileRunning` runs once the init message is read, before the session and its servers are
 * stopped (what the running processes show can be looked at then).
 */
export async function sessionStart(
  world: TestWorld,
  cwd: string,
  timeoutMs = 90_000,
  whileRunning: () => void = () => undefined,
): Promise<SessionStart> {
  const child = spawn(PINNED_CLAUDE_BIN, ['-p', 'hi', '--output-format', 'stream-json', '--verbose'], {
    cwd,
    env: {
      ...process.env,
      HOME: world.configDir,
      CLAUDE_CONFIG_DIR: world.configDir,
      ANTHROPIC_API_KEY: 'sk-ant-dummy-for-tests',
      ...UNREACHABLE_API_ENV,
      // How long Claude Code waits for a server to start: a busy test machine can be slow.
      MCP_TIMEOUT: '60000',
      // Connect before the init message, as the CLI's own confined runs do: by default (2.1.332) a
      // session may print it with a slow server still `pending`, which says nothing of its tools.
      MCP_CONNECTION_NONBLOCKING: '0',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  try {
    return await new Promise<SessionStart>((resolve, reject) => {
      let text = '';
      const timer = setTimeout(() => {
        reject(new Error(`claude -p printed no system/init message within ${timeoutMs} ms`));
      }, timeoutMs);
      child.on('error', reject);
      child.on('exit', (code) => {
        reject(new Error(`claude -p exited (${String(code)}) before its system/init message`));
      });
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        text += chunk;
        if (text.length > MAX_OUTPUT_BYTES) reject(new Error('claude -p printed no system/init message'));
        for (const line of text.split('\n').slice(0, -1)) {
          const message = parsed(line);
          if (message?.type === 'system' && message.subtype === 'init') {
            clearTimeout(timer);
            whileRunning();
            resolve({
              tools: (message.tools ?? []).filter((tool) => typeof tool === 'string'),
              mcpServers: (message.mcp_servers ?? []) as SessionStart['mcpServers'],
            });
          }
        }
      });
    });
  } finally {
    try {
      process.kill(-(child.pid ?? 0), 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}

interface StreamMessage {
  type?: unknown;
  subtype?: unknown;
  tools?: unknown[];
  mcp_servers?: unknown[];
}

function parsed(line: string): StreamMessage | undefined {
  try {
    return JSON.parse(line) as StreamMessage;
  } catch {
    return undefined;
  }
}
