/**
 * The typed client for MCP Admin's API: every procedure, input and output checked against the
 * server's router at compile time, with nothing of the server bundled (types only).
 */
import type { AppRouter } from '@mcp-admin/server';
import { createTRPCClient, httpBatchLink } from '@trpc/client';

export type { AppRouter, RouterInputs, RouterOutputs } from '@mcp-admin/server';

export interface McpAdminClientOptions {
  /** The server's address, e.g. `http://127.0.0.1:7420` (the start line without `/?token=…`). */
  url: string;
  /** The token from the start line or `MCP_ADMIN_TOKEN`. */
  token: string;
}

export function createMcpAdminClient({ url, token }: McpAdminClientOptions) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${url.replace(/\/+$/, '')}/trpc`,
        headers: { authorization: `Bearer ${token}` },
      }),
    ],
  });
}

export type McpAdminClient = ReturnType<typeof createMcpAdminClient>;
