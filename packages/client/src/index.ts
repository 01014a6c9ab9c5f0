/**
 * The typed client for MCP Admin's API: every procedure, input and output checked against the
 * API's router at compile time, with nothing of the API bundled (types only).
 */
import type { AppRouter } from '@mcp-admin/api';
import type { TRPCClient } from '@trpc/client';
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { EventSource } from 'eventsource';

export type { AppRouter, RouterInputs, RouterOutputs } from '@mcp-admin/api';

export interface McpAdminClientOptions {
  /** The server's address, e.g. `http://127.0.0.1:7420` (the start line without `/?token=…`). */
  url: string;
  /** The token from the start line or `MCP_ADMIN_TOKEN`. */
  token: string;
}

// Named, not inferred: the published declarations then say `TRPCClient<AppRouter>` instead of
// spelling out the whole client type with paths into this workspace.
export function createMcpAdminClient({ url, token }: McpAdminClientOptions): TRPCClient<AppRouter> {
  const trpcUrl = `${url.replace(/\/+$/, '')}/trpc`;
  const authorization = `Bearer ${token}`;
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        // `mcp.events` is server-sent events. Node 20 has no EventSource, and a browser's cannot
        // send headers, so this one carries the token through its fetch.
        true: httpSubscriptionLink({
          url: trpcUrl,
          EventSource,
          eventSourceOptions: {
            fetch: (input, init) => fetch(input, { ...init, headers: { ...init.headers, authorization } }),
          },
        }),
        false: httpBatchLink({ url: trpcUrl, headers: { authorization } }),
      }),
    ],
  });
}

export type McpAdminClient = TRPCClient<AppRouter>;
