/**
 * Claude Code's own figure for each MCP tool's cost, offline: a real `claude -p` session in the
 * world driven through its control protocol (stream-json on stdin and stdout), asked `mcp_status`
 * until `server` is connected, then `get_context_usage` with `detail: 'summary'` (its local
 * count, no API call). Its `mcpTools[]` holds `{ name: "mcp__<server>__<tool>", tokens }`.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { PINNED_CLAUDE_BIN, type TestWorld, UNREACHABLE_API_ENV } from '@mcp-admin/core/testing';

export interface ContextUsageTool {
  name: string;
  serverName: string;
  tokens: number;
}

export async function claudeCodeToolTokens(
  world: TestWorld,
  server: string,
  timeoutMs = 90_000,
): Promise<ContextUsageTool[]> {
  const child = spawn(
    PINNED_CLAUDE_BIN,
    ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'],
    {
      cwd: world.projectDir,
      env: {
        ...process.env,
        HOME: world.configDir,
        CLAUDE_CONFIG_DIR: world.configDir,
        ANTHROPIC_API_KEY: 'sk-ant-dummy-for-tests',
        ...UNREACHABLE_API_ENV,
      },
      detached: true,
      stdio: ['pipe', 'pipe', 'ignore'],
    },
  );
  const send = (id: string, request: Record<string, unknown>) => {
    child.stdin.write(`${JSON.stringify({ type: 'control_request', request_id: id, request })}\n`);
  };
  try {
    return await new Promise<ContextUsageTool[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`claude -p gave no context usage within ${timeoutMs} ms`));
      }, timeoutMs);
      child.once('exit', (code) => {
        reject(new Error(`claude -p exited (${String(code)}) before it answered`));
      });
      createInterface({ input: child.stdout }).on('line', (line) => {
        try {
          const message = JSON.parse(line) as {
            type?: string;
            response?: { request_id?: string; response?: Record<string, unknown> };
          };
          if (message.type !== 'control_response') return;
          const { request_id: id, response } = message.response ?? {};
          if (id === 'status') {
            const connected = (response?.mcpServers as { name: string; status: string }[] | undefined)?.some(
              (entry) => entry.name === server && entry.status === 'connected',
            );
            if (connected === true) {
              send('usage', { subtype: 'get_context_usage', detail: 'summary' });
            } else {
              setTimeout(() => {
                send('status', { subtype: 'mcp_status' });
              }, 250);
            }
          }
          if (id === 'usage') {
            clearTimeout(timer);
            resolve(response?.mcpTools as ContextUsageTool[]);
          }
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      send('status', { subtype: 'mcp_status' });
    });
  } finally {
    try {
      process.kill(-(child.pid ?? 0), 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}
